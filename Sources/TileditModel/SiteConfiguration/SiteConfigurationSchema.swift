/// The keys `tiledown.yml` accepts, with their kinds, allowed values,
/// defaults and documentation (Tiledown's configuration reference, plus
/// `versionName`, `favicon` and `service.*`, which Tiledown's own sites
/// use): one schema for validation, completion, hovers and editors.
///
/// The file is flat `key: value` lines; dots group related keys. An
/// unknown key stops Tiledown's build, so it is an error.
public struct SiteConfigurationSchema: Sendable, Hashable {
    /// Known keys and families, in the order the reference lists them.
    public var keys: [SiteConfigurationKey]

    public init(keys: [SiteConfigurationKey]) {
        self.keys = keys
    }

    /// The file names Tiledown reads its configuration from, at the root of the content folder.
    public static let fileNames = ["tiledown.yml", "tiledown.yaml"]

    /// The prefix of the keys that need `newsletter.username`.
    public static let newsletterPrefix = "newsletter."
    /// The key required when any `newsletter.*` key is set.
    public static let newsletterUsername = "newsletter.username"

    /// The entry for `key`: the key itself, else the family it belongs to.
    public func key(_ key: String) -> SiteConfigurationKey? {
        keys.first { !$0.isFamily && $0.name == key } ?? keys.first { $0.isFamily && $0.matches(key) }
    }

    /// The known key a mistyped `key` most likely meant: a key spelled the
    /// same ignoring case, else the nearest by edit distance (a family
    /// member keeps the part after the family's prefix: `socail.github` →
    /// `social.github`); `nil` when none is near.
    public func suggestion(for key: String) -> String? {
        var candidates: [String] = []
        for entry in keys {
            if entry.isFamily {
                // The same number of dotted segments as the prefix, then the rest as written.
                let depth = entry.name.filter { $0 == "." }.count
                let parts = key.split(separator: ".", maxSplits: depth, omittingEmptySubsequences: false)
                if parts.count == depth + 1, !parts[depth].isEmpty {
                    candidates.append(entry.name + parts[depth])
                }
            } else {
                candidates.append(entry.name)
            }
        }
        if let sameLetters = candidates.first(where: { $0.lowercased() == key.lowercased() && $0 != key }) { return sameLetters }
        return EditDistance.nearest(to: key, among: candidates)
    }

    /// The custom properties of a light or dark theme (`theme.light.<p>`).
    public static let themeProperties = [
        "accent", "bg", "border", "elevated", "font", "ink", "measure", "mono", "muted", "radius", "shadow", "space", "surface",
    ]

