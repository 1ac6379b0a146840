import TileditModel
import TileditServices

/// A file read through the document store (its bytes passed the content
/// checks) and parsed.
struct OpenedFile: Sendable {
    /// Which file, as named.
    var input: InputFile
    /// The bytes read and the fingerprint a save compares against.
    var loaded: LoadedFile
    /// The parsed document.
    var document: SourceDocument
}
