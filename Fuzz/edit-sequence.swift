import TileditFixtures
import TileditModel

/// Edit sequences decoded from the fuzzer's bytes, applied through the
/// model's editing API, with the editing laws checked after every step
/// (the shared checks of `EditingLaws`).
///
/// Input layout: byte 0 picks the front-matter dialect (low bit); bytes 1–2
/// give the document's length (little endian, cut to what is there); the
/// document follows; the rest is a sequence of steps, each an opcode byte
/// and its operands (see `Step`). Missing operand bytes read as 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func editSequence(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = ByteReader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let dialect: FrontMatterDialect = input.byte() & 1 == 0 ? .yaml : .tiledown
    let length = input.int16()
    let text = input.bytes(length)
    if let problem = EditingLaws.roundTripViolation(text, dialect: dialect) { fatalError(problem) }
    var document = MarkdownDocument(bytes: text, dialect: dialect)
    if let problem = EditingLaws.blockLayoutViolation(document) { fatalError(problem) }
    var step = 0
    while !input.isAtEnd && step < 48 {
        step += 1
        let before = document.bytes
        if let operation = Step.decode(&input, document: &document) {
            let outcome = EditingLaws.perform(operation, on: &document)
            if let problem = outcome.violations.first {
                fatalError("step \(step) on \(String(decoding: before, as: UTF8.self).debugDescription): \(problem)")
            }
        } else if let problem = EditingLaws.reparseViolation(document) {
            fatalError("step \(step), a text edit of \(String(decoding: before, as: UTF8.self).debugDescription): \(problem)")
        }
        if let problem = EditingLaws.blockLayoutViolation(document) { fatalError("step \(step): \(problem)") }
    }
    return 0
}

/// Reads operands from the fuzzer's bytes; past the end every read is 0.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int16() -> Int { Int(byte()) | Int(byte()) << 8 }

    /// A number in `0..<count` (`count` > 0).
    mutating func below(_ count: Int) -> Int { (count <= 256 ? Int(byte()) : int16()) % count }

    mutating func bytes(_ count: Int) -> [UInt8] {
        let end = Swift.min(bytes.count, position + count)
        defer { position = end }
        return Array(bytes[Swift.min(position, end)..<end])
    }

    /// Text: one of the generator's edit fragments, or up to 32 bytes of the input.
    mutating func text() -> String {
        let choice = Int(byte())
        if choice < TiledownGenerator.editFragments.count { return TiledownGenerator.editFragments[choice] }
        if choice == 255 { return "" }
        return String(decoding: bytes(choice % 33), as: UTF8.self)
    }
}

/// The steps: a raw text replacement (applied here, `nil` returned) or a
/// document operation on a block chosen by index.
enum Step {
    static let keys = ["title", "body", "label", "id", "color", "labels", "series.Extra", "type", "mode", "tags", "draft", "date", "a: b", ""]
    static let types = ["callout", "chart", "mermaid", "embed", "counter", "buttondown", "service-form", "unknown"]

    static func decode(_ input: inout ByteReader, document: inout MarkdownDocument) -> DocumentOperation? {
        let opcode = input.byte() % 14
        let count = document.blockCount
        let block = count == 0 ? nil : document.block(at: input.below(count))
        func key() -> String { keys[input.below(keys.count)] }
        func value() -> TileValue {
            switch input.byte() % 4 {
            case 0: .text(input.text())
            case 1: .literal(input.text())
            case 2: .list([input.text(), input.text()])
            default: .list([])
            }
        }
        switch (opcode, block) {
        case (1, let block?):
            let key = key()
            let value = key == "id" && input.byte() & 1 == 0 ? TileValue.text(document.uniqueTileID(base: "renamed")) : value()
            return .setTileProperty(block.id, key: key, value: value)
        case (2, let block?):
            if case .tile(let tile) = block.kind, !tile.properties.isEmpty {
                return .removeTileProperty(block.id, key: tile.properties[input.below(tile.properties.count)].key)
            }
            return .removeTileProperty(block.id, key: key())
        case (3, _): return .setFrontMatterField(key: key(), value: input.text())
        case (4, _): return .setFrontMatterList(key: key(), items: [input.text(), input.text()])
        case (5, _): return .appendFrontMatterListItem(key: key(), item: input.text())
        case (6, _): return .removeFrontMatterField(key: key())
        case (7, _): return .insertTile(type: types[input.below(types.count)], at: input.below(count + 1))
        case (8, _): return .insertText(input.text(), at: input.below(count + 1))
        case (9, let block?): return .deleteBlock(block.id)
        case (10, let block?): return .moveBlock(block.id, to: input.below(count))
        case (11, let block?): return .duplicateBlock(block.id)
        case (12, let block?), (13, let block?): return .replaceBlockText(block.id, text: input.text())
        default:
            // A raw replacement, as typing does it: start and end on scalar
            // boundaries, CRLF pairs kept whole.
            let bytes = document.bytes
            let start = boundary(bytes, input.below(bytes.count + 1))
            let end = boundary(bytes, start + input.below(41))
            _ = document.replace(start..<end, with: Array(input.text().utf8))
            return nil
        }
    }

    private static func boundary(_ bytes: [UInt8], _ offset: Int) -> Int {
        var position = Swift.min(offset, bytes.count)
        while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
        if position > 0 && position < bytes.count && bytes[position - 1] == 0x0D && bytes[position] == 0x0A { position += 1 }
        return position
    }
}
