import TileditServices

/// What the app shows over the panes (`AppModel.destination`): its sheets
/// and alerts, each case with the state it needs.
public enum AppDestination: Equatable {
    case search(SearchModel)
    case settings(SettingsModel)
    /// Unsaved documents: save them, discard them, or stay.
    case confirmQuit(unsavedPaths: [String])
    /// Documents with edits left by an earlier session: restore or discard.
    case recoverEdits(RecoveryList)
    /// What the start-up check did with files interrupted saves left.
    case interruptedSaves([InterruptedSave])
    case alert(ViewError)

    public static func == (lhs: AppDestination, rhs: AppDestination) -> Bool {
        switch (lhs, rhs) {
        case (.search(let a), .search(let b)): a === b
        case (.settings(let a), .settings(let b)): a === b
        case (.confirmQuit(let a), .confirmQuit(let b)): a == b
        case (.recoverEdits(let a), .recoverEdits(let b)): a == b
        case (.interruptedSaves(let a), .interruptedSaves(let b)): a == b
        case (.alert(let a), .alert(let b)): a == b
        default: false
        }
    }

    public var recoverEdits: RecoveryList? {
        if case .recoverEdits(let list) = self { return list }
        return nil
    }

    public var interruptedSaves: [InterruptedSave]? {
        if case .interruptedSaves(let saves) = self { return saves }
        return nil
    }

    public var search: SearchModel? {
        if case .search(let model) = self { return model }
        return nil
    }

    public var settings: SettingsModel? {
        if case .settings(let model) = self { return model }
        return nil
    }

    public var confirmQuit: [String]? {
        if case .confirmQuit(let paths) = self { return paths }
        return nil
    }

    public var alert: ViewError? {
        if case .alert(let error) = self { return error }
        return nil
    }
}
