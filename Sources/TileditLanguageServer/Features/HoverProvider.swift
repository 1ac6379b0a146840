import TileditModel

/// `textDocument/hover`: a tile property's documentation from the catalog
/// (kind, allowed values, default), a tile's summary on its opening line,
/// a front matter key's meaning, a `tiledown.yml` key's documentation.
enum HoverProvider {
    static func hover(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        let offset = try context.offset(params, in: document)
        guard let (text, range) = hover(at: offset, in: document) else { return .null }
        return .object([("contents", LSPConversion.markdown(text)), ("range", document.range(of: range, encoding: context.encoding).json)])
    }

    /// The hover text and the bytes it is about, at byte `offset`.
    static func hover(at offset: Int, in document: OpenDocument) -> (String, Range<Int>)? {
        switch document.model {
        case .siteConfiguration(let file):
            guard let field = fieldOnLine(of: offset, fields: file.fields, document: document, base: 0),
                  let key = SiteConfigurationSchema.tiledown.key(field.key) else { return nil }
            return (key.documentation, field.keySpan)
        case .yaml:
            return nil
        case .markdown(let markdown):
            guard let index = markdown.blockIndex(containing: offset) else { return nil }
            let range = markdown.range(at: index)
            guard range.contains(offset) || offset == range.upperBound else { return nil }
            switch markdown.kind(at: index) {
            case .tile(let tile):
                let schema = markdown.catalog.schema(for: tile.type)
                let relative = offset - range.lowerBound
                if tile.openingSpan.contains(relative) {
                    let text = schema.map(tileDocumentation) ?? "**tile \(tile.type)**\n\nNot a tile type of the catalog; it is kept as written."
                    return (text, range.lowerBound..<(range.lowerBound + Swift.max(0, tile.openingSpan.count - 1)))
                }
                guard let property = tile.properties.first(where: { $0.span.contains(relative) }) else { return nil }
                let known = schema?.property(property.key) ?? (property.key == "mode" ? TileCatalog.modeProperty : nil)
                let keyRange = (property.keySpan.lowerBound + range.lowerBound)..<(property.keySpan.upperBound + range.lowerBound)
                if let known { return (propertyDocumentation(known), keyRange) }
                if let prefix = schema?.propertyPrefixes.first(where: { property.key.hasPrefix($0) }) {
                    return ("**\(property.key)**\n\nOne of the `\(prefix)…` properties of tile `\(tile.type)`.", keyRange)
                }
                return ("**\(property.key)**\n\nTile `\(tile.type)` has no property `\(property.key)`; it is kept as written.", keyRange)
            case .frontMatter(let frontMatter):
                guard let field = fieldOnLine(of: offset, fields: frontMatter.fields, document: document, base: range.lowerBound),
                      let known = FrontMatterSchema.tiledown.field(field.key) else { return nil }
                let keyRange = (field.keySpan.lowerBound + range.lowerBound)..<(field.keySpan.upperBound + range.lowerBound)
                let hint = FrontMatterSchema.tiledown.hint(for: known.key, dialect: frontMatter.dialect) ?? known.kind.hint
                return ("**\(known.key)** (\(hint))\n\n\(known.summary)", keyRange)
            default:
                return nil
            }
        }
    }

    /// The field whose key is on the line of `offset` (spans relative to `base`).
    private static func fieldOnLine(of offset: Int, fields: [FrontMatterField], document: OpenDocument, base: Int) -> FrontMatterField? {
        let line = document.lines.line(containing: offset)
        return fields.last { document.lines.line(containing: $0.keySpan.lowerBound + base) == line }
    }

    /// A property's documentation: key, kind, whether required, summary, allowed values, default.
    static func propertyDocumentation(_ property: TilePropertySchema) -> String {
        var lines = ["**\(property.key)** (\(property.kind.hint))" + (property.isRequired ? ", required" : ""), "", property.summary]
        switch property.kind {
        case .choice(let words):
            lines += ["", "Allowed: " + words.map { "`\($0)`" }.joined(separator: ", ")]
        case .boolean:
            lines += ["", "Allowed: `true`, `false` (also `yes`/`no`, `on`/`off`, `1`/`0`)"]
        default:
            break
        }
        if let value = property.defaultValue { lines += ["", "Default: `\(value)`"] }
        return lines.joined(separator: "\n")
    }

    /// A tile type's summary and its properties.
    static func tileDocumentation(_ schema: TileSchema) -> String {
        let properties = schema.properties.map { "`\($0.key)`" + ($0.isRequired ? " (required)" : "") }
            + schema.propertyPrefixes.map { "`\($0)…`" }
        return "**tile \(schema.type)**: \(schema.summary)\n\nProperties: " + properties.joined(separator: ", ")
    }
}
