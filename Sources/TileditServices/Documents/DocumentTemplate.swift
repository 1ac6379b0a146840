import TileditModel

/// A new document to create: what it is, its title, and how its bytes look.
public struct DocumentTemplate: Sendable, Hashable {
    /// What kind of document.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A Markdown page: front matter `title`, `description`.
        case page
        /// A Markdown post: a page plus `date`, `tags` and `draft: true`.
        case post
        /// A YAML file with a comment header and a `title` key.
        case yaml
    }

    /// Where a Markdown document goes in its folder.
    public enum Layout: String, Sendable, Hashable {
        /// `<slug>/index.md` (the Tiledown layout).
        case folderWithIndex
        /// `<slug>.md`.
        case singleFile
    }

    /// Page, post or YAML file.
    public var kind: Kind
    /// The title as the user typed it.
    public var title: String
    /// Where a Markdown document goes (ignored for YAML files).
    public var layout: Layout
    /// How front matter values are written: raw (`.tiledown`) or as YAML
    /// scalars quoted when needed (`.yaml`).
    public var dialect: FrontMatterDialect

    public init(kind: Kind, title: String, layout: Layout = .folderWithIndex, dialect: FrontMatterDialect = .tiledown) {
        self.kind = kind
        self.title = title
        self.layout = layout
        self.dialect = dialect
    }

    /// The slug of the title (see `Slug.make(from:)`).
    public var slug: String { Slug.make(from: title) }

    /// The path of the new file relative to its folder for `name` (the slug,
    /// or the slug with a `-2`… suffix): `name/index.md`, `name.md` or `name.yml`.
    public func relativePath(name: String) -> String {
        switch kind {
        case .yaml: "\(name).yml"
        case .page, .post: layout == .folderWithIndex ? "\(name)/index.md" : "\(name).md"
        }
    }

    /// Paths (relative to the folder) that must all be free for `name`: a
    /// page's `name/` folder and `name.md` both publish at `/name/`, so
    /// either one takes the name.
    public func claimedPaths(name: String) -> [String] {
        switch kind {
        case .yaml: ["\(name).yml", "\(name).yaml"]
        case .page, .post: [name, "\(name).md", "\(name).markdown"]
        }
    }

    /// The new file's bytes (LF line endings).
    ///
    /// - Parameter date: the day as `YYYY-MM-DD`, for a post's `date`.
    public func bytes(date: String) -> [UInt8] {
        let title = self.title.replacingLineBreaks()
        var lines: [String]
        switch kind {
        case .page, .post:
            lines = ["---", "title: \(frontMatterValue(title))", "description:\(emptyValue)"]
            if kind == .post {
                lines += ["date: \(date)", "tags:\(emptyValue)", "draft: true"]
            }
            lines += ["---", "", "# \(title)"]
        case .yaml:
            lines = ["# \(title)", "# Created by Tiledit on \(date).", "title: \(YAMLScalarWriter.singleLine(.text(title), style: .plain) ?? YAMLScalarWriter.doubleQuoted(title))"]
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Tiledown values are raw text; YAML values are quoted when they would
    /// not read back as the same string.
    private func frontMatterValue(_ value: String) -> String {
        switch dialect {
        case .tiledown: value
        case .yaml: YAMLScalarWriter.singleLine(.text(value), style: .plain) ?? YAMLScalarWriter.doubleQuoted(value)
        }
    }

    /// An empty value: nothing after the colon in Tiledown (the empty
    /// string), `""` in YAML (where nothing would be null).
    private var emptyValue: String { dialect == .tiledown ? "" : " \"\"" }
}

extension String {
    fileprivate func replacingLineBreaks() -> String {
        split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).joined(separator: " ")
    }
}
