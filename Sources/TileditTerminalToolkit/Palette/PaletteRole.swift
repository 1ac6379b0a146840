/// A semantic color role. Widgets name roles, never colors; a `Palette`
/// turns a role into terminal colors and attributes for the background tone
/// in use, or into attributes alone under `NO_COLOR`.
public enum PaletteRole: String, CaseIterable, Hashable, Sendable {
    /// Ordinary text.
    case text
    /// Secondary text: paths, hints, counts.
    case muted
    /// Something to notice: a key hint, an active control.
    case accent
    /// Background of the selected row or range.
    case selection
    /// Text drawn on `selection`.
    case selectionText
    /// Pane and box borders.
    case border
    /// The border of the focused pane.
    case focusBorder
    /// Markdown headings and section titles.
    case heading
    /// Inline code and code blocks.
    case code
    /// Links and URLs.
    case link
    /// Error diagnostics.
    case error
    /// Warning diagnostics.
    case warning
    /// Informational diagnostics and notes.
    case info
    /// Success messages (saved, check passed).
    case success
    /// Background of the status bar.
    case statusBar
    /// Text drawn on `statusBar`.
    case statusBarText
    /// Background of sheets and alerts drawn over the panes.
    case overlay
    /// The unsaved-changes marker.
    case dirty
    /// The frame around a tile block.
    case tileFrame
    /// A tile's type and id label.
    case tileLabel
    /// Markdown emphasis (`*text*`).
    case emphasis
    /// Markdown strong emphasis (`**text**`).
    case strong
    /// Block quotes.
    case quote
    /// Math (`$$…$$`).
    case math
    /// List bullets and numbers.
    case listMarker
}
