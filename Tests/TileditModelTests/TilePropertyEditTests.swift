import Testing
import TileditFixtures
import TileditModel

/// Setting a tile's properties where the tile is indented as a whole (in a
/// list item; in the literal of a tile never closed, which is read as
/// Markdown): new lines take their neighbours' indentation, so the tile
/// stays a tile there and the blocks around it keep their kinds. A
/// multi-line value cannot go in such a tile (only an unindented `:::`
/// closes a tile holding a `key: |` literal): it is refused and nothing
/// changes.
@Suite("Tile property edits")
struct TilePropertyEditTests {
    /// A tile with id `t` indented by `pad`, in each context, with what
    /// comes after it.
    static func sources(pad: String) -> [String] {
        let tile = "\(pad):::tile callout\n\(pad)id: t\n\(pad)title: x\n\(pad):::\n"
        return [
            tile,
            "- item\n\n" + tile,
        ] + (pad.isEmpty ? [] : [":::tile callout\nbody: |\n" + tile + "After.\n"])
    }

    @Test func newPropertiesOfAnIndentedTileKeepItsIndentationAndItsNeighbours() throws {
        for pad in ["", " ", "  ", "   "] {
            for source in Self.sources(pad: pad) {
                for ending in ["\n", "\r\n", "\r"] {
                    let text = source.replacingOccurrences(of: "\n", with: ending)
                    var document = MarkdownDocument(text, dialect: .yaml)
                    guard let index = (0..<document.blockCount).first(where: { document.kind(at: $0).tile?.id == "t" }) else {
                        Issue.record("no tile in \(text.debugDescription)")
                        continue
                    }
                    let kinds = document.blocks.map(\.kind.displayName)
                    let id = document.id(at: index)
                    for (key, value) in [("body", TileValue.text("new")), ("mode", .text("static")), ("title", .text("changed")), ("body", .literal("two\nlines"))] {
                        let before = document.bytes
                        let outcome = EditingLaws.perform(.setTileProperty(id, key: key, value: value), on: &document)
                        if case .literal = value, !pad.isEmpty {
                            #expect(!outcome.performed && outcome.violations.isEmpty && document.bytes == before, "\(text.debugDescription)")
                            continue
                        }
                        #expect(outcome.performed && outcome.violations.isEmpty, "\(key) in \(text.debugDescription): \(outcome.violations)")
                        #expect(document.block(id: id)?.kind.tile?.property(key)?.value == value, "\(key) in \(text.debugDescription)")
                    }
                    #expect(document.blocks.map(\.kind.displayName) == kinds, "\(text.debugDescription)")
                    let tileText = String(decoding: document.storage[document.range(at: index)], as: UTF8.self)
                    let lines = tileText.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                    #expect(lines.allSatisfy { $0.hasPrefix(pad) }, "\(tileText.debugDescription)")
                }
            }
        }
    }
}
