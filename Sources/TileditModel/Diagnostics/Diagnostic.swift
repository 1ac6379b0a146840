/// A problem (or a note) found in a document, with where it is and, when the
/// remedy is obvious, a fix.
public struct Diagnostic: Sendable, Hashable {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// A note; nothing is wrong.
        case info
        /// Kept and saved, but probably not what the author meant.
        case warning
        /// The construct is invalid; the block is kept verbatim.
        case error

        private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious the problem is.
    public var severity: Severity
    /// A stable identifier of the rule, e.g. `tile.missing-property`.
    public var code: DiagnosticCode
    /// One sentence a writer can act on.
    public var message: String
    /// Bytes the diagnostic is about, from the start of the file.
    public var range: Range<Int>
    /// Where `range` starts (line from 1, column in Unicode scalars from 1).
    public var location: SourceLocation
    /// A fix, when one is obvious.
    public var fix: DiagnosticFix?

    public init(
        severity: Severity, code: DiagnosticCode, message: String,
        range: Range<Int>, location: SourceLocation, fix: DiagnosticFix? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.location = location
        self.fix = fix
    }
}

/// A remedy for a diagnostic: edits in file coordinates (UTF-8 bytes).
public struct DiagnosticFix: Sendable, Hashable {
    /// What the fix does, e.g. "Remove the trailing spaces".
    public var title: String
    /// Non-overlapping edits in the coordinates of the file as parsed.
    public var edits: [TextEdit]

    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }
}

/// Stable names of the rules that produce diagnostics.
public enum DiagnosticCode: String, Sendable, Hashable, Codable, CaseIterable {
    case byteOrderMark = "file.byte-order-mark"
    case frontMatterUnclosed = "front-matter.unclosed"
    case frontMatterTOML = "front-matter.toml"
    case frontMatterTrailingWhitespace = "front-matter.trailing-whitespace"
    case frontMatterDelimiterLookalike = "front-matter.delimiter-lookalike"
    case frontMatterNotAtStart = "front-matter.not-at-start"
    case frontMatterNotMapping = "front-matter.not-a-mapping"
    case frontMatterInvalidLine = "front-matter.invalid-line"
    case frontMatterDuplicateKey = "front-matter.duplicate-key"
    case frontMatterInnerFence = "front-matter.inner-fence"
    case frontMatterIndentedLine = "front-matter.indented-line"
    case yamlSyntax = "yaml.syntax"
    case yamlTabIndentation = "yaml.tab-indentation"
    case yamlColonInPlainValue = "yaml.colon-in-plain-value"
    case yamlAmbiguousScalar = "yaml.ambiguous-scalar"
    case yamlLimit = "yaml.limit"
    case yamlDuplicateKey = "yaml.duplicate-key"
    case yamlLookalikeKeys = "yaml.lookalike-keys"
    case yamlTruncatedValue = "yaml.truncated-value"
    case yamlInvisibleCharacter = "yaml.invisible-character"
    case yamlUndefinedAlias = "yaml.undefined-alias"
    case yamlLibyamlStops = "yaml.libyaml-stops"
    case yamlTagMismatch = "yaml.tag-mismatch"
    case frontMatterSeveralDocuments = "front-matter.several-documents"
    case frontMatterInvalidValue = "front-matter.invalid-value"
    case tileUnclosed = "tile.unclosed"
    case tileNested = "tile.nested"
    case tileStrayClosing = "tile.stray-closing"
    case tileMissingType = "tile.missing-type"
    case tileInvalidLine = "tile.invalid-line"
    case tileUnsupportedMultiline = "tile.unsupported-multiline"
    case tileUnknownType = "tile.unknown-type"
    case tileUnknownProperty = "tile.unknown-property"
    case tileMissingProperty = "tile.missing-property"
    case tileInvalidValue = "tile.invalid-value"
    case tileInvalidID = "tile.invalid-id"
    case tileDuplicateID = "tile.duplicate-id"
    case tileDuplicateProperty = "tile.duplicate-property"
    case tileSecretProperty = "tile.secret-property"
    case tileSeriesLength = "tile.series-length"
    case tileInsideHTML = "tile.inside-html"
    case tileIndentedAsCode = "tile.indented-as-code"
    case tileInsideListItem = "tile.inside-list-item"
    case tileDelimiterLookalike = "tile.delimiter-lookalike"
    case rawBlock = "markdown.raw-block"
    case controlCharacter = "markdown.control-character"
    case siteConfigUnknownKey = "site-config.unknown-key"
    case siteConfigInvalidValue = "site-config.invalid-value"
    case siteConfigMissingKey = "site-config.missing-key"
    case siteConfigYAMLDifference = "site-config.yaml-difference"
}
