/// The checks that decide whether the canonical formatter may make a
/// rewrite (see `CanonicalFormatter`): a prose block parsed again between
/// its neighbours, and the whole formatted document compared with the
/// original.
final class FormattingCheck {
    let document: MarkdownDocument
    /// The file's link reference definitions, read before each window.
    private let definitions: String
    private lazy var originalSignature = Self.signature(of: document, definitions: definitions)

    init(document: MarkdownDocument) {
        self.document = document
        definitions = CommonMarkTree.linkReferenceDefinitions(in: document)
    }

    // MARK: One block

    /// Whether the block at `index` may become `candidate`: parsed again
    /// with the blocks before and after it (as they will be written), every
    /// block keeps its kind (the rewritten one up to its rewrite) and its
    /// lines, the prose renders the same, and `candidate` is canonical.
    func keepsStructure(
        replacing index: Int, with candidate: [UInt8], accepted: [Int: [UInt8]],
        bullets: Bool, formatter: CanonicalFormatter, lineEnding: LineEnding
    ) -> Bool {
        let count = document.blockCount
        let first = Swift.max(0, index - 1)
        let last = Swift.min(count - 1, index + 1)
        func regionEnd(_ block: Int) -> Int { block + 1 < count ? document.range(at: block + 1).lowerBound : document.storage.count }
        let windowStart = first == 0 ? 0 : document.range(at: first).lowerBound
        let original = document.storage[windowStart..<regionEnd(last)]
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(original.count + candidate.count)
        var rewrittenStart = 0
        for block in first...last {
            let range = document.range(at: block)
            let regionStart = block == first ? windowStart : range.lowerBound
            let replacement = block == index ? candidate : accepted[block]
            if let replacement {
                rewritten += document.storage[regionStart..<range.lowerBound]
                if block == index { rewrittenStart = rewritten.count }
                rewritten += replacement
                rewritten += document.storage[range.upperBound..<regionEnd(block)]
            } else {
                rewritten += document.storage[regionStart..<regionEnd(block)]
            }
        }
        let context = first == 0 ? HTMLContext.none : document.htmlContext(at: first)
        let before = original.withUnsafeBufferPointer {
            DocumentParser.parse($0, atDocumentStart: first == 0, dialect: document.dialect, htmlContext: context)
        }
        let after = rewritten.withUnsafeBufferPointer {
            DocumentParser.parse($0, atDocumentStart: first == 0, dialect: document.dialect, htmlContext: context)
        }
        let position = index - first
        guard before.blocks.count == last - first + 1, after.blocks.count == before.blocks.count else { return false }
        let delta = rewritten.count - original.count
        for (offset, (old, new)) in zip(before.blocks, after.blocks).enumerated() {
            guard Self.token(old.kind) == Self.token(new.kind) else { return false }
            if offset < position {
                guard old.start == new.start, old.end == new.end || accepted[first + offset] != nil else { return false }
            } else if offset == position {
                guard new.start == rewrittenStart, new.end == rewrittenStart + candidate.count else { return false }
            } else {
                guard new.start == old.start + delta, new.end == old.end + delta else { return false }
            }
        }
        // Canonical itself: formatting the rewrite again changes nothing.
        if let again = formatter.canonicalProse(candidate, kind: after.blocks[position].kind, bullets: bullets, lineEnding: lineEnding),
           again != candidate {
            return false
        }
        return Self.prose(before, bytes: original, definitions: definitions) == Self.prose(after, bytes: rewritten, definitions: definitions)
    }

    // MARK: The whole document

    /// Whether `document` with `edits` applied has the same blocks (kinds up
    /// to the canonical rewrites, tiles with the same values, front matter
    /// with the same fields) and renders its prose to the same HTML.
    func sameDocument(after edits: [TextEdit]) -> Bool {
        let formatted = MarkdownDocument(
            bytes: TextEdit.apply(edits, to: document.bytes), dialect: document.dialect, catalog: document.catalog)
        return Self.signature(of: formatted, definitions: CommonMarkTree.linkReferenceDefinitions(in: formatted)) == originalSignature
    }

    private struct Signature: Equatable {
        var tokens: [String]
        var prose: String
    }

    private static func signature(of document: MarkdownDocument, definitions: String) -> Signature {
        var tokens: [String] = []
        tokens.reserveCapacity(document.blockCount)
        var run = CombinedProse()
        for index in 0..<document.blockCount {
            let kind = document.kind(at: index)
            tokens.append(token(kind))
            if kind.isProse && kind != .displayMath {
                let start = document.range(at: index).lowerBound
                let end = index + 1 < document.blockCount ? document.range(at: index + 1).lowerBound : document.storage.count
                run.appendProse(document.storage[start..<end])
            } else if kind.frontMatter == nil {
                run.appendBlock(html: "<tiledit-block/>\n")
            }
        }
        return Signature(tokens: tokens, prose: run.render(definitions: "", fileDefinitions: definitions))
    }

    /// The prose of parsed blocks rendered as one document (the other
    /// blocks as placeholders), with the file's definitions read first.
    private static func prose(_ parsed: ParsedText, bytes: [UInt8], definitions: String) -> String {
        var run = CombinedProse()
        for (index, block) in parsed.blocks.enumerated() {
            if block.kind.isProse && block.kind != .displayMath {
                let end = index + 1 < parsed.blocks.count ? parsed.blocks[index + 1].start : bytes.count
                run.appendProse(Array(bytes[block.start..<end]))
            } else if block.kind.frontMatter == nil {
                run.appendBlock(html: "<tiledit-block/>\n")
            }
        }
        return run.render(definitions: definitions, fileDefinitions: definitions)
    }

    /// What must not change about a block: its kind, up to the rewrites the
    /// formatter makes (setext to ATX, indented to fenced code, bullets),
    /// with a tile's type and values and front matter's fields.
    static func token(_ kind: BlockKind) -> String {
        switch kind {
        case .heading(let level, _):
            return "heading \(level)"
        case .indentedCode:
            return "code "
        case .fencedCode(let info):
            return "code \(info)"
        case .list(let info):
            return "list \(info.isOrdered) \(info.isOrdered ? info.start : 0) \(info.isTight) \(info.itemCount)"
        case .tile(let tile):
            let values = tile.properties.map { property -> String in
                if case .list(let items) = property.value { return "\(property.key)=[\(items.joined(separator: "\u{0}"))]" }
                return "\(property.key)=\(property.value.text)"
            }
            return "tile \(tile.type) " + values.sorted().joined(separator: "\u{1}")
        case .frontMatter(let frontMatter):
            return "front matter " + frontMatter.fields.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1}")
        default:
            return kind.displayName
        }
    }
}
