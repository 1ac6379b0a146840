import Foundation
import TileditModel

/// The text of a YAML tree's row, made when a renderer asks for a visible
/// row: its label (key, `- n`, `Document n`), kind, one-line summary,
/// anchor, tag, the comments next to it, its line and the diagnostics
/// found from its start to the next row's (so each diagnostic shows on the
/// row at or before it, a folded collection's on its row).
enum YAMLTreeRowBuilder {
    /// Where the row of `row` starts in `file`: a document's first byte, a
    /// pair's key, a block sequence item's `-`; `nil` when the node is gone.
    static func start(of row: YAMLTree.Row, in file: YAMLFileDocument) -> Int? {
        if row.isDocument {
            guard row.id.document >= 0, row.id.document < file.documents.count else { return nil }
            return file.documents[row.id.document].range.lowerBound
        }
        guard let found = YAMLNodeLocator(file: file).resolve(row.id) else { return nil }
        if found.key == nil, found.parent?.collectionStyle == .block, let dash = YAMLSourceScanner(bytes: file.bytes).dashBefore(found.start) {
            return dash
        }
        return found.start
    }

    /// Where the indicators of the block scalar header at `offset` end
    /// (`|`, `>`, then chomping and indentation), `nil` when no header is there.
    static func headerEnd(at offset: Int, in bytes: [UInt8]) -> Int? {
        guard let header = YAMLBlockScalarHeader(reading: bytes, at: offset) else { return nil }
        return offset + 1 + (header.chomping == .clip ? 0 : 1) + (header.indentation == nil ? 0 : 1)
    }

    /// The row `row` of `tree`, `nil` when its node is not in `file`.
    static func make(_ row: YAMLTree.Row, tree: YAMLTree, file: YAMLFileDocument, lines: YAMLLineTable, diagnostics: [Diagnostic] = []) -> YAMLTreeRow? {
        if row.isDocument {
            guard row.id.document >= 0, row.id.document < file.documents.count else { return nil }
            let document = file.documents[row.id.document]
            return YAMLTreeRow(
                id: row.id, depth: 0, label: "Document \(row.id.document + 1)", kind: .document(empty: document.root == nil),
                summary: document.root.map(summary) ?? "empty", isExpanded: tree.isExpanded(row, in: file),
                anchor: nil, tag: nil, comments: [], line: lines.line(of: document.range.lowerBound), diagnostics: diagnostics)
        }
        guard let found = YAMLNodeLocator(file: file).resolve(row.id) else { return nil }
        let node = found.node
        let label: String
        if let key = found.key {
            label = key.scalar?.value ?? "(complex key)"
        } else if found.parent != nil, let position = row.id.positions.last {
            // From 0, as the inspector and `set` paths count items (`servers.0`).
            label = "- \(position)"
        } else {
            label = ""
        }
        let kind: YAMLTreeRow.Kind
        var isExpanded: Bool?
        var commentEnd: Int?
        let planner = YAMLSourceScanner(bytes: file.bytes)
        // The collection's count, not its children: a collection moved by an edit copies every child it hands out.
        if let scalar = node.scalar {
            kind = .scalar(YAMLValueType(scalar))
            if scalar.style == .literal || scalar.style == .folded {
                // A block scalar's comment follows its header (`>- # note`).
                commentEnd = Self.headerEnd(at: node.range.lowerBound, in: file.bytes)
            } else {
                commentEnd = scalar.range.upperBound
            }
        } else if let name = node.aliasName {
            kind = .alias(name)
            commentEnd = node.range.upperBound
        } else {
            let count = node.childCount ?? 0
            kind = node.isMapping ? .mapping(count: count) : .sequence(count: count)
            if count > 0 { isExpanded = tree.isMarkedExpanded(row.id) }
        }
        if node.childCount != nil {
            if node.collectionStyle == .flow {
                commentEnd = node.range.upperBound
            } else if let key = found.key {
                commentEnd = planner.indicator(0x3A, after: key.range.upperBound).map { $0 + 1 }
            }
        }
        var start = found.start
        if found.key == nil, found.parent?.collectionStyle == .block, let dash = planner.dashBefore(start) { start = dash }
        return YAMLTreeRow(
            id: row.id, depth: row.depth, label: label, kind: kind, summary: summary(node), isExpanded: isExpanded,
            anchor: node.anchor, tag: node.tag.map(YAMLTagRule.displayName), comments: planner.comments(start: start, end: commentEnd), line: lines.line(of: start),
            diagnostics: diagnostics)
    }

    /// A node on one line: a scalar's value (line breaks as `⏎`), `*name`,
    /// `{n keys}` or `[n items]`.
    static func summary(_ node: YAMLNode) -> String {
        if let scalar = node.scalar { return scalar.value.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎") }
        if let name = node.aliasName { return "*\(name)" }
        let count = node.childCount ?? 0
        if node.isMapping { return count == 1 ? "{1 key}" : "{\(count) keys}" }
        return count == 1 ? "[1 item]" : "[\(count) items]"
    }
}
