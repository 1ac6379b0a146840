import TileditModel
import TileditTextLayout
import TileditTerminalToolkit

/// The `?` overlay: every key binding by scope, with the keys and each
/// action's label, from the same table the key router dispatches from.
enum HelpOverlay {
    /// The overlay's lines: a title per scope, then `keys  label` rows.
    static func lines(keyWidth: Int = 18) -> [[TextSegment]] {
        var lines: [[TextSegment]] = []
        for scope in KeyScope.allCases {
            let bindings = KeyMap.bindings.filter { $0.scope == scope }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append([]) }
            lines.append([TextSegment(scope.title, role: .heading, attributes: .bold)])
            for binding in bindings {
                lines.append([
                    TextSegment("  " + DisplayWidth.pad(binding.keyLabel, to: keyWidth), role: .accent),
                    TextSegment(binding.label, role: .text),
                ])
            }
        }
        return lines
    }

    /// The help as plain text lines (for the README and tests).
    static var text: [String] { lines().map { $0.map(\.text).joined() } }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, state: inout ViewState) {
        let width = min(area.width, 72)
        let height = max(3, area.height - 2)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: "Keys (↑↓ scroll, Esc closes)")
        let all = lines()
        state.helpScroll = max(0, min(state.helpScroll, all.count - content.height))
        for offset in 0..<min(content.height, all.count - state.helpScroll) {
            buffer.put(all[state.helpScroll + offset], row: content.row + offset, column: content.column, background: .overlay, clip: content)
        }
    }
}
