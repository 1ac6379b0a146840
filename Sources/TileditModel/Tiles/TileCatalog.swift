/// The tile types a document may use, with their schemas.
///
/// `builtIn` is the Tiledown catalog of ARCHITECTURE.md, "The Tiledown format". Buttondown also
/// takes `thanksBody`, `confirmedBody` and `metadata.<name>`, as the Tiledown
/// "everything" fixture site uses them.
public struct TileCatalog: Sendable, Hashable {
    /// Schemas in catalog order.
    public var schemas: [TileSchema]

    public init(schemas: [TileSchema]) {
        self.schemas = schemas
    }

    /// The schema of `type`, if the catalog knows it.
    public func schema(for type: String) -> TileSchema? {
        schemas.first { $0.type == type }
    }

    /// The same catalog with `order`'s types first, in that order.
    public func ordered(by order: [String]) -> TileCatalog {
        let first = order.compactMap { schema(for: $0) }
        let rest = schemas.filter { !order.contains($0.type) }
        return TileCatalog(schemas: first + rest)
    }

    /// `id`: every tile may have one.
    public static let idProperty = TilePropertySchema(
        "id", .identifier, summary: "Identifies the tile in the page; lowercase kebab-case, unique in the document")
    /// `mode`: where a tile's behavior runs.
    public static let modeProperty = TilePropertySchema(
        "mode", .choice(["static", "local", "remote", "proxy", "build"]),
        summary: "Where the tile runs: static, local, remote, proxy or build")

    /// The built-in Tiledown tiles.
    public static let builtIn = TileCatalog(schemas: [
        TileSchema(type: "callout", summary: "A highlighted note with a title and a body", properties: [
            TilePropertySchema("title", .text, default: "Note", summary: "Heading of the note", template: .text("Note")),
            TilePropertySchema("body", .multilineText, summary: "Text of the note", template: .text("Write the note here.")),
        ]),
        TileSchema(type: "counter", summary: "A button that counts clicks in the browser", properties: [
            TilePropertySchema("label", .text, default: "Clicks", summary: "Label of the button", template: .text("Clicks")),
        ]),
        TileSchema(type: "embed", summary: "A video from YouTube, Vimeo or an https media file", properties: [
            TilePropertySchema("url", .videoURL, required: true, summary: "YouTube or Vimeo page, or an https .mp4/.webm/.ogg file", template: .text("")),
            TilePropertySchema("title", .text, summary: "Accessible title of the video"),
            TilePropertySchema("aspectRatio", .aspectRatio, default: "16/9", summary: "Width/height, e.g. 16/9"),
        ]),
        TileSchema(type: "chart", summary: "A bar, line, pie, doughnut or scatter chart", properties: [
            TilePropertySchema("type", .choice(["bar", "line", "pie", "doughnut", "scatter"]), required: true, summary: "Kind of chart", template: .text("bar")),
            TilePropertySchema("labels", .list, required: true, summary: "Category labels, comma-separated", template: .text("A, B, C")),
            TilePropertySchema("title", .text, summary: "Title shown above the chart"),
            TilePropertySchema("height", .integer(240...720), summary: "Height in pixels, 240 to 720"),
            TilePropertySchema("legend", .boolean, summary: "Whether to show the legend"),
        ], propertyPrefixes: ["series."]),
        TileSchema(type: "mermaid", summary: "A Mermaid diagram", properties: [
            TilePropertySchema("definition", .multilineText, required: true, summary: "Mermaid source of the diagram", template: .literal("graph TD\n  A[Start] --> B[End]")),
        ]),
        TileSchema(type: "service-form", summary: "A form bound to a service contract", properties: [
            TilePropertySchema("service", .text, summary: "Service name from tiledown.yml"),
            TilePropertySchema("operation", .text, summary: "Operation of the service contract"),
            TilePropertySchema("submitLabel", .text, summary: "Label of the submit button"),
        ]),
        TileSchema(type: "buttondown", summary: "A Buttondown newsletter sign-up form", properties: [
            TilePropertySchema("username", .text, required: true, summary: "Buttondown username", template: .text("")),
            TilePropertySchema("title", .text, summary: "Heading of the form"),
            TilePropertySchema("body", .multilineText, summary: "Text above the form"),
            TilePropertySchema("emailLabel", .text, summary: "Label of the email field"),
            TilePropertySchema("placeholder", .text, summary: "Placeholder of the email field"),
            TilePropertySchema("buttonLabel", .text, summary: "Label of the subscribe button"),
            TilePropertySchema("note", .text, summary: "Small print under the form"),
            TilePropertySchema("poweredBy", .boolean, summary: "Whether to show the Buttondown credit"),
            TilePropertySchema("tags", .list, summary: "Tags given to new subscribers"),
            TilePropertySchema("thanksBody", .multilineText, summary: "Text of the thank-you page"),
            TilePropertySchema("confirmedBody", .multilineText, summary: "Text of the confirmation page"),
        ], propertyPrefixes: ["metadata."]),
    ])

    /// The series template a new chart gets (`series.Values`).
    static let chartSeriesTemplate = ("series.Values", TileValue.text("1, 2, 3"))
}
