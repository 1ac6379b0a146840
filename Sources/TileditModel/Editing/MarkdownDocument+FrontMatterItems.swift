/// Moving and removing one item of a YAML front-matter list with the
/// item's own bytes (its quotes, its same-line comment, its lines), as the
/// YAML file tree moves and removes sequence items (`YAMLSourcePlanner`):
/// writing the values back in their new order would leave each line's
/// quotes and comment in place and could quote items that were plain.
extension MarkdownDocument {
    /// What a front-matter item edit changes: `edits` in document offsets
    /// (UTF-8 bytes), and the items the list must read as afterwards.
    struct FrontMatterItemEdit {
        var edits: [TextEdit]
        var expected: [YAMLNode]
    }

    /// The edits moving item `index` (from 0) of the YAML front-matter list
    /// `key` by `offset` (-1 or 1), or removing it when `offset` is `nil`.
    ///
    /// - Throws: `EditError.frontMatterUnavailable` without readable YAML
    ///   front matter; `.pathNotFound` when `key` is not a list of it (or is
    ///   written twice); `.invalidValue` for an index or offset out of range
    ///   and for items sharing a line, whose bytes cannot be told apart.
    func frontMatterItemEdit(key: String, index: Int, offset: Int?) throws(EditError) -> FrontMatterItemEdit {
        guard let frontMatter, blockCount > 0 else { throw .frontMatterUnavailable(message: "the file has no front matter") }
        if let problem = frontMatter.problem { throw .frontMatterUnavailable(message: problem) }
        guard frontMatter.dialect == .yaml, let pairs = frontMatter.yamlRoot?.pairs else {
            throw .frontMatterUnavailable(message: "the front matter is not a YAML mapping")
        }
        let found = YAMLKey.indexes(of: key, in: pairs)
        guard found.count == 1, let pairIndex = found.first, let items = pairs[pairIndex].value.items else {
            throw .pathNotFound(message: found.count > 1 ? "`\(key)` is written \(found.count) times" : "`\(key)` is not a list")
        }
        guard items.indices.contains(index) else { throw .invalidValue(message: "the list has no item \(index + 1)") }
        let flow = pairs[pairIndex].value.collectionStyle == .flow
        let start = range(at: 0).lowerBound
        let planner = YAMLSourcePlanner(bytes: storage[range(at: 0)], lineEnding: lineEnding)
        var expected = items
        let planned: [TextEdit]?
        if let offset {
            guard offset == -1 || offset == 1 else { throw .invalidValue(message: "items move one place at a time") }
            let target = index + offset
            guard items.indices.contains(target) else {
                throw .invalidValue(message: offset < 0 ? "the item is first already" : "the item is last already")
            }
            expected.swapAt(index, target)
            planned = planner.swapItems(items, Swift.min(index, target), flow: flow)
        } else {
            expected.remove(at: index)
            planned = planner.removeItem(items, index, flow: flow)
        }
        guard let planned else { throw .invalidValue(message: "these items share a line; change them in the source") }
        let edits = planned.map { TextEdit(range: ($0.range.lowerBound + start)..<($0.range.upperBound + start), replacement: $0.replacement) }
        return FrontMatterItemEdit(edits: edits, expected: expected)
    }

    /// `nil` when the front matter's list `key` reads as `expected`, item
    /// for item, else the refusal.
    static func frontMatterItems(of document: MarkdownDocument, key: String, readAs expected: [YAMLNode]) -> EditError? {
        guard let pairs = document.frontMatter?.yamlRoot?.pairs else { return .invalidValue(message: "the front matter would not read back") }
        let found = YAMLKey.indexes(of: key, in: pairs)
        guard found.count == 1, let index = found.first, let items = pairs[index].value.items,
              items.readAsSameValues(as: expected) else {
            return .wouldChangeStructure(message: "the edit would change more of the list than the item")
        }
        return nil
    }
}
