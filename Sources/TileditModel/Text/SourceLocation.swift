/// A position in a file as a person reads it.
///
/// `line` counts from 1. `column` counts Unicode scalars from 1 at the start
/// of the line; a byte order mark at the start of the file is not counted
/// (it is an encoding signature, not a character the user sees).
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Line number, from 1.
    public var line: Int
    /// Column in Unicode scalars, from 1.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}
