import TileditModel

/// `textDocument/codeAction`: the fix of every diagnostic in the range,
/// "Insert tile …" for each catalog type (after the block at the cursor),
/// and "Format this tile" on a tile the formatter would change.
enum CodeActionProvider {
    static func codeActions(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        guard let lspRange = LSPRange(json: params["range"]) else { throw ResponseError.invalidParams("`range` is missing") }
        let range = document.byteRange(of: lspRange, encoding: context.encoding)
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSON] = []
        if wanted("quickfix") {
            for diagnostic in fixable(document.model.diagnostics, near: range, in: document) {
                guard let fix = diagnostic.fix else { continue }
                actions.append(.object([
                    ("title", .string(fix.title)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([LSPConversion.diagnostic(diagnostic, in: document, encoding: context.encoding)])),
                    ("isPreferred", .bool(true)),
                    ("edit", LSPConversion.workspaceEdit(fix.edits, in: document, encoding: context.encoding)),
                ]))
            }
        }
        guard let markdown = document.model.markdown else { return .array(actions) }
        try ResponseError.checkCancellation()
        if wanted("refactor.rewrite"), let index = markdown.blockIndex(containing: range.lowerBound),
           markdown.range(at: index).contains(range.lowerBound), markdown.kind(at: index).tile != nil {
            let edits = try FormattingProvider.edits(for: markdown, blocks: index..<(index + 1))
                .filter { $0.range.upperBound <= markdown.range(at: index).upperBound }
            if !edits.isEmpty {
                actions.append(.object([
                    ("title", .string("Format this tile")),
                    ("kind", .string("refactor.rewrite")),
                    ("edit", LSPConversion.workspaceEdit(edits, in: document, encoding: context.encoding)),
                ]))
            }
        }
        if wanted("refactor.insert") {
            let position = insertionIndex(at: range.lowerBound, in: markdown)
            for schema in markdown.catalog.schemas {
                try ResponseError.checkCancellation()
                var copy = markdown
                guard let change = try? copy.perform(.insertTile(type: schema.type, at: position)) else { continue }
                actions.append(.object([
                    ("title", .string("Insert tile \(schema.type)")),
                    ("kind", .string("refactor.insert")),
                    ("edit", LSPConversion.workspaceEdit(change.edits, in: document, encoding: context.encoding)),
                ]))
            }
        }
        return .array(actions)
    }

    /// Diagnostics with a fix whose range overlaps `range`, or whose line holds it when it is empty.
    static func fixable(_ diagnostics: [Diagnostic], near range: Range<Int>, in document: OpenDocument) -> [Diagnostic] {
        let lines = document.lines
        let firstLine = lines.line(containing: range.lowerBound)
        let lastLine = lines.line(containing: range.upperBound)
        return diagnostics.filter { diagnostic in
            guard diagnostic.fix != nil else { return false }
            if diagnostic.range.overlaps(range) || diagnostic.range.contains(range.lowerBound) { return true }
            let start = lines.line(containing: diagnostic.range.lowerBound)
            let end = lines.line(containing: Swift.max(diagnostic.range.lowerBound, diagnostic.range.upperBound - 1))
            return start <= lastLine && end >= firstLine
        }
    }

    /// Where a new tile goes: after the block at `offset`, or at the start of a file without blocks.
    static func insertionIndex(at offset: Int, in document: MarkdownDocument) -> Int {
        guard let index = document.blockIndex(containing: offset) else { return 0 }
        return index + 1
    }
}
