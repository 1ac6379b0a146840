import TileditModel

/// Reads and writes the settings file's bytes (YAML).
///
/// Reading uses the model's `YAMLParser`. Writing an existing file edits
/// only the bytes of values that changed (a missing key is appended), so
/// unknown keys, comments, order and quoting survive; a new file is a
/// commented default file.
public enum SettingsFile {
    /// Reads settings from `bytes`. Missing keys and empty values take their
    /// defaults; an empty file (or only comments) gives the defaults.
    ///
    /// - Parameter path: the file's path, for error messages.
    /// - Throws: `SettingsError.invalidYAML` (with line and column),
    ///   `.notAMapping`, `.invalidValue` (with the key, line and column),
    ///   `.content` for bytes that are not text.
    public static func decode(_ bytes: [UInt8], path: String) throws -> Settings {
        guard let root = try parseRoot(bytes, path: path) else { return Settings() }
        var settings = Settings()
        for key in Settings.Key.allCases {
            guard let node = root[key.rawValue] else { continue }
            guard let value = try value(of: node, for: key, bytes: bytes, path: path) else { continue }
            settings.set(value, for: key)
        }
        return settings
    }

    /// The bytes to write for `settings`.
    ///
    /// - Parameters:
    ///   - existing: the file's current bytes, or `nil` when there is no file.
    ///   - path: the file's path, for error messages.
    /// - Returns: `existing` with the changed values' bytes replaced and
    ///   missing keys appended (in the file's line ending), or the default
    ///   file for `settings` when `existing` is `nil`.
    /// - Throws: as `decode` when the existing file is not valid YAML or not
    ///   a mapping (it is never overwritten then); a known key holding a
    ///   wrong value is simply replaced.
    public static func encode(_ settings: Settings, updating existing: [UInt8]?, path: String) throws -> [UInt8] {
        guard let existing else { return defaultFile(settings) }
        let lineEnding = LineEnding.detect(in: existing)
        let root = try parseRoot(existing, path: path)
        var edits: [(range: Range<Int>, text: String)] = []
        var appended: [String] = []
        for key in Settings.Key.allCases {
            let wanted = settings.value(for: key)
            let pair = root?.pairs?.first { $0.key.scalar?.value == key.rawValue }
            // What the file says now: an absent or empty value is the
            // default; a wrong value is `nil`, so it is replaced.
            var current: SettingValue? = Settings().value(for: key)
            if let pair {
                do {
                    current = try value(of: pair.value, for: key, bytes: existing, path: path) ?? current
                } catch {
                    current = nil
                }
            }
            if current == wanted { continue }
            if let pair {
                edits.append(replacement(for: pair, with: wanted, in: existing, lineEnding: lineEnding))
            } else {
                appended.append("\(key.rawValue): \(wanted.flowText)")
            }
        }
        var bytes = existing
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        if !appended.isEmpty {
            if let root, root.collectionStyle == .flow, let close = bytes[..<root.range.upperBound].lastIndex(of: UInt8(ascii: "}")) {
                // `{a: 1}`: new keys go inside the braces.
                let separator = root.pairs?.isEmpty == false ? ", " : ""
                bytes.insert(contentsOf: Array((separator + appended.joined(separator: ", ")).utf8), at: close)
            } else {
                if let last = bytes.last, last != 0x0A { bytes += lineEnding.bytes }
                for line in appended { bytes += Array(line.utf8) + lineEnding.bytes }
            }
        }
        return bytes
    }

    /// A new settings file holding `settings`, each key with a comment.
    public static func defaultFile(_ settings: Settings) -> [UInt8] {
        let text = """
        # Tiledit settings (YAML). Tiledit keeps your comments and other keys when it saves.

        # Format a document to canonical form when it is saved (true or false).
        formatOnSave: \(settings.value(for: .formatOnSave).flowText)

        # Seconds between automatic saves; 0 turns autosave off.
        autosaveInterval: \(settings.value(for: .autosaveInterval).flowText)

        # Colors: auto (follow the terminal), dark or light.
        theme: \(settings.value(for: .theme).flowText)

        # The terminal editor takes clicks and the wheel (true or false; false
        # leaves the mouse to the terminal, for its own selection).
        mouse: \(settings.value(for: .mouse).flowText)

        # Tile types listed first in the insert catalog, in this order; the others follow.
        catalogOrder: \(settings.value(for: .catalogOrder).flowText)

        """
        return Array(text.utf8)
    }

    // MARK: Reading

    private static func parseRoot(_ bytes: [UInt8], path: String) throws -> YAMLNode? {
        if let problem = ContentCheck.problem(in: bytes) { throw SettingsError.content(path: path, problem) }
        let result = YAMLParser.parse(bytes)
        if let error = result.error {
            let location = ContentCheck.location(of: Swift.min(error.offset, bytes.count), in: bytes)
            throw SettingsError.invalidYAML(path: path, line: location.line, column: location.column, reason: error.message)
        }
        guard let root = result.documents.first?.root else { return nil }
        if let scalar = root.scalar, scalar.isEmptyPlain { return nil }
        guard root.pairs != nil else { throw SettingsError.notAMapping(path: path) }
        return root
    }

