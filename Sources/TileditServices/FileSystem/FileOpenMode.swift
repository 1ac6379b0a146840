/// How `FileSystem.openFile` opens a path. No mode ever blocks while
/// opening (a FIFO without a writer, a device), and none creates or
/// truncates an existing file.
public enum FileOpenMode: Sendable, Hashable {
    /// Reading (`O_RDONLY | O_NONBLOCK | O_NOCTTY`); `followsLinks: false`
    /// adds `O_NOFOLLOW`, so a symbolic link fails with `ELOOP`.
    case read(followsLinks: Bool)
    /// Writing an existing file in place, from its first byte, without
    /// truncating it (`O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY`).
    case update
    /// Creating a new file that must not exist yet (`O_WRONLY | O_CREAT |
    /// O_EXCL | O_NOFOLLOW`) with these permission bits (less the umask).
    case create(permissions: UInt16)
    /// Writing into a character device or a FIFO, as a shell's `>` does:
    /// `O_WRONLY | O_NOCTTY`, non-blocking only while opening (a FIFO that
    /// no program reads fails with `ENXIO`).
    case writeDevice
}
