import Foundation
import TileditModel
import TileditServices

/// `textDocument/definition`: from a link reference (`[text][label]`,
/// `[label][]`, `[label]`) to its definition `[label]: …` in the document,
/// and from `link:<name>` to `links.<name>` in the site's `tiledown.yml`.
enum DefinitionProvider {
    static func definition(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        let offset = try context.offset(params, in: document)
        guard let markdown = document.model.markdown else { return .null }
        let line = document.lines.line(containing: offset)
        let lineRange = document.lines.contentRange(ofLine: line, in: document.storage)
        let lineBytes = document.storage[lineRange]
        let column = offset - lineRange.lowerBound
        if let name = linkName(in: lineBytes, at: column) {
            return siteLinkLocation(name, from: document, context: context) ?? .null
        }
        guard let label = referenceLabel(in: lineBytes, at: column),
              let target = try definitionRange(of: label, in: markdown) else { return .null }
        return LSPConversion.location(uri: document.uri, range: document.range(of: target, encoding: context.encoding))
    }

    /// The `<name>` of a `link:<name>` the cursor (byte column in `line`) is on.
    static func linkName(in line: [UInt8], at column: Int) -> String? {
        let marker = Array("link:".utf8)
        var start = 0
        while start + marker.count <= line.count {
            if Array(line[start..<(start + marker.count)]) == marker {
                var end = start + marker.count
                while end < line.count, isNameByte(line[end]) { end += 1 }
                // A sentence's full stop after the name is not part of it.
                while end > start + marker.count && line[end - 1] == 0x2E { end -= 1 }
                if end > start + marker.count && column >= start && column <= end {
                    return String(decoding: line[(start + marker.count)..<end], as: UTF8.self)
                }
                start = end
            } else {
                start += 1
            }
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte >= 0x80
    }

    /// The label of the link reference the cursor is on: the second
    /// brackets of `[text][label]`, the first of `[label][]` and `[label]`.
    static func referenceLabel(in line: [UInt8], at column: Int) -> String? {
        // Bracket pairs on the line, innermost text without nesting.
        var pairs: [Range<Int>] = []
        var open: Int?
        var index = 0
        while index < line.count {
            switch line[index] {
            case 0x5C: index += 1
            case 0x5B: open = index
            case 0x5D:
                if let start = open { pairs.append(start..<(index + 1)) }
                open = nil
            default: break
            }
            index += 1
        }
        for (number, pair) in pairs.enumerated() where pair.contains(column) || pair.upperBound == column {
            // `[label]:` at the line start is the definition itself.
            if pair.upperBound < line.count && line[pair.upperBound] == 0x3A && number == 0 { return nil }
            if pair.upperBound < line.count && line[pair.upperBound] == 0x28 { return nil }  // an inline link
            let next = pairs.first { $0.lowerBound == pair.upperBound }
            let previous = pairs.last { $0.upperBound == pair.lowerBound }
            let chosen: Range<Int>
            if let next, next.count > 2 {
                chosen = next  // `[text][label]`, on the text
            } else if pair.count == 2, let previous {
                chosen = previous  // `[label][]`, on the empty brackets
            } else {
                chosen = pair
            }
            let label = String(decoding: line[(chosen.lowerBound + 1)..<(chosen.upperBound - 1)], as: UTF8.self)
            return label.trimmingSpaces().isEmpty ? nil : label
        }
        return nil
    }

    /// CommonMark's label matching: case folded, inner whitespace collapsed.
    static func normalizedLabel(_ label: String) -> String {
        label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    /// The bytes of `[label]` in the definition of `label`, in blocks of link reference definitions.
    static func definitionRange(of label: String, in document: MarkdownDocument) throws(ResponseError) -> Range<Int>? {
        let wanted = normalizedLabel(label)
        for index in 0..<document.blockCount {
            if index % 4096 == 0 { try ResponseError.checkCancellation() }
            guard document.kind(at: index) == .linkReferenceDefinitions || document.kind(at: index) == .paragraph else { continue }
            let range = document.range(at: index)
            let bytes = document.storage[range]
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                var cursor = start
                while cursor < end && cursor - start < 3 && bytes[cursor] == 0x20 { cursor += 1 }
                if cursor < end, bytes[cursor] == 0x5B, let close = bytes[cursor..<end].firstIndex(of: 0x5D),
                   close + 1 < end, bytes[close + 1] == 0x3A,
                   normalizedLabel(String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)) == wanted {
                    return (range.lowerBound + cursor)..<(range.lowerBound + close + 1)
                }
                start = end + 1
            }
        }
        return nil
    }

    /// Where `links.<name>` is set in the site configuration that governs `document`.
    private static func siteLinkLocation(_ name: String, from document: OpenDocument, context: RequestContext) -> JSON? {
        guard let url = document.url else { return nil }
        var folder = url.deletingLastPathComponent()
        for _ in 0..<64 {
            for fileName in SiteConfigurationSchema.fileNames {
                let candidate = folder.appendingPathComponent(fileName)
                let uri = candidate.absoluteString
                let configuration: OpenDocument
                if let open = context.documents[uri] ?? context.documents.values.first(where: { $0.url?.standardizedFileURL == candidate.standardizedFileURL }) {
                    configuration = open
                } else if (try? context.fileSystem.status(candidate))??.kind == .file, let contents = try? context.fileSystem.read(candidate, limit: ContentCheck.defaultSizeLimit), contents.bytes.count <= ContentCheck.defaultSizeLimit {
                    let bytes = contents.bytes
                    configuration = OpenDocument(uri: uri, version: 0, text: bytes, kind: .siteConfiguration, dialect: .tiledown)
                } else {
                    continue
                }
                guard let file = configuration.model.yamlFile,
                      let field = file.fields.last(where: { $0.key == "links.\(name)" }) else { return nil }
                let end = field.valueSpan.isEmpty ? field.keySpan.upperBound : field.valueSpan.upperBound
                return LSPConversion.location(uri: configuration.uri, range: configuration.range(of: field.keySpan.lowerBound..<end, encoding: context.encoding))
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }
}
