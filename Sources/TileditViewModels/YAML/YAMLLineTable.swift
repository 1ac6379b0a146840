/// Lines of a file's bytes: the offset each line starts at, so a row's
/// line is a binary search. Lines end at LF, CRLF or a lone CR
/// (CommonMark's and YAML's line breaks). The editor takes the starts the
/// file keeps with every read (`YAMLFileDocument.lineStarts`, updated by
/// an incremental read without a pass over the bytes).
struct YAMLLineTable {
    /// UTF-8 offsets where lines start; the first is 0.
    private let starts: [Int]

    /// The lines of a file whose lines start at `starts` (the first is 0).
    init(starts: [Int]) {
        self.starts = starts.first == 0 ? starts : [0] + starts
    }

    init(bytes: [UInt8]) {
        var found = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { found.append(index + 1) }
            index += 1
        }
        starts = found
    }

    /// Number of lines (an empty file has one).
    var count: Int { starts.count }

    /// The UTF-8 offset where `line` (from 1) starts, kept within the
    /// lines (line 0 and below is the first, past the last is the last).
    func offset(ofLine line: Int) -> Int {
        starts[Swift.min(Swift.max(line, 1), starts.count) - 1]
    }

    /// The line (from 1) holding the UTF-8 offset `offset`; offsets before
    /// the file are on line 1, those past its end on the last line.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}