    /// Tiledown's keys.
    public static let tiledown = SiteConfigurationSchema(keys: [
        SiteConfigurationKey("title", .text, default: "", summary: "Site title."),
        SiteConfigurationKey("versionName", .text, summary: "Version shown beside the site title, e.g. `v0.5.5`."),
        SiteConfigurationKey("favicon", .pathOrURL, summary: "Path or URL of the site icon."),
        SiteConfigurationKey("baseURL", .url, default: "", summary: "Absolute base URL for links; empty gives root-relative links."),
        SiteConfigurationKey(
            "layout", .choice(values: ["top-nav", "left-sidebar"], aliases: ["topNav": "top-nav", "leftSidebar": "left-sidebar"]),
            default: "top-nav", summary: "Page layout: navigation across the top, or in a sidebar on the left."),
        SiteConfigurationKey("fontScale", .number, default: "1", summary: "Multiplier of the base font size."),
        SiteConfigurationKey("postsDir", .text, default: "posts", summary: "Folder of the posts under the content root; leading and trailing `/` are trimmed."),
        SiteConfigurationKey("postsLabel", .text, default: "", summary: "Navigation label of the posts section."),
        SiteConfigurationKey("latestPosts", .nonNegativeInteger, default: "3", summary: "How many posts `:::recent:::` and the latest list show."),
        SiteConfigurationKey(
            "theme", .choice(values: ["standard", "system", "none"], aliases: ["unstyled": "none"]),
            default: "standard", summary: "Stylesheet: Tiledown's standard theme, the system's look, or none."),
        SiteConfigurationKey(
            "appearance", .choice(values: ["toggle", "auto", "light", "dark"], aliases: [:]),
            default: "toggle", summary: "Light or dark: a toggle for the reader, the system's setting, or fixed."),
    ] + ["light", "dark"].flatMap { mode in
        themeProperties.map { property in
            SiteConfigurationKey("theme.\(mode).\(property)", .text, summary: "The \(mode) theme's `\(property)` (a CSS value, e.g. `#63b3ed`).")
        }
    } + [
        SiteConfigurationKey("rss", .boolean, default: "false", summary: "Whether the site has a feed; it is on when `rss: true` or any `rss*` key is set."),
        SiteConfigurationKey("rssPath", .text, default: "rss.xml", summary: "Path of the feed."),
        SiteConfigurationKey("rssTitle", .text, summary: "Title of the feed; the site title when absent."),
        SiteConfigurationKey("rssDescription", .text, default: "", summary: "Description of the feed."),
        SiteConfigurationKey(family: "social.", placeholder: "network", .url, summary: "Link to a profile; `github`, `linkedin`, `bluesky` and `mastodon` get fixed labels."),
        SiteConfigurationKey(family: "links.", placeholder: "name", .url, summary: "A named link, referenced from content as `link:<name>`."),
        SiteConfigurationKey("analytics.head", .rawHTML, summary: "HTML emitted verbatim at the end of `<head>`."),
        SiteConfigurationKey("analytics.bodyEnd", .rawHTML, summary: "HTML emitted verbatim at the end of `<body>`."),
        SiteConfigurationKey("shareLinks", .boolean, default: "false", summary: "Whether pages show share links."),
        SiteConfigurationKey("showSource", .boolean, default: "false", summary: "Whether pages link to their source."),
        SiteConfigurationKey("articlePDF", .boolean, default: "false", summary: "Whether articles offer a PDF."),
        SiteConfigurationKey("newsletter.username", .text, summary: "Buttondown username; required when any `newsletter.*` key is set."),
        SiteConfigurationKey("newsletter.title", .text, default: "Subscribe", summary: "Heading of the newsletter form."),
        SiteConfigurationKey("newsletter.body", .text, default: "", summary: "Text above the newsletter form."),
        SiteConfigurationKey("newsletter.note", .text, default: "", summary: "Small print under the newsletter form."),
        SiteConfigurationKey("newsletter.buttonLabel", .text, default: "Subscribe", summary: "Label of the subscribe button."),
        SiteConfigurationKey("newsletter.placeholder", .text, default: "you@example.com", summary: "Placeholder of the email field."),
        SiteConfigurationKey("newsletter.endOfPost", .boolean, default: "true", summary: "Whether the form shows at the end of each post."),
        SiteConfigurationKey("newsletter.footer", .boolean, default: "true", summary: "Whether the form shows in the footer."),
        SiteConfigurationKey(
            family: "static.", placeholder: "outputPath", .contentPath,
            summary: "Copies a file to `<outputPath>` (which may contain dots, e.g. `static.robots.txt`); the value is its source path relative to the content root."),
        SiteConfigurationKey(
            family: "service.", placeholder: "name.property", .text,
            summary: "A service bound to `service-form` tiles: `service.<name>.contract` (its contract file), `.mode` (`static`, `local`, `remote`, `proxy` or `build`), `.proxyRoute`."),
        SiteConfigurationKey(family: "generate.", placeholder: "name", .command, summary: "A command run before the build, in name order."),
        SiteConfigurationKey(family: "notFoundRedirect.exact.", placeholder: "oldPath", .pathOrURL, summary: "Where one exact old path now lives."),
        SiteConfigurationKey(family: "notFoundRedirect.prefix.", placeholder: "oldPrefix", .pathOrURL, summary: "Where every path under an old prefix now lives."),
    ])
}
