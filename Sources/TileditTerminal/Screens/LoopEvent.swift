import TileditTerminalToolkit
/// What wakes the run loop: a key (or a resize), a change of observed
/// view-model state, or the end of input.
enum LoopEvent: Sendable {
    case key(KeyEvent)
    case changed
    case inputClosed
}
