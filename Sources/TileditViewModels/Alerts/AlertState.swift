/// An alert or confirmation a view model shows: its title, its message and
/// its buttons, each carrying the choice it sends back to the view model's
/// `onChose(_:)` (ARCHITECTURE.md, "View models"). Renderers draw the
/// buttons in order and send the chosen button's `choice`, or `dismissal`
/// when the alert is closed without one (Escape, the window's close
/// button); they never map a button's position to an action.
public struct AlertState<Choice: Equatable & Sendable>: Equatable, Sendable {
    /// The title (the terminal draws it in the border; it is the alert's
    /// accessibility label).
    public var title: String
    /// The message; line breaks are kept.
    public var message: String
    /// The buttons, in reading order.
    public var buttons: [AlertButton<Choice>]
    /// The button selected when the alert comes up (an index into
    /// `buttons`): the one that loses nothing.
    public var initialButton: Int
    /// What closing the alert without a button means.
    public var dismissal: Choice
    /// Whether typing a button's first letter chooses it. Off for alerts
    /// that can come up while the user types elsewhere and whose buttons
    /// drop or overwrite work: a stray letter must not answer them.
    public var answersToLetters: Bool

    public init(
        title: String, message: String, buttons: [AlertButton<Choice>], initialButton: Int = 0, dismissal: Choice,
        answersToLetters: Bool = true
    ) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.initialButton = Swift.min(Swift.max(0, initialButton), Swift.max(0, buttons.count - 1))
        self.dismissal = dismissal
        self.answersToLetters = answersToLetters
    }

    /// The same alert with every choice turned into another type (an
    /// alert shared by two view models, such as a `DocumentSession`
    /// question, wrapped in each one's choice type).
    public func map<Other: Equatable & Sendable>(_ transform: (Choice) -> Other) -> AlertState<Other> {
        AlertState<Other>(
            title: title, message: message,
            buttons: buttons.map { AlertButton<Other>($0.title, role: $0.role, choice: transform($0.choice)) },
            initialButton: initialButton, dismissal: transform(dismissal), answersToLetters: answersToLetters)
    }
}

/// One button of an `AlertState`: its title, its role and the choice it sends.
public struct AlertButton<Choice: Equatable & Sendable>: Equatable, Sendable {
    /// The label.
    public var title: String
    /// Its role, `nil` for a plain button.
    public var role: AlertButtonRole?
    /// What choosing it sends to the view model.
    public var choice: Choice

    public init(_ title: String, role: AlertButtonRole? = nil, choice: Choice) {
        self.title = title
        self.role = role
        self.choice = choice
    }
}

/// What a button does, for renderers that style buttons by it.
public enum AlertButtonRole: Equatable, Sendable {
    /// Closes the alert without acting.
    case cancel
    /// Drops or overwrites work (deleting, discarding, overwriting, reloading over edits).
    case destructive
}
