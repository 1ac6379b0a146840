/// What `SafeWriter` expects the path it writes to be, as to symbolic
/// links: a save never writes through a link that was not there (or led
/// elsewhere) when the file was read.
enum LinkExpectation: Sendable, Hashable {
    /// Not checked (the settings file, the journal, new files).
    case unchecked
    /// The path was no symbolic link when read: a link there now is
    /// refused (`DocumentStoreError.becameLink`), or with
    /// `SaveOptions.replacesLink` replaced by a regular file.
    case noLink
    /// The path led through symbolic links to the file at this path
    /// (standardized): a link there now leading elsewhere is refused.
    case leadsTo(String)

    /// The expectation a fingerprint gives: its `resolvedPath`.
    init(_ fingerprint: FileFingerprint) {
        self = fingerprint.resolvedPath.map(LinkExpectation.leadsTo) ?? .noLink
    }
}
