/// A line of a document (or the part of it that holds a value) that search
/// tokenizes, and the zone it counts in.
struct SearchLine: Sendable, Equatable {
    /// Line in the file, from 1; 0 for the title taken from the file name.
    var number: Int
    var zone: SearchZone
    /// UTF-8 offsets of the text to tokenize, in the document's bytes
    /// (`SearchOutline.title`'s bytes for line 0).
    var range: Range<Int>
    /// Whether a new passage starts here: a phrase does not reach from the
    /// lines before into this one (a new field, property, paragraph, list
    /// item or heading).
    var startsPassage: Bool
}
