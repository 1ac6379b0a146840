import Foundation
import TileditModel

/// A document the client has open: its text as the client sees it, the
/// line table for positions, and the model parsed from it.
///
/// The text is the client's (LSP `didOpen`/`didChange`), not the file on
/// disk. An incremental change to a Markdown document re-parses only the
/// blocks around it (`MarkdownDocument.replace`); YAML files are parsed again whole.
public struct OpenDocument: Sendable {
    /// The document's URI as the client names it.
    public let uri: String
    /// The file, when the URI is a `file:` URI.
    public let url: URL?
    /// The version the client gave with the last change.
    public var version: Int
    /// The text, UTF-8.
    public private(set) var storage: TextStorage
    /// Line starts, for positions.
    public private(set) var lines: LineTable
    /// The parsed model.
    public private(set) var model: DocumentModel
    /// Markdown: which blocks have diagnostics, for publishing.
    private var diagnosticIndex: DiagnosticIndex?

    /// Parses `text`.
    ///
    /// - Parameters:
    ///   - kind: how to read it (see `DocumentKindRule`).
    ///   - dialect: how Markdown front matter is read.
    public init(uri: String, version: Int, text: [UInt8], kind: DocumentKindRule.Kind, dialect: FrontMatterDialect) {
        self.uri = uri
        url = URL(string: uri).flatMap { $0.isFileURL ? $0 : nil }
        self.version = version
        switch kind {
        case .markdown:
            let document = MarkdownDocument(bytes: text, dialect: dialect)
            model = .markdown(document)
            storage = document.storage
            diagnosticIndex = DiagnosticIndex(document)
        case .yaml:
            model = .yaml(YAMLFileDocument(bytes: text, dialect: .yaml))
            storage = TextStorage(text)
        case .siteConfiguration:
            model = .siteConfiguration(YAMLFileDocument(bytes: text, dialect: .flat))
            storage = TextStorage(text)
        }
        lines = LineTable(storage)
    }

    /// Replaces the bytes in `range` with `replacement` (an incremental change).
    ///
    /// - Precondition: `range` lies inside the text.
    public mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        // The enum's payload is moved out and the placeholder put in, so the
        // model holds the only copy while it edits and edits in place (a
        // second reference would copy every block table of a large file).
        var current = Self.placeholder
        swap(&current, &model)
        switch current {
        case .markdown(var document):
            current = Self.placeholder
            storage = TextStorage([])
            let change = document.replace(range, with: replacement)
            storage = document.storage
            diagnosticIndex?.apply(change, in: document)
            model = .markdown(document)
        case .yaml(var file):
            current = Self.placeholder
            file.apply([TextEdit(range: range, replacement: replacement)])
            storage.replace(range, with: replacement)
            model = .yaml(file)
        case .siteConfiguration(var file):
            current = Self.placeholder
            file.apply([TextEdit(range: range, replacement: replacement)])
            storage.replace(range, with: replacement)
            model = .siteConfiguration(file)
        }
        lines.replace(range, replacementCount: replacement.count, in: storage)
    }

    private static let placeholder = DocumentModel.yaml(YAMLFileDocument(bytes: []))

    /// Replaces the whole text (a full-document change).
    public mutating func replaceAll(with text: [UInt8]) {
        replace(0..<storage.count, with: text)
    }

    /// Every diagnostic as JSON array items (`Diagnostic` objects), in file
    /// order: what `publishDiagnostics` sends.
    public mutating func serializedDiagnostics(encoding: PositionEncoding) -> [[UInt8]] {
        if case .markdown(let document) = model, var index = diagnosticIndex {
            diagnosticIndex = nil
            let items = index.serializedItems(document, open: self, encoding: encoding)
            diagnosticIndex = index
            return items
        }
        return model.diagnostics.map { LSPConversion.diagnostic($0, in: self, encoding: encoding).serialized }
    }

    /// The byte offset of `position`.
    public func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        lines.offset(of: position, in: storage, encoding: encoding)
    }

    /// The position of byte `offset`.
    public func position(of offset: Int, encoding: PositionEncoding) -> LSPPosition {
        lines.position(of: offset, in: storage, encoding: encoding)
    }

    /// The LSP range of a byte range.
    public func range(of range: Range<Int>, encoding: PositionEncoding) -> LSPRange {
        lines.range(of: range, in: storage, encoding: encoding)
    }

    /// The byte range of an LSP range.
    public func byteRange(of range: LSPRange, encoding: PositionEncoding) -> Range<Int> {
        lines.byteRange(of: range, in: storage, encoding: encoding)
    }

    /// The text of the line holding byte `offset` up to `offset` (for completion contexts).
    public func linePrefix(before offset: Int) -> String {
        let line = lines.line(containing: offset)
        let start = lines.starts[line]
        return storage.string(start..<Swift.max(start, Swift.min(offset, storage.count)))
    }

    /// The text of line `line` (from 0) without its terminator.
    public func lineText(_ line: Int) -> String {
        storage.string(lines.contentRange(ofLine: line, in: storage))
    }
}
