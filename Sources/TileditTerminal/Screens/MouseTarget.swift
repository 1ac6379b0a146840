import TileditTerminalToolkit

/// What a click or the wheel at a place of the last frame acts on: each
/// frame records where it drew its panes, rows and buttons
/// (`ViewState.hitRegions`), the renderer's own knowledge of its layout.
/// What a target does is the `MouseRouter`'s, through the view models' actions.
enum MouseTarget: Hashable, Sendable {
    /// Inside a pane, off its rows.
    case pane(Pane)
    /// Row `index` of a pane's list: a document, a block, an inspector field.
    case row(Pane, index: Int)
    /// The sheet or alert on top, off its rows and buttons: clicks there do nothing.
    case overlay
    /// Row `index` of the list of the sheet on top (the catalog, search
    /// results, settings, the edits to recover).
    case sheetRow(index: Int)
    /// Button `index` of the alert or sheet on top.
    case button(index: Int)
}

/// A rectangle of the last frame and what it stands for.
struct HitRegion: Hashable, Sendable {
    var rect: Rect
    var target: MouseTarget
}
