/// How a save may go beyond the default rules (see `DocumentStore.saveWithOptions`).
public struct SaveOptions: Sendable, Hashable {
    /// Write a file the user may not write (no write permission bit, or
    /// `access(2)` refuses), after the user confirmed (`--force` in the
    /// commands, a question in the editor). The file keeps its owner, group
    /// and mode. This never gives a file another owner: a file that can be
    /// neither replaced keeping its owner nor written in place is refused.
    public var overridesReadOnly: Bool
    /// Write into a character device or a FIFO in place, as a shell's `>`
    /// does, instead of refusing it (`tiledit render -o /dev/stdout`).
    /// Block devices and sockets are refused either way, and nothing is ever
    /// renamed over a device.
    public var writesIntoDevices: Bool
    /// A symbolic link found where the expected fingerprint had none (or
    /// one leading elsewhere) is replaced by a regular file with the bytes,
    /// the link's target left alone, instead of refused
    /// (`DocumentStoreError.becameLink`): "Overwrite" after the user was told.
    public var replacesLink: Bool
    /// A new file (no expected fingerprint) whose folder is gone has its
    /// folders made first, instead of failing with `.writeFailed`: "Save
    /// again" after another program removed the file with its folder.
    public var createsFolders: Bool

    public init(overridesReadOnly: Bool = false, writesIntoDevices: Bool = false, replacesLink: Bool = false, createsFolders: Bool = false) {
        self.overridesReadOnly = overridesReadOnly
        self.writesIntoDevices = writesIntoDevices
        self.replacesLink = replacesLink
        self.createsFolders = createsFolders
    }

    /// No override: read-only files, devices, FIFOs and sockets are refused.
    public static let standard = SaveOptions()
}