    /// The value of `node` for `key`; `nil` for an empty value (the default).
    private static func value(of node: YAMLNode, for key: Settings.Key, bytes: [UInt8], path: String) throws -> SettingValue? {
        if let scalar = node.scalar, scalar.isEmptyPlain { return nil }
        func invalid(_ expected: String) -> SettingsError {
            let location = ContentCheck.location(of: Swift.min(node.range.lowerBound, bytes.count), in: bytes)
            return SettingsError.invalidValue(path: path, key: key.rawValue, line: location.line, column: location.column, expected: expected)
        }
        switch key {
        case .formatOnSave, .mouse:
            switch node.scalar?.value.lowercased() {
            case "true", "yes", "on": return .bool(true)
            case "false", "no", "off": return .bool(false)
            default: throw invalid("true or false")
            }
        case .autosaveInterval:
            guard let text = node.scalar?.value, let seconds = Int(text), seconds >= 0 else {
                throw invalid("a whole number of seconds (0 turns autosave off)")
            }
            return .int(seconds)
        case .theme:
            guard let text = node.scalar?.value.lowercased(), let theme = Settings.Theme(rawValue: text) else {
                throw invalid("auto, dark or light")
            }
            return .theme(theme)
        case .catalogOrder:
            if let items = node.items {
                let names = items.compactMap { $0.scalar?.value.trimmingSpaces() }
                guard names.count == items.count else { throw invalid("a list of tile types") }
                return .list(names.filter { !$0.isEmpty })
            }
            if let text = node.scalar?.value {
                return .list(text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty })
            }
            throw invalid("a list of tile types")
        }
    }

    // MARK: Writing

    /// The edit that writes `value` over `pair`'s value.
    private static func replacement(for pair: YAMLPair, with value: SettingValue, in bytes: [UInt8], lineEnding: LineEnding) -> (range: Range<Int>, text: String) {
        let node = pair.value
        // After the key's `:`; an empty value is written there.
        var colon = pair.key.range.upperBound
        while colon < bytes.count && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
        let afterColon = Swift.min(colon + 1, bytes.count)
        if let scalar = node.scalar {
            if scalar.isEmptyPlain { return (afterColon..<afterColon, " " + value.flowText) }
            if case .list = value { return (scalar.range, value.flowText) }
            let style: YAMLScalar.Style = scalar.style == .literal || scalar.style == .folded ? .plain : scalar.style
            let text = YAMLScalarWriter.singleLine(value.intent, style: style) ?? value.flowText
            return (scalar.range, text)
        }
        if let items = node.items, node.collectionStyle == .block, let last = items.last {
            // A block list ends at its last item: comments after it stay.
            let range = node.range.lowerBound..<last.range.upperBound
            guard case .list(let names) = value, !names.isEmpty else {
                return (afterColon..<last.range.upperBound, " " + value.flowText)
            }
            let indent = indentation(before: node.range.lowerBound, in: bytes)
            let lines = names.map { "- " + (YAMLScalarWriter.singleLine(.text($0), style: .plain) ?? YAMLScalarWriter.doubleQuoted($0)) }
            return (range, lines.joined(separator: lineEnding.string + indent))
        }
        return (node.range, value.flowText)
    }

    /// The spaces between the start of the line and `offset`.
    private static func indentation(before offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        let prefix = bytes[start..<offset]
        return prefix.allSatisfy({ $0 == 0x20 }) ? String(repeating: " ", count: prefix.count) : ""
    }
}

/// One setting's value, for comparing and writing.
enum SettingValue: Equatable {
    case bool(Bool)
    case int(Int)
    case theme(Settings.Theme)
    case list([String])

    /// The value as a one-line YAML value (a flow list for lists).
    var flowText: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .theme(let theme): theme.rawValue
        case .list(let names):
            "[" + names.map { YAMLScalarWriter.singleLine(.text($0), style: .plain, inFlow: true) ?? YAMLScalarWriter.doubleQuoted($0) }
                .joined(separator: ", ") + "]"
        }
    }

    var intent: YAMLScalarWriter.Intent {
        switch self {
        case .bool, .int: .typed(flowText)
        case .theme(let theme): .text(theme.rawValue)
        case .list: .text(flowText)
        }
    }
}

extension Settings {
    func value(for key: Key) -> SettingValue {
        switch key {
        case .formatOnSave: .bool(formatOnSave)
        case .autosaveInterval: .int(autosaveInterval)
        case .theme: .theme(theme)
        case .mouse: .bool(mouse)
        case .catalogOrder: .list(catalogOrder)
        }
    }

    mutating func set(_ value: SettingValue, for key: Key) {
        switch (key, value) {
        case (.formatOnSave, .bool(let flag)): formatOnSave = flag
        case (.autosaveInterval, .int(let seconds)): autosaveInterval = seconds
        case (.theme, .theme(let newTheme)): theme = newTheme
        case (.mouse, .bool(let flag)): mouse = flag
        case (.catalogOrder, .list(let names)): catalogOrder = names
        default: break
        }
    }
}
