import TileditModel

/// `textDocument/documentSymbol`: an outline of headings (nested by level),
/// tiles (with their properties) and front matter (with its fields); the
/// keys of a YAML file or of `tiledown.yml`.
enum SymbolProvider {
    /// `SymbolKind` values (LSP 3.17).
    enum Kind: Int {
        case file = 1
        case module = 2
        case namespace = 3
        case property = 7
        case string = 15
        case array = 18
        case object = 19
        case key = 20
        case structure = 23
    }

    /// YAML outlines stop at this depth and this many symbols.
    static let maximumDepth = 32
    static let maximumSymbols = 20_000

    struct Symbol {
        var name: String
        var detail: String?
        var kind: Kind
        var range: Range<Int>
        var selection: Range<Int>
        var children: [Symbol] = []

        func json(in document: OpenDocument, encoding: PositionEncoding) -> JSON {
            var members: [(String, JSON)] = [("name", .string(name.isEmpty ? " " : name))]
            if let detail { members.append(("detail", .string(detail))) }
            members += [
                ("kind", .int(kind.rawValue)),
                ("range", document.range(of: range, encoding: encoding).json),
                ("selectionRange", document.range(of: selection, encoding: encoding).json),
            ]
            if !children.isEmpty { members.append(("children", .array(children.map { $0.json(in: document, encoding: encoding) }))) }
            return .object(members)
        }
    }

    static func documentSymbols(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        let symbols = try symbols(in: document)
        return .array(symbols.map { $0.json(in: document, encoding: context.encoding) })
    }

    static func symbols(in document: OpenDocument) throws(ResponseError) -> [Symbol] {
        switch document.model {
        case .markdown(let markdown):
            return try markdownSymbols(markdown)
        case .siteConfiguration(let file):
            return file.fields.map { field in
                let end = field.valueSpan.isEmpty ? field.keySpan.upperBound : field.valueSpan.upperBound
                return Symbol(name: field.key, detail: field.value, kind: .property, range: field.keySpan.lowerBound..<end, selection: field.keySpan)
            }
        case .yaml(let file):
            var budget = maximumSymbols
            return file.documents.compactMap(\.root).flatMap { yamlSymbols($0, depth: 0, budget: &budget) }
        }
    }

    private static func markdownSymbols(_ document: MarkdownDocument) throws(ResponseError) -> [Symbol] {
        var roots: [Symbol] = []
        // Open sections, outermost first, with their heading levels.
        var stack: [(level: Int, symbol: Symbol)] = []
        func close(downTo level: Int) {
            while let top = stack.last, top.level >= level {
                stack.removeLast()
                if stack.isEmpty { roots.append(top.symbol) } else { stack[stack.count - 1].symbol.children.append(top.symbol) }
            }
        }
        func add(_ symbol: Symbol) {
            if stack.isEmpty { roots.append(symbol) } else { stack[stack.count - 1].symbol.children.append(symbol) }
        }
        for index in 0..<document.blockCount {
            if index % 4096 == 0 { try ResponseError.checkCancellation() }
            let range = document.range(at: index)
            let kind = document.kind(at: index)
            if case .heading = kind {} else {
                // The open sections reach to the end of this block.
                for slot in stack.indices { stack[slot].symbol.range = stack[slot].symbol.range.lowerBound..<range.upperBound }
            }
            switch kind {
            case .heading(let level, _):
                close(downTo: level)
                let text = headingText(document.storage.string(range))
                stack.append((level, Symbol(name: text, detail: "heading \(level)", kind: .namespace, range: range, selection: firstLine(of: range, in: document))))
            case .tile(let tile):
                let base = range.lowerBound
                let children = tile.properties.map { property in
                    Symbol(name: property.key, detail: property.value.text.count > 60 ? String(property.value.text.prefix(60)) + "…" : property.value.text,
                           kind: .property, range: (property.span.lowerBound + base)..<(property.span.upperBound + base),
                           selection: (property.keySpan.lowerBound + base)..<(property.keySpan.upperBound + base))
                }
                add(Symbol(name: "tile \(tile.type)", detail: tile.id, kind: .structure, range: range,
                           selection: firstLine(of: range, in: document), children: children))
            case .raw(.tile(let type)):
                add(Symbol(name: "tile \(type ?? "?")", detail: "kept as written", kind: .structure, range: range, selection: firstLine(of: range, in: document)))
            case .frontMatter(let frontMatter):
                let base = range.lowerBound
                let children = frontMatter.fields.map { field in
                    let end = field.valueSpan.isEmpty ? field.keySpan.upperBound : field.valueSpan.upperBound
                    return Symbol(name: field.key, detail: field.value.count > 60 ? String(field.value.prefix(60)) + "…" : field.value,
                                  kind: .property, range: (field.keySpan.lowerBound + base)..<(end + base),
                                  selection: (field.keySpan.lowerBound + base)..<(field.keySpan.upperBound + base))
                }
                add(Symbol(name: "front matter", detail: nil, kind: .module, range: range, selection: firstLine(of: range, in: document), children: children))
            default:
                break
            }
        }
        close(downTo: 0)
        return roots
    }

    /// The first line of a block, without its terminator.
    private static func firstLine(of range: Range<Int>, in document: MarkdownDocument) -> Range<Int> {
        var end = range.lowerBound
        while end < range.upperBound && document.storage[end] != 0x0A && document.storage[end] != 0x0D { end += 1 }
        return range.lowerBound..<end
    }

    /// A heading's text: ATX markers and closing hashes removed, a setext underline dropped.
    static func headingText(_ source: String) -> String {
        let firstLine = source.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
        var text = firstLine.trimmingSpaces()
        if text.hasPrefix("#") {
            text = String(text.drop { $0 == "#" }).trimmingSpaces()
            var withoutClosing = text
            while withoutClosing.hasSuffix("#") { withoutClosing.removeLast() }
            if withoutClosing.isEmpty || withoutClosing.hasSuffix(" ") { text = withoutClosing.trimmingSpaces() }
        }
        return text
    }

    private static func yamlSymbols(_ node: YAMLNode, depth: Int, budget: inout Int) -> [Symbol] {
        guard depth < maximumDepth, budget > 0 else { return [] }
        switch node.content {
        case .mapping(let pairs):
            var result: [Symbol] = []
            for pair in pairs where budget > 0 {
                budget -= 1
                let name = pair.key.scalar?.value ?? "?"
                let kind: Kind = pair.value.pairs != nil ? .object : pair.value.items != nil ? .array : .key
                let end = Swift.max(pair.key.range.upperBound, pair.value.range.upperBound)
                result.append(Symbol(name: name, detail: pair.value.scalar?.value, kind: kind, range: pair.key.range.lowerBound..<end,
                                     selection: pair.key.range, children: yamlSymbols(pair.value, depth: depth + 1, budget: &budget)))
            }
            return result
        case .sequence(let items):
            var result: [Symbol] = []
            for (index, item) in items.enumerated() where budget > 0 && (item.pairs != nil || item.items != nil) {
                budget -= 1
                result.append(Symbol(name: "[\(index)]", detail: nil, kind: item.pairs != nil ? .object : .array, range: item.range,
                                     selection: item.range.lowerBound..<item.range.lowerBound, children: yamlSymbols(item, depth: depth + 1, budget: &budget)))
            }
            return result
        default:
            return []
        }
    }
}
