import TileditModel

/// Lines of a file's bytes: the offset each line starts at, so a row's
/// line is a binary search. Lines end at LF, CRLF or a lone CR
/// (CommonMark's and YAML's line breaks). The editor takes the starts the
/// file keeps with every read (`YAMLFileDocument.lineStartTable`, updated
/// by an incremental read without a pass over the bytes, and shared, not
/// copied, by this table).
struct YAMLLineTable {
    /// Where lines start; the first is 0.
    private let starts: YAMLLineStarts

    /// The lines of a file whose lines start at `starts`.
    init(starts: YAMLLineStarts) {
        self.starts = starts
    }

    init(bytes: [UInt8]) {
        var found = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { found.append(index + 1) }
            index += 1
        }
        starts = YAMLLineStarts(found)
    }

    /// Number of lines (an empty file has one).
    var count: Int { starts.count }

    /// The UTF-8 offset where `line` (from 1) starts, kept within the
    /// lines (line 0 and below is the first, past the last is the last).
    func offset(ofLine line: Int) -> Int {
        starts[line - 1]
    }

    /// The line (from 1) holding the UTF-8 offset `offset`; offsets before
    /// the file are on line 1, those past its end on the last line.
    func line(of offset: Int) -> Int {
        starts.slot(of: offset) + 1
    }
}
