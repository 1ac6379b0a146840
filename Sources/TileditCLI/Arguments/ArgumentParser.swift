/// A small command-line parser (no outside packages exist here).
///
/// Rules: options may come before, between or after positional arguments;
/// a long option with one value may be written `--name value` or
/// `--name=value`; an option's values are taken as they are, even when they
/// start with `-`; `--` ends the options; a lone `-` is a positional
/// argument.
enum ArgumentParser {
    /// Splits `arguments` (without the command name) by `options`.
    ///
    /// - Throws: `UsageError` for an unknown option, an option missing its
    ///   values, or `=value` given to a flag or to an option with two values.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // Bytes, not characters: `-` or `=` followed by a combining mark
            // is still `-` or `=`.
            if optionsEnded || argument == "-" || argument.utf8.first != 0x2D {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            let bytes = Array(argument.utf8)
            if bytes.starts(with: [0x2D, 0x2D]), let equals = bytes.firstIndex(of: 0x3D) {
                name = String(decoding: bytes[..<equals], as: UTF8.self)
                inlineValue = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            guard let spec = options.first(where: { $0.names.contains { $0.utf8.elementsEqual(name.utf8) } }) else {
                throw UsageError("unknown option `\(name)`")
            }
            var values: [String] = []
            if let inlineValue {
                guard spec.valueNames.count == 1 else {
                    throw UsageError(spec.valueNames.isEmpty
                        ? "`\(spec.name)` takes no value"
                        : "`\(spec.name)` takes \(spec.valueNames.joined(separator: " ")) as separate arguments")
                }
                values = [inlineValue]
            } else {
                guard index + spec.valueNames.count <= arguments.count else {
                    throw UsageError("`\(spec.name)` needs \(spec.valueNames.joined(separator: " "))")
                }
                values = Array(arguments[index..<(index + spec.valueNames.count)])
                index += spec.valueNames.count
            }
            result.options.append(ParsedArguments.Occurrence(name: spec.name, values: values))
        }
        return result
    }
}
