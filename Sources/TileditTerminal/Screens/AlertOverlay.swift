import TileditViewModels
import TileditTerminalToolkit

/// An alert or confirmation over the panes, drawn from a view model's
/// `AlertState`: its title, message and buttons as an `Overlay`. The key
/// router sends the chosen button's choice back to the view model's
/// `onChose(_:)`; which buttons there are, which one is selected first,
/// whether letters answer and what each does are the view model's.
@MainActor
struct AlertOverlay {
    /// The overlay to draw, with the view model's initial button selected.
    let overlay: Overlay
    /// Changes when another alert comes up (its selected button starts afresh).
    let identity: String
    /// What choosing button `index` (`nil`: closing the alert) does.
    private let send: @MainActor (Int?) -> KeyRouter.Work

    /// Shows `alert` of the view model `owner`, whose `onChose(_:)` is `chose`.
    init<Choice>(_ alert: AlertState<Choice>, owner: AnyObject, chose: @escaping @MainActor (Choice) async -> Void) {
        overlay = Overlay(
            title: alert.title, body: alert.message, choices: alert.buttons.map(\.title), selectedChoice: alert.initialButton,
            choosesByLetter: alert.answersToLetters)
        identity = "alert \(ObjectIdentifier(owner).hashValue) \(alert.title) \(alert.message)"
        send = { index in
            let choice = index.flatMap { alert.buttons.indices.contains($0) ? alert.buttons[$0].choice : nil } ?? alert.dismissal
            return { await chose(choice) }
        }
    }

    /// The work of choosing button `index`, or of closing the alert (`nil`).
    func choose(_ index: Int?) -> KeyRouter.Work {
        send(index)
    }

    /// The alert on top of the app's view models, in the modals' order
    /// (the app's, the Markdown or YAML editor's, the document list's).
    static func current(app: AppModel) -> AlertOverlay? {
        if app.destination != nil { return app.alert.map { AlertOverlay($0, owner: app) { await app.onChose($0) } } }
        if let editor = app.editor, editor.destination != nil { return editor.alert.map { AlertOverlay($0, owner: editor) { await editor.onChose($0) } } }
        if let yaml = app.yamlEditor, yaml.destination != nil { return yaml.alert.map { AlertOverlay($0, owner: yaml) { await yaml.onChose($0) } } }
        if let list = app.documents, list.destination != nil { return list.alert.map { AlertOverlay($0, owner: list) { await list.onChose($0) } } }
        return nil
    }

    /// Draws the alert with button `choice` selected; returns where each button is.
    func draw(into buffer: inout ScreenBuffer, area: Rect, choice: Int) -> [Rect] {
        let selected = overlay.selecting(choice)
        selected.draw(into: &buffer, area: area, maxWidth: 64)
        return selected.placement(in: area, maxWidth: 64).buttons
    }
}
