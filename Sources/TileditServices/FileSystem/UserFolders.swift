import Foundation

/// Where Tiledit keeps per-user files, following the XDG Base Directory
/// specification (a variable is used only when it holds an absolute path).
public enum UserFolders {
    /// `$XDG_STATE_HOME/tiledit/journal`, else `~/.local/state/tiledit/journal`:
    /// the recovery journal of unsaved edits.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - homeFolder: the user's home folder.
    public static func journalFolder(environment: [String: String], homeFolder: URL) -> URL {
        base("XDG_STATE_HOME", environment: environment, fallback: homeFolder.appendingPathComponent(".local/state", isDirectory: true))
            .appendingPathComponent("tiledit/journal", isDirectory: true)
    }

    /// `$XDG_CONFIG_HOME/tiledit/settings.yml`, else `~/.config/tiledit/settings.yml`.
    public static func settingsFile(environment: [String: String], homeFolder: URL) -> URL {
        base("XDG_CONFIG_HOME", environment: environment, fallback: homeFolder.appendingPathComponent(".config", isDirectory: true))
            .appendingPathComponent("tiledit/settings.yml", isDirectory: false)
    }

    /// `$XDG_CACHE_HOME/tiledit`, else `~/.cache/tiledit`: files Tiledit can
    /// rebuild (the search index of each workspace).
    public static func cacheFolder(environment: [String: String], homeFolder: URL) -> URL {
        base("XDG_CACHE_HOME", environment: environment, fallback: homeFolder.appendingPathComponent(".cache", isDirectory: true))
            .appendingPathComponent("tiledit", isDirectory: true)
    }

    /// The journal folder of the current process's user.
    public static var currentJournalFolder: URL {
        journalFolder(environment: ProcessInfo.processInfo.environment, homeFolder: FileManager.default.homeDirectoryForCurrentUser)
    }

    /// The settings file of the current process's user.
    public static var currentSettingsFile: URL {
        settingsFile(environment: ProcessInfo.processInfo.environment, homeFolder: FileManager.default.homeDirectoryForCurrentUser)
    }

    private static func base(_ variable: String, environment: [String: String], fallback: URL) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return fallback
    }
}
