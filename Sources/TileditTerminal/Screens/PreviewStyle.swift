import TileditModel
import TileditTextLayout
import TileditTerminalToolkit

/// How the preview's semantic text styles look in the palette: one
/// foreground role (the most specific the style has) plus attributes for
/// strong, emphasis and strikethrough.
enum PreviewStyle {
    /// The cell style of a run in `style`.
    static func cellStyle(_ style: TextStyle) -> CellStyle {
        let role: PaletteRole
        if style.contains(.error) {
            role = .error
        } else if style.headingLevel != nil {
            role = .heading
        } else if style.contains(.code) {
            role = .code
        } else if style.contains(.link) {
            role = .link
        } else if style.contains(.tileLabel) {
            role = .tileLabel
        } else if style.contains(.tileFrame) {
            role = .tileFrame
        } else if style.contains(.math) {
            role = .math
        } else if style.contains(.listMarker) {
            role = .listMarker
        } else if style.contains(.quote) {
            role = .quote
        } else if style.contains(.muted) {
            role = .muted
        } else if style.contains(.strong) {
            role = .strong
        } else if style.contains(.emphasis) {
            role = .emphasis
        } else {
            role = .text
        }
        var attributes: TextAttributes = []
        if style.contains(.strong) || style.headingLevel != nil { attributes.insert(.bold) }
        if style.contains(.emphasis) { attributes.insert(.underline) }
        if style.contains(.strikethrough) { attributes.insert(.dim) }
        return CellStyle(foreground: role, attributes: attributes)
    }
}
