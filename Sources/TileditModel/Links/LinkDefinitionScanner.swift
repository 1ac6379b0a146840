/// Reads the link reference definitions of a `.linkReferenceDefinitions`
/// block (CommonMark section 4.7): `[label]: destination "title"`, the
/// destination and the title possibly on the next line. `LinkReader`
/// checks what it reads against cmark's reading.
struct LinkDefinitionScanner {
    /// One definition: its label as written, where its destination is,
    /// and the destination as CommonMark reads it (`nil` when unknown).
    struct Found: Hashable {
        var label: String
        var range: Range<Int>
        var isAngleBracketed: Bool
        var url: String?
    }

    let bytes: [UInt8]

    /// The definitions in `range`, in order; it stops at the first line
    /// that does not read as one (the rest is left unread).
    func scan(_ range: Range<Int>) -> [Found] {
        let end = Swift.min(range.upperBound, bytes.count)
        let inline = InlineLinkScanner(bytes: bytes, definitions: [:])
        var found: [Found] = []
        var index = range.lowerBound
        while index < end {
            // Blank lines between definitions.
            let lineEnd = endOfLine(from: index, end: end)
            if bytes[index..<lineEnd].allSatisfy(Byte.isSpaceOrTab) {
                index = afterLineBreak(lineEnd, end: end)
                continue
            }
            var cursor = index
            var indent = 0
            while cursor < end, bytes[cursor] == Byte.space, indent < 3 {
                cursor += 1
                indent += 1
            }
            guard cursor < end, bytes[cursor] == Byte.openBracket, let (label, afterLabel) = label(at: cursor, end: end),
                  afterLabel < end, bytes[afterLabel] == Byte.colon else { break }
            cursor = inline.skipWhitespace(from: afterLabel + 1, end: end)
            guard let (destination, isAngle, afterDestination) = inline.destination(at: cursor, end: end) else { break }
            // The title: on the same line after whitespace, or on the next line; else none.
            let destinationLineEnd = endOfLine(from: afterDestination, end: end)
            let restIsBlank = bytes[afterDestination..<destinationLineEnd].allSatisfy(Byte.isSpaceOrTab)
            var definitionEnd = afterLineBreak(destinationLineEnd, end: end)
            let titleStart = inline.skipWhitespace(from: afterDestination, end: end)
            if titleStart > afterDestination, let titleEnd = inline.title(at: titleStart, end: end) {
                let titleLineEnd = endOfLine(from: titleEnd, end: end)
                if bytes[titleEnd..<titleLineEnd].allSatisfy(Byte.isSpaceOrTab) {
                    definitionEnd = afterLineBreak(titleLineEnd, end: end)
                } else if !restIsBlank {
                    break
                }
            } else if !restIsBlank {
                break
            }
            found.append(Found(label: label, range: destination, isAngleBracketed: isAngle, url: LinkText.unescaped(bytes[destination])))
            index = definitionEnd
        }
        return found
    }

    /// `[label]` at `start` (not blank, at most 999 characters, no
    /// unescaped bracket inside): the label and the index after `]`.
    private func label(at start: Int, end: Int) -> (String, Int)? {
        var index = start + 1
        while index < end, index - start <= 1000 {
            switch bytes[index] {
            case Byte.backslash: index += 2
            case Byte.openBracket: return nil
            case Byte.closeBracket:
                let label = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
                return label.allSatisfy(\.isWhitespace) ? nil : (label, index + 1)
            default: index += 1
            }
        }
        return nil
    }

    private func endOfLine(from start: Int, end: Int) -> Int {
        var index = start
        while index < end, bytes[index] != Byte.newline, bytes[index] != Byte.carriageReturn { index += 1 }
        return index
    }

    private func afterLineBreak(_ index: Int, end: Int) -> Int {
        guard index < end else { return end }
        return bytes[index] == Byte.carriageReturn && index + 1 < end && bytes[index + 1] == Byte.newline ? index + 2 : index + 1
    }
}
