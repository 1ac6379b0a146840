import TileditModel

/// `textDocument/completion`: tile types, tile properties (unused ones,
/// required first), allowed values of closed choices and booleans, front
/// matter keys and values (tags used in the workspace), and `tiledown.yml`
/// keys and values, from the catalog and the schemas.
enum CompletionProvider {
    /// `CompletionItemKind` values (LSP 3.17).
    private enum ItemKind: Int {
        case property = 10
        case value = 12
        case keyword = 14
        case enumMember = 20
        case structure = 22
    }

    static func completion(_ context: RequestContext, _ params: JSON) async throws -> JSON {
        let document = try context.document(params)
        let offset = try context.offset(params, in: document)
        let situation = CompletionContext.at(offset, in: document)
        var tags: [String] = []
        if case .frontMatterValue(let key, _, _) = situation, key == "tags" {
            tags = await context.workspace().tags(including: openDocumentTags(context))
        }
        let items = items(for: situation, workspaceTags: tags)
        // The typed prefix is replaced by the chosen item.
        let prefixLength = situation.prefix.utf8.count
        let range = document.range(of: Swift.max(0, offset - prefixLength)..<offset, encoding: context.encoding)
        return .object([
            ("isIncomplete", .bool(false)),
            ("items", .array(items.enumerated().map { index, item in item.json(range: range, sortIndex: index) })),
        ])
    }

    /// One item before it is placed.
    struct Item: Equatable {
        var label: String
        var kind: Int
        var detail: String
        var documentation: String?
        var insertText: String

        /// `index` as four digits, so items sort in the order given.
        static func sortKey(_ index: Int) -> String {
            let digits = String(index)
            return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        }

        func json(range: LSPRange, sortIndex: Int) -> JSON {
            var members: [(String, JSON)] = [
                ("label", .string(label)),
                ("kind", .int(kind)),
                ("detail", .string(detail)),
                ("sortText", .string(Self.sortKey(sortIndex))),
                ("filterText", .string(label)),
                ("textEdit", .object([("range", range.json), ("newText", .string(insertText))])),
            ]
            if let documentation { members.append(("documentation", LSPConversion.markdown(documentation))) }
            return .object(members)
        }
    }

    /// Tags written in the front matter of open documents.
    private static func openDocumentTags(_ context: RequestContext) -> [String] {
        context.documents.values.flatMap { document -> [String] in
            guard let field = document.model.markdown?.frontMatter?.field("tags") else { return [] }
            return field.node?.items?.compactMap { $0.scalar?.value } ?? field.value.split(separator: ",").map { $0.trimmingSpaces() }
        }.filter { !$0.isEmpty }
    }

    /// The items for `situation`, in the order they are offered.
    static func items(for situation: CompletionContext, workspaceTags: [String] = [], catalog: TileCatalog = .builtIn) -> [Item] {
        switch situation {
        case .none:
            return []
        case .tileType:
            return catalog.schemas.map { schema in
                Item(label: schema.type, kind: ItemKind.structure.rawValue, detail: schema.summary,
                     documentation: HoverProvider.tileDocumentation(schema), insertText: schema.type)
            }
        case .tileProperty(let type, let existing, _):
            guard let schema = catalog.schema(for: type) else {
                return existing.contains("id") ? [] : [propertyItem(TileCatalog.idProperty)]
            }
            let required = schema.properties.filter(\.isRequired)
            let optional = schema.properties.filter { !$0.isRequired }
            var result = (required + [TileCatalog.idProperty, TileCatalog.modeProperty] + optional)
                .filter { !existing.contains($0.key) }
                .map(propertyItem)
            for prefix in schema.propertyPrefixes {
                result.append(Item(label: prefix, kind: ItemKind.property.rawValue, detail: "a family of properties",
                                   documentation: nil, insertText: prefix))
            }
            return result
        case .tileValue(let type, let key, _):
            let property = catalog.schema(for: type)?.property(key) ?? (key == "mode" ? TileCatalog.modeProperty : nil)
            return valueItems(property?.kind, key: key)
        case .frontMatterKey(let existing, _):
            return FrontMatterSchema.tiledown.fields.filter { !existing.contains($0.key) }.map { field in
                Item(label: field.key, kind: ItemKind.property.rawValue, detail: field.kind.hint, documentation: field.summary,
                     insertText: field.key + ": ")
            }
        case .frontMatterValue(let key, _, let listed):
            if key == "tags" {
                let taken = Set(listed.map { $0.lowercased() })
                return workspaceTags.filter { !taken.contains($0.lowercased()) }.map { tag in
                    Item(label: tag, kind: ItemKind.value.rawValue, detail: "tag used in the workspace", documentation: nil, insertText: tag)
                }
            }
            return valueItems(FrontMatterSchema.tiledown.field(key)?.kind, key: key)
        case .siteConfigurationKey(let existing, _):
            return SiteConfigurationSchema.tiledown.keys.filter { !existing.contains($0.name) }.map { key in
                Item(label: key.displayName, kind: ItemKind.property.rawValue, detail: key.kind.hint,
                     documentation: key.documentation, insertText: key.isFamily ? key.name : key.name + ": ")
            }
        case .siteConfigurationValue(let key, _):
            guard let entry = SiteConfigurationSchema.tiledown.key(key) else { return [] }
            return entry.kind.choices.map { choice in
                Item(label: choice, kind: entry.kind == .boolean ? ItemKind.keyword.rawValue : ItemKind.enumMember.rawValue,
                     detail: entry.defaultValue == choice ? "default" : entry.kind.hint, documentation: nil, insertText: choice)
            }
        }
    }

    private static func propertyItem(_ property: TilePropertySchema) -> Item {
        Item(label: property.key, kind: ItemKind.property.rawValue,
             detail: (property.isRequired ? "required · " : "") + property.kind.hint,
             documentation: HoverProvider.propertyDocumentation(property), insertText: property.key + ": ")
    }

    private static func valueItems(_ kind: TilePropertyKind?, key: String) -> [Item] {
        switch kind {
        case .choice(let words):
            return words.map { Item(label: $0, kind: ItemKind.enumMember.rawValue, detail: "`\(key)` value", documentation: nil, insertText: $0) }
        case .boolean:
            return ["true", "false"].map { Item(label: $0, kind: ItemKind.keyword.rawValue, detail: "boolean", documentation: nil, insertText: $0) }
        default:
            return []
        }
    }
}

extension CompletionContext {
    /// The text typed so far, which the chosen item replaces.
    var prefix: String {
        switch self {
        case .tileType(let prefix), .tileProperty(_, _, let prefix), .tileValue(_, _, let prefix),
             .frontMatterKey(_, let prefix), .frontMatterValue(_, let prefix, _),
             .siteConfigurationKey(_, let prefix), .siteConfigurationValue(_, let prefix):
            prefix
        case .none:
            ""
        }
    }
}

