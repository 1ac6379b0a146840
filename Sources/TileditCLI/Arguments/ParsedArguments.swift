/// A command line split into options (in the order given) and positional
/// arguments, by `ArgumentParser`.
struct ParsedArguments: Sendable, Hashable {
    /// One occurrence of an option.
    struct Occurrence: Sendable, Hashable {
        /// The option's canonical spelling (`--output` for `-o`).
        var name: String
        /// The values that followed it.
        var values: [String]
    }

    /// Options in the order they were given, repeats included.
    var options: [Occurrence] = []
    /// Arguments that are not options or option values, in order.
    var positionals: [String] = []

    /// Whether the option `name` (canonical spelling) was given.
    func has(_ name: String) -> Bool {
        options.contains { $0.name == name }
    }

    /// The value of the last occurrence of a one-value option.
    func value(_ name: String) -> String? {
        options.last { $0.name == name }?.values.first
    }
}
