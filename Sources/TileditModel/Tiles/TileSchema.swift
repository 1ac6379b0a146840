/// What a tile property accepts, for validation and for the inspector's
/// field types.
public enum TilePropertyKind: Sendable, Hashable {
    /// Any one-line text.
    case text
    /// Text that may span lines (written as `key: |`).
    case multilineText
    /// A lowercase kebab-case id, unique in the document.
    case identifier
    /// One of the listed words.
    case choice([String])
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// `true/false/yes/no/on/off/1/0`.
    case boolean
    /// A YouTube or Vimeo page, or an https `.mp4`/`.webm`/`.ogg` file.
    case videoURL
    /// `W/H`, two positive integers.
    case aspectRatio
    /// A comma list or a `- item` list.
    case list
    /// Comma-separated numbers (a chart series).
    case numberList

    /// A short description for field hints ("a whole number from 240 to 720").
    public var hint: String {
        switch self {
        case .text: "text"
        case .multilineText: "text, may span lines"
        case .identifier: "lowercase-kebab-case id, unique in the document"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        case .integer(let range) where range == Int.min...Int.max: "a whole number"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false (also yes/no, on/off, 1/0)"
        case .videoURL: "a YouTube or Vimeo page, or an https .mp4/.webm/.ogg file"
        case .aspectRatio: "W/H with two positive whole numbers, e.g. 16/9"
        case .list: "a comma list or one item per line"
        case .numberList: "numbers separated by commas"
        }
    }
}

/// One property a tile type knows.
public struct TilePropertySchema: Sendable, Hashable {
    /// The key (`title`, `aspectRatio`, …).
    public var key: String
    /// What the value accepts.
    public var kind: TilePropertyKind
    /// Whether the tile is invalid without it.
    public var isRequired: Bool
    /// The value the site uses when the property is absent, if any.
    public var defaultValue: String?
    /// What the property means, for the inspector.
    public var summary: String
    /// The value written when a new tile is inserted from the catalog.
    public var template: TileValue?

    public init(_ key: String, _ kind: TilePropertyKind, required: Bool = false, default defaultValue: String? = nil, summary: String, template: TileValue? = nil) {
        self.key = key
        self.kind = kind
        self.isRequired = required
        self.defaultValue = defaultValue
        self.summary = summary
        self.template = template
    }
}

/// A tile type: its properties and what it is for.
public struct TileSchema: Sendable, Hashable, Identifiable {
    /// The type name written after `:::tile`.
    public var type: String
    /// One line on what the tile shows.
    public var summary: String
    /// Known properties in canonical order (required first, then optional).
    public var properties: [TilePropertySchema]
    /// Key prefixes for families of properties, e.g. `series.` for chart
    /// series and `metadata.` for buttondown metadata.
    public var propertyPrefixes: [String]

    public var id: String { type }

    public init(type: String, summary: String, properties: [TilePropertySchema], propertyPrefixes: [String] = []) {
        self.type = type
        self.summary = summary
        self.properties = properties
        self.propertyPrefixes = propertyPrefixes
    }

    /// The schema of `key`, including the universal `id` and `mode`.
    public func property(_ key: String) -> TilePropertySchema? {
        if key == "id" { return TileCatalog.idProperty }
        if key == "mode" { return TileCatalog.modeProperty }
        return properties.first { $0.key == key }
    }

    /// Whether `key` is known: a listed property, `id`, `mode`, or a prefixed family.
    public func knows(_ key: String) -> Bool {
        property(key) != nil || propertyPrefixes.contains { key.hasPrefix($0) && key.count > $0.count }
    }

    /// Canonical rank of `key` (ARCHITECTURE.md, "The Tiledown format"): `id`, `mode`, required
    /// properties, optional known properties, then everything else.
    public func canonicalRank(of key: String) -> Int {
        if key == "id" { return 0 }
        if key == "mode" { return 1 }
        let required = properties.filter(\.isRequired)
        if let index = required.firstIndex(where: { $0.key == key }) { return 2 + index }
        let optional = properties.filter { !$0.isRequired }
        if let index = optional.firstIndex(where: { $0.key == key }) { return 2 + required.count + index }
        if let prefix = propertyPrefixes.firstIndex(where: { key.hasPrefix($0) }) {
            // Families sit right after the property they follow in the list.
            return 2 + required.count + optional.count + prefix
        }
        return Int.max
    }
}

extension TilePropertyKind {
    /// Why `value` is not a valid value of this kind for `key`, or `nil` when
    /// it is (the same rule `MarkdownDocument` diagnostics use). An empty
    /// value is valid here; whether a property is required is the schema's
    /// business.
    public func problem(with value: TileValue, key: String) -> String? {
        value.isEmpty ? nil : TileValidator.problem(with: value, kind: self, key: key)
    }
}
