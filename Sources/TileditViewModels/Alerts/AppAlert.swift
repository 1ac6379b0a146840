/// What the user can answer to the app's alerts.
public enum AppAlertChoice: Equatable, Sendable {
    /// Quit, saving every unsaved document first or discarding the edits.
    case quit(saving: Bool)
    /// Close the alert (staying, for the quit question).
    case dismiss
}

/// The alerts of `AppModel`'s destinations.
enum AppAlert {
    /// The alert for `destination`; `nil` for sheets (search, settings,
    /// the list of recoverable edits).
    static func alert(for destination: AppModel.Destination) -> AlertState<AppAlertChoice>? {
        switch destination {
        case .search, .settings, .recoverEdits:
            return nil
        case .confirmQuit(let paths):
            return AlertState(
                title: "Unsaved changes", message: "These documents have unsaved edits:\n" + paths.map { "  " + $0 }.joined(separator: "\n"),
                buttons: [
                    AlertButton("Save and quit", choice: .quit(saving: true)),
                    AlertButton("Discard and quit", role: .destructive, choice: .quit(saving: false)),
                    AlertButton("Cancel", role: .cancel, choice: .dismiss),
                ],
                dismissal: .dismiss)
        case .interruptedSaves(let saves):
            return AlertState(
                title: "Interrupted saves", message: saves.map(\.message).joined(separator: "\n"),
                buttons: [AlertButton("OK", role: .cancel, choice: .dismiss)], dismissal: .dismiss)
        case .alert(let error):
            return ErrorAlert.alert(error, dismissal: .dismiss)
        }
    }
}
