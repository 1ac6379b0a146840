/// One option a command accepts: its spellings and how many values follow it.
struct OptionSpec: Sendable, Hashable {
    /// Spellings, the first one canonical (`["--output", "-o"]`).
    var names: [String]
    /// Names of the values that follow, for messages (`["ID", "KEY=VALUE"]`);
    /// empty for a flag.
    var valueNames: [String]

    init(_ names: String..., values valueNames: [String] = []) {
        self.names = names
        self.valueNames = valueNames
    }

    /// The canonical spelling.
    var name: String { names[0] }

    /// The option with its value names, for messages (`--tile ID KEY=VALUE`).
    var synopsis: String { ([name] + valueNames).joined(separator: " ") }

    /// `-h`, `--help`: every command has it.
    static let help = OptionSpec("--help", "-h")
}
