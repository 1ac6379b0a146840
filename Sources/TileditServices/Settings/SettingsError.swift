/// Why the settings file could not be read or written. Lines and columns
/// count from 1.
public enum SettingsError: Error, Sendable, Hashable {
    /// The file is not valid YAML.
    case invalidYAML(path: String, line: Int, column: Int, reason: String)
    /// The file's top level is not a mapping of keys to values.
    case notAMapping(path: String)
    /// A known key holds a value of the wrong kind.
    case invalidValue(path: String, key: String, line: Int, column: Int, expected: String)
    /// The file is not text.
    case content(path: String, ContentProblem)
    case readFailed(path: String, reason: String)
    /// Writing failed; the file on disk is unchanged.
    case writeFailed(path: String, reason: String)

    /// A sentence naming the file (and line and column) and what to fix.
    public var message: String {
        switch self {
        case .invalidYAML(let path, let line, let column, let reason):
            "\(path):\(line):\(column): the settings are not valid YAML: \(reason). Fix the file or delete it to restore the defaults."
        case .notAMapping(let path):
            "\(path): the settings file must be a mapping of keys to values (`theme: dark`)."
        case .invalidValue(let path, let key, let line, let column, let expected):
            "\(path):\(line):\(column): `\(key)` must be \(expected)."
        case .content(let path, let problem):
            problem.message(path: path)
        case .readFailed(let path, let reason):
            "\(path) cannot be read: \(reason)."
        case .writeFailed(let path, let reason):
            "\(path) could not be saved (\(reason)); the file on disk is unchanged."
        }
    }
}
