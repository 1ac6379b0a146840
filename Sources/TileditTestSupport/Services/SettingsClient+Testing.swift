import Testing
import TileditServices

extension SettingsClient {
    /// A client whose every closure records an issue (`load` throws
    /// `UnimplementedError`, `save` does nothing).
    public static var unimplemented: SettingsClient {
        SettingsClient(
            load: {
                Issue.record("SettingsClient.load was called unexpectedly")
                throw UnimplementedError("SettingsClient.load")
            },
            save: { _ in Issue.record("SettingsClient.save was called unexpectedly") }
        )
    }

    /// A client that loads `settings` and accepts saves without storing them.
    public static func constant(_ settings: Settings = Settings()) -> SettingsClient {
        SettingsClient(load: { settings }, save: { _ in })
    }
}
