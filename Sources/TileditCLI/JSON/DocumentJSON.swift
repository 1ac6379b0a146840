import TileditModel

/// The JSON shapes of the headless commands (`tiledit json`, `tiledit check
/// --format json`). Offsets are UTF-8 bytes from the start of the file (a
/// byte order mark counts), lines count from 1, columns count Unicode
/// scalars from 1.
enum DocumentJSON {
    // MARK: Diagnostics

    /// `{"line", "column", "severity", "code", "message", "fix"?: {"title",
    /// "edits": [{"start", "end", "replacement"}]}}`.
    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("line", .number(diagnostic.location.line)),
            ("column", .number(diagnostic.location.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        if let fix = diagnostic.fix {
            members.append(("fix", .object([
                ("title", .string(fix.title)),
                ("edits", .array(fix.edits.map { edit in
                    .object([
                        ("start", .number(edit.range.lowerBound)),
                        ("end", .number(edit.range.upperBound)),
                        ("replacement", .string(String(decoding: edit.replacement, as: UTF8.self))),
                    ])
                })),
            ])))
        }
        return .object(members)
    }

    // MARK: Markdown

    /// `{"path", "dialect", "lineEnding", "byteOrderMark", "blocks": [block]}`.
    static func markdown(_ document: MarkdownDocument, path: String) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("dialect", .string(document.dialect.rawValue)),
            ("lineEnding", .string(document.lineEnding.rawValue)),
            ("byteOrderMark", .bool(document.hasByteOrderMark)),
            // Made one at a time as they are written: the JSON of a large
            // document is never all in memory.
            ("blocks", .lazyArray(count: document.blockCount, itemsArePlain: false) { block(document.block(at: $0)) }),
        ])
    }

    /// `{"id", "kind", …details, "range", "lines": {"first", "last"},
    /// "tile"?, "frontMatter"?, "diagnostics"}`.
    static func block(_ block: Block) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(block.id.rawValue)),
            ("kind", .string(kindName(block.kind))),
        ]
        switch block.kind {
        case .heading(let level, let isSetext):
            members.append(("level", .number(level)))
            members.append(("setext", .bool(isSetext)))
        case .list(let info):
            members.append(("ordered", .bool(info.isOrdered)))
            members.append(("itemCount", .number(info.itemCount)))
        case .fencedCode(let info):
            members.append(("info", .string(info)))
        case .footnoteDefinition(let label):
            members.append(("label", .string(label)))
        case .directive(let name):
            members.append(("name", .string(name)))
        case .raw(let origin):
            if case .tile(let type) = origin {
                members.append(("tileType", type.map(JSONValue.string) ?? .null))
            }
        default:
            break
        }
        members.append(("range", .range(block.range)))
        members.append(("lines", .object([("first", .number(block.lines.lowerBound)), ("last", .number(block.lines.upperBound))])))
        if case .tile(let tile) = block.kind {
            members.append(("tile", self.tile(tile, blockStart: block.range.lowerBound)))
        }
        if case .frontMatter(let frontMatter) = block.kind {
            members.append(("frontMatter", self.frontMatter(frontMatter, blockStart: block.range.lowerBound)))
        }
        members.append(("diagnostics", .array(block.diagnostics.map(diagnostic))))
        return .object(members)
    }

    /// The block kind's name: the CommonMark block name in lowerCamelCase
    /// (`heading`, `paragraph`, `fencedCode`, …), `tile`, `frontMatter`,
    /// `recentPosts`, `directive`, `raw`.
    static func kindName(_ kind: BlockKind) -> String {
        switch kind {
        case .frontMatter: "frontMatter"
        case .heading: "heading"
        case .paragraph: "paragraph"
        case .list: "list"
        case .blockQuote: "blockQuote"
        case .fencedCode: "fencedCode"
        case .indentedCode: "indentedCode"
        case .table: "table"
        case .thematicBreak: "thematicBreak"
        case .htmlBlock: "htmlBlock"
        case .linkReferenceDefinitions: "linkReferenceDefinitions"
        case .footnoteDefinition: "footnoteDefinition"
        case .displayMath: "displayMath"
        case .tile: "tile"
        case .recentPosts: "recentPosts"
        case .directive: "directive"
        case .raw: "raw"
        }
    }

    /// `{"type", "form", "id"?, "properties": [{"key", "value" | "items",
    /// "form": "text" | "literal" | "list", "range"}]}`; a property's range
    /// is its whole lines.
    static func tile(_ tile: Tile, blockStart: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string(tile.type)),
            ("form", .string(tile.form.rawValue)),
        ]
        if let id = tile.id { members.append(("id", .string(id))) }
        members.append(("properties", .array(tile.properties.map { property in
            var fields: [(String, JSONValue)] = [("key", .string(property.key))]
            switch property.value {
            case .text(let value):
                fields.append(("value", .string(value)))
                fields.append(("form", .string("text")))
            case .literal(let value):
                fields.append(("value", .string(value)))
                fields.append(("form", .string("literal")))
            case .list(let items):
                fields.append(("items", .array(items.map(JSONValue.string))))
                fields.append(("form", .string("list")))
            }
            fields.append(("range", .range(shifted(property.span, by: blockStart))))
            return .object(fields)
        })))
        return .object(members)
    }

    /// `{"dialect", "fields": [{"key", "value", "range"}], "problem"?}`; a
    /// field's range runs from its key through its value.
    static func frontMatter(_ frontMatter: FrontMatter, blockStart: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("dialect", .string(frontMatter.dialect.rawValue)),
            ("fields", .array(frontMatter.fields.map { field($0, base: blockStart) })),
        ]
        if let problem = frontMatter.problem { members.append(("problem", .string(problem))) }
        return .object(members)
    }

    /// `{"key", "value", "range"}`: a YAML mapping's value is a JSON
    /// object, a list's an array (`plainValue`), any other value its text.
    private static func field(_ field: FrontMatterField, base: Int) -> JSONValue {
        let end = Swift.max(field.keySpan.upperBound, field.valueSpan.upperBound)
        let value: JSONValue
        switch field.node?.content {
        case .mapping?, .sequence?: value = field.node.map { plainValue($0) } ?? .string(field.value)
        default: value = .string(field.value)
        }
        return .object([
            ("key", .string(field.key)),
            ("value", value),
            ("range", .range(shifted(field.keySpan.lowerBound..<end, by: base))),
        ])
    }

    /// A YAML value as plain JSON: a mapping an object (keys as read, in
    /// source order), a sequence an array, a scalar its text (never
    /// re-typed), an alias `*name`. Nesting deeper than `depth` levels is
    /// given as `null` (libyaml's own limit is lower; this only bounds recursion).
    static func plainValue(_ node: YAMLNode, depth: Int = 64) -> JSONValue {
        guard depth > 0 else { return .null }
        switch node.content {
        case .scalar(let scalar): return .string(scalar.value)
        case .alias(let name): return .string("*\(name)")
        case .sequence(let items): return .array(items.map { plainValue($0, depth: depth - 1) })
        case .mapping(let pairs):
            return .object(pairs.map { pair in
                (pair.key.scalar?.value ?? "", plainValue(pair.value, depth: depth - 1))
            })
        }
    }

    // MARK: YAML

    /// YAML: `{"path", "dialect": "yaml", "lineEnding", "byteOrderMark",
    /// "documents": [node | null], "diagnostics"}`; the flat dialect of
    /// `tiledown.yml` has `"fields"` instead of `"documents"`. Nodes are
    /// made as they are written (`JSONValue.lazyArray`).
    static func yaml(_ file: YAMLFileDocument, path: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("path", .string(path)),
            ("dialect", .string(file.dialect.rawValue)),
            ("lineEnding", .string(file.lineEnding.rawValue)),
            ("byteOrderMark", .bool(file.bytes.starts(with: [0xEF, 0xBB, 0xBF]))),
        ]
        switch file.dialect {
        case .yaml:
            let documents = file.documents
            members.append(("documents", .lazyArray(count: documents.count, itemsArePlain: false) { documents[$0].root.map(node) ?? .null }))
        case .flat:
            members.append(("fields", .array(file.fields.map { field($0, base: 0) })))
        }
        members.append(("diagnostics", .array(file.diagnostics.map(diagnostic))))
        return .object(members)
    }

    /// `{"kind": "mapping" | "sequence" | "scalar" | "alias", "range",
    /// "anchor"?, "tag"?, …}`: a mapping adds `"style"` (`block`/`flow`) and
    /// `"pairs": [{"key", "value"}]`, a sequence `"style"` and `"items"`, a
    /// scalar `"value"` (as written, never re-typed) and `"style"`
    /// (`plain`, `singleQuoted`, `doubleQuoted`, `literal`, `folded`), an
    /// alias `"alias"` (the anchor name).
    static func node(_ node: YAMLNode) -> JSONValue {
        var members: [(String, JSONValue)] = []
        let kind: String
        switch node.content {
        case .mapping: kind = "mapping"
        case .sequence: kind = "sequence"
        case .scalar: kind = "scalar"
        case .alias: kind = "alias"
        }
        members.append(("kind", .string(kind)))
        members.append(("range", .range(node.range)))
        if let anchor = node.anchor { members.append(("anchor", .string(anchor))) }
        if let tag = node.tag { members.append(("tag", .string(tag))) }
        switch node.content {
        case .mapping(let pairs):
            members.append(("style", .string(node.collectionStyle.rawValue)))
            members.append(("pairs", .lazyArray(count: pairs.count, itemsArePlain: false) { index in
                .object([("key", self.node(pairs[index].key)), ("value", self.node(pairs[index].value))])
            }))
        case .sequence(let items):
            members.append(("style", .string(node.collectionStyle.rawValue)))
            members.append(("items", .lazyArray(count: items.count, itemsArePlain: false) { self.node(items[$0]) }))
        case .scalar(let scalar):
            members.append(("value", .string(scalar.value)))
            members.append(("style", .string(scalar.style.rawValue)))
        case .alias(let name):
            members.append(("alias", .string(name)))
        }
        return .object(members)
    }

    private static func shifted(_ range: Range<Int>, by offset: Int) -> Range<Int> {
        (range.lowerBound + offset)..<(range.upperBound + offset)
    }
}
