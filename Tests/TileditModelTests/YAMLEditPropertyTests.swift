import Testing
import TileditFixtures
@testable import TileditModel

/// The editing laws for YAML over generated inputs: YAML files from
/// `YAMLGenerator`, changed by `YAMLMutator` into text nobody wrote by hand
/// (fixed seeds, so a failure reproduces). No input traps; a value set
/// anywhere in the tree changes no byte outside its place, reads back as
/// exactly that change, and undoes to the original bytes; a refusal says
/// why and is never "would not read back".
@Suite("YAML edit properties")
struct YAMLEditPropertyTests {
    /// A generated YAML file of about `bytes` bytes, mutated `mutations` times.
    static func input(seed: UInt64, bytes: Int, mutations: Int) -> String {
        var generator = YAMLGenerator(seed: seed, lineEnding: seed % 7 == 0 ? "\r\n" : "\n")
        var mutator = YAMLMutator(seed: seed &* 31 &+ 7)
        return mutator.mutate(generator.document(bytes: bytes), count: mutations)
    }

    @Test func noGeneratedInputTraps() {
        for seed in UInt64(0)..<400 {
            let text = Self.input(seed: seed, bytes: 600, mutations: Int(seed % 12))
            let bytes = Array(text.utf8)
            let file = YAMLFileDocument(text)
            for node in YAMLTestSuiteTests.nodes(file.documents) {
                #expect(node.range.lowerBound >= 0 && node.range.lowerBound <= node.range.upperBound && node.range.upperBound <= bytes.count, "seed \(seed)")
            }
            for diagnostic in file.diagnostics {
                #expect(diagnostic.range.upperBound <= bytes.count && diagnostic.location.line >= 1, "seed \(seed)")
                for edit in diagnostic.fix?.edits ?? [] { #expect(edit.range.upperBound <= bytes.count, "seed \(seed)") }
            }
            for dialect in [FrontMatterDialect.yaml, .tiledown] {
                let page = MarkdownDocument("---\n" + text + "\n---\n\nBody\n", dialect: dialect)
                #expect(page.blocks.last.map { $0.range.upperBound <= page.bytes.count } ?? false, "seed \(seed)")
                _ = page.frontMatter?.summary
            }
        }
    }

    @Test func aValueSetAnywhereChangesOnlyItsPlaceReadsBackAndUndoes() {
        var edits = 0
        var refusals: [String: Int] = [:]
        for seed in UInt64(0)..<160 {
            let text = Self.input(seed: seed, bytes: 500, mutations: Int(seed % 4))
            let file = YAMLFileDocument(text)
            guard file.isReadable else { continue }
            var values = YAMLMutator(seed: seed)
            for (documentIndex, document) in file.documents.enumerated() {
                guard let root = document.root else { continue }
                for place in Self.places(in: root).prefix(10) {
                    let value = values.value()
                    var copy = file
                    let label = "seed \(seed) document \(documentIndex + 1) \(place.path) = \(value.debugDescription)"
                    let change: YAMLFileDocument.Change
                    do {
                        change = try copy.setValue(at: place.path, to: value, document: documentIndex)
                    } catch {
                        #expect(!error.message.contains("would not read back"), "\(label): \(error.message)\n\(text)")
                        refusals[Self.reason(error.message), default: 0] += 1
                        continue
                    }
                    edits += 1
                    for edit in change.edits {
                        let beyond = file.bytes[Swift.min(place.slot.upperBound, edit.range.upperBound)..<edit.range.upperBound]
                        #expect(edit.range.lowerBound >= place.slot.lowerBound
                                && (edit.range.upperBound <= place.slot.upperBound || beyond.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                                "\(label): edit \(edit.range) outside \(place.slot)\n\(text)")
                    }
                    #expect(copy.node(at: place.path, document: documentIndex)?.scalar?.value == value, "\(label)")
                    #expect(Self.outline(copy.documents, document: documentIndex, path: place.path, value: nil)
                            == Self.outline(file.documents, document: documentIndex, path: place.path, value: value),
                            "\(label)\n\(text)\n---- after\n\(copy.text)")
                    copy.apply(change.inverse)
                    #expect(copy.bytes == file.bytes, "\(label): undo")
                }
            }
        }
        #expect(edits > 700)
        // Refusals happen only for the reasons an edit is not defined.
        #expect(Set(refusals.keys).isSubset(of: ["tag", "alias", "merge", "twice", "set", "unreadable result", "not a single value"]), "\(refusals)")
    }

    @Test func aFrontMatterFieldSetChangesOnlyTheFrontMatterAndUndoes() throws {
        var edits = 0
        let forms = [
            "title: Plain title", "date: 2024-01-05", "draft: true", "weight: 10", "quoted: \"double\"", "single: 'it''s'",
            "summary: |\n  Line one\n  Line two", "folded: >-\n  folded text", "tags: [a, b]", "empty:", "anchored: &x value",
            "tagged: !!str 42", "comment: value # remark", "version: 1.10", "time: 10:00", "nothing: ~", "emoji: 🚀 launch",
        ]
        for seed in UInt64(0)..<120 {
            var random = SeededGenerator(seed: seed)
            let chosen = forms.shuffled(using: &random).prefix(6)
            var mutator = YAMLMutator(seed: seed)
            let yaml = mutator.mutate(chosen.joined(separator: "\n") + "\n", count: Int(seed % 3))
            let text = "---\n" + yaml + "---\n\nBody text.\n\n:::tile callout\nid: note\n:::\n"
            let page = MarkdownDocument(text, dialect: .yaml)
            guard let frontMatter = page.frontMatter, frontMatter.problem == nil else { continue }
            var values = YAMLMutator(seed: seed)
            for field in frontMatter.fields.prefix(6) where field.node?.scalar != nil {
                let value = values.value()
                var copy = page
                let change: DocumentChange
                do {
                    change = try copy.perform(.setFrontMatterField(key: field.key, value: value))
                } catch {
                    #expect(!error.message.contains("would not read back"), "seed \(seed) \(field.key) = \(value.debugDescription): \(error.message)")
                    continue
                }
                edits += 1
                let blockEnd = page.range(at: 0).upperBound
                for edit in change.edits { #expect(edit.range.upperBound <= blockEnd, "seed \(seed)") }
                #expect(copy.frontMatter?[field.key] == value, "seed \(seed) \(field.key) = \(value.debugDescription)")
                #expect(copy.bytes.suffix(page.bytes.count - blockEnd) == page.bytes.suffix(page.bytes.count - blockEnd), "seed \(seed)")
                copy.undo(change)
                #expect(copy.bytes == page.bytes, "seed \(seed): undo")
            }
        }
        #expect(edits > 100)
    }

    @Test func listEditsOfFrontMatterFieldsStayInTheFrontMatterAndUndo() throws {
        let forms = [
            "tags: [a, b]", "list:\n  - one\n  - two", "empty:", "anchored: &x", "explicit", "title: Plain", "quoted: [\"a, b\", c]",
            "flow: {a: [x]}", "tagged: !!str", "nested:\n  - - deep",
        ]
        var edits = 0
        for seed in UInt64(0)..<120 {
            var random = SeededGenerator(seed: seed)
            var chosen = forms.shuffled(using: &random).prefix(5).map { $0 == "explicit" ? "? explicit" : $0 }
            if seed % 3 == 0 { chosen.append("last:") }
            var mutator = YAMLMutator(seed: seed)
            let yaml = mutator.mutate(chosen.joined(separator: "\n") + "\n", count: Int(seed % 3))
            let page = MarkdownDocument("---\n" + yaml + "---\n\nBody.\n", dialect: .yaml)
            guard let frontMatter = page.frontMatter, frontMatter.problem == nil else { continue }
            for field in frontMatter.fields {
                let item = mutator.value()
                for operation in [DocumentOperation.appendFrontMatterListItem(key: field.key, item: item),
                                  .setFrontMatterList(key: field.key, items: [item, "two"])] {
                    var copy = page
                    guard let change = try? copy.perform(operation) else { continue }
                    edits += 1
                    let blockEnd = page.range(at: 0).upperBound
                    for edit in change.edits { #expect(edit.range.upperBound <= blockEnd, "seed \(seed) \(operation)") }
                    #expect(copy.frontMatter?.problem == nil, "seed \(seed) \(operation)\n\(copy.text)")
                    if case .appendFrontMatterListItem = operation, copy.frontMatter?.field(field.key)?.node?.items != nil {
                        #expect(copy.frontMatter?.field(field.key)?.node?.items?.last?.scalar?.value == item, "seed \(seed) \(operation)\n\(copy.text)")
                    }
                    copy.undo(change)
                    #expect(copy.bytes == page.bytes, "seed \(seed): undo")
                }
            }
        }
        #expect(edits > 100)
    }

    /// Every pair of an old value (typed, quoted, tagged) and a new one, in
    /// block and flow mappings, sequences, nested and commented: a tag stays
    /// only with a value it allows, a new value every reader reads as the
    /// old plain value's type is written plain (`YAMLScalarWriter.keepsType`;
    /// a date stays a date), one of another type never turns into a
    /// non-string by being written plain (but in place of a null, which
    /// takes its new text's type), and quotes stay the quotes they were.
    @Test func aNewValueKeepsTheOldTypeAndStyleAndATagOnlyWhileItAllowsTheValue() {
        let olds = [
            "2024-01-05", "2023-12-31 10:00:00", "true", "False", "~", "null", "42", "-7", "2.5", "hello", "'quoted'", "\"double\"",
            "!!int 42", "!!bool true", "!!float 1.5", "!!str 42", "!!timestamp 2024-01-01", "!!null ~", "!local x",
        ]
        let news = [
            "2025-02-03", "2025-02-03T04:05:06Z", "true", "false", "~", "null", "17", "-3", "3.25", "text", "two words", "yes",
            "10:00", "1.20", "0x1F", "it's", "a: b",
        ]
        let contexts: [(prefix: String, suffix: String, path: YAMLPath)] = [
            ("k: ", "\n", YAMLPath([.key("k")])), ("- ", "\n", YAMLPath([.index(0)])), ("{k: ", "}\n", YAMLPath([.key("k")])),
            ("[", "]\n", YAMLPath([.index(0)])), ("k: ", " # note\n", YAMLPath([.key("k")])), ("a:\n  k: ", "\nb: 1\n", YAMLPath([.key("a"), .key("k")])),
        ]
        var written = 0
        var refusedForTag = 0
        for context in contexts {
            for old in olds {
                let file = YAMLFileDocument(context.prefix + old + context.suffix)
                guard let before = file.node(at: context.path), let oldScalar = before.scalar else {
                    Issue.record("\(context.prefix)\(old): not read")
                    continue
                }
                for new in news {
                    var copy = file
                    let label = "\(context.prefix)\(old)\(context.suffix) ← \(new.debugDescription)"
                    do {
                        _ = try copy.setValue(at: context.path, to: new)
                    } catch {
                        #expect(before.tag != nil && Self.tagAllows(before.tag, new) == false, "\(label): \(error.message)")
                        refusedForTag += 1
                        continue
                    }
                    written += 1
                    guard let after = copy.node(at: context.path), let scalar = after.scalar else {
                        Issue.record("\(label): no scalar after\n\(copy.text)")
                        continue
                    }
                    #expect(scalar.value == new, "\(label)\n\(copy.text)")
                    #expect(after.tag == before.tag, "\(label)\n\(copy.text)")
                    if before.tag != nil {
                        #expect(Self.tagAllows(before.tag, new), "\(label)\n\(copy.text)")
                        continue
                    }
                    let oldType = oldScalar.style == .plain ? Self.agreedType(oldScalar.value) : .string
                    let newType = Self.agreedType(new)
                    let kept = oldScalar.style == .plain && !new.isEmpty && YAMLScalarWriter.keepsType(oldScalar.value, new)
                    if kept {
                        #expect(scalar.style == .plain, "\(label): the type is kept, so the style is\n\(copy.text)")
                    }
                    let numbers: Set<YAMLScalarType> = [.integer, .float]
                    // A null takes the type of its new text, as a new value (`YAMLScalarWriter.intent`).
                    let wasNull = oldScalar.style == .plain && YAMLScalarType.core(oldScalar) == .null
                    if scalar.style == .plain, !kept, !wasNull, oldType != newType,
                       !(numbers.contains(oldType ?? .string) && numbers.contains(newType ?? .string)) {
                        #expect(YAMLScalarType.core(plain: new) == .string && YAMLScalarType.yaml11(plain: new) == .string,
                                "\(label): text of another type is written so it stays text\n\(copy.text)")
                    }
                    if oldScalar.style == .singleQuoted || oldScalar.style == .doubleQuoted {
                        #expect(scalar.style == oldScalar.style, "\(label): quotes kept\n\(copy.text)")
                    }
                }
            }
        }
        #expect(written > 1_000 && refusedForTag > 50, "\(written) written, \(refusedForTag) refused")
    }

    // MARK: Support

    /// A scalar of the tree an edit can name: its path and the bytes an edit
    /// of it may change (its own, or, for an empty value, the gap between
    /// its neighbors).
    struct Place {
        var path: YAMLPath
        var slot: Range<Int>
    }

    /// The scalars reachable by a path (keys that are scalars written once
    /// in their mapping, sequence indexes), in text order.
    static func places(in root: YAMLNode) -> [Place] {
        var result: [Place] = []
        var stack: [(YAMLNode, [YAMLPathComponent], Range<Int>)] = [(root, [], root.range)]
        while let (node, path, gap) = stack.popLast() {
            switch node.content {
            case .scalar(let scalar):
                guard !path.isEmpty else { continue }
                let empty = scalar.isEmptyPlain && node.anchor == nil && node.tag == nil
                result.append(Place(path: YAMLPath(path), slot: empty ? gap : scalar.range))
            case .mapping(let pairs):
                for (index, pair) in pairs.enumerated().reversed() {
                    guard let key = pair.key.scalar?.value,
                          pairs.filter({ $0.key.scalar?.value.utf8.elementsEqual(key.utf8) ?? false }).count == 1 else { continue }
                    let end = index + 1 < pairs.count ? pairs[index + 1].key.range.lowerBound : gap.upperBound
                    stack.append((pair.value, path + [.key(key)], pair.key.range.upperBound..<Swift.max(end, pair.key.range.upperBound)))
                }
            case .sequence(let items):
                for (index, item) in items.enumerated().reversed() {
                    let start = index > 0 ? items[index - 1].range.upperBound : gap.lowerBound
                    let end = index + 1 < items.count ? items[index + 1].range.lowerBound : gap.upperBound
                    stack.append((item, path + [.index(index)], start..<Swift.max(end, start)))
                }
            case .alias:
                break
            }
        }
        return result
    }

    /// The documents' events with the scalar at `path` of document
    /// `document` written `=VAL <props> ?<value>` (style left out), its value
    /// replaced by `value` if given.
    static func outline(_ documents: [YAMLDocumentNode], document target: Int, path: YAMLPath, value: String?) -> [String] {
        var lines: [String] = []
        for (index, document) in documents.enumerated() {
            lines.append("+DOC")
            guard let root = document.root else { continue }
            var stack: [(YAMLNode, [YAMLPathComponent]?)] = [(root, index == target ? [] : nil)]
            var closers: [(Int, String)] = []
            while let (node, nodePath) = stack.popLast() {
                let properties = (node.anchor.map { " &\($0)" } ?? "") + (node.tag.map { " <\($0)>" } ?? "")
                if let nodePath, nodePath == path.components, let scalar = node.scalar {
                    lines.append("=VAL\(properties) ?" + YAMLEventStream.escaped(value ?? scalar.value))
                } else {
                    lines += YAMLEventStream.events(of: node).prefix(1)
                }
                switch node.content {
                case .mapping(let pairs):
                    var children: [(YAMLNode, [YAMLPathComponent]?)] = []
                    for pair in pairs {
                        let key = pair.key.scalar?.value
                        let unique = key.map { key in pairs.filter { $0.key.scalar?.value.utf8.elementsEqual(key.utf8) ?? false }.count == 1 } ?? false
                        children.append((pair.key, nil))
                        children.append((pair.value, unique ? nodePath.map { $0 + [.key(key ?? "")] } : nil))
                    }
                    closers.append((stack.count, "-MAP"))
                    stack += children.reversed()
                case .sequence(let items):
                    closers.append((stack.count, "-SEQ"))
                    stack += items.enumerated().map { (offset, item) in (item, nodePath.map { $0 + [.index(offset)] }) }.reversed()
                case .scalar, .alias:
                    break
                }
                while let last = closers.last, last.0 == stack.count {
                    lines.append(last.1)
                    closers.removeLast()
                }
            }
        }
        return lines
    }

    /// The type every reader gives `text` written plain (the core schema's
    /// and YAML 1.1's when they agree; a date, which YAML 1.2 loaders read
    /// as a timestamp too), `nil` when readers disagree.
    static func agreedType(_ text: String) -> YAMLScalarType? {
        let core = YAMLScalarType.core(plain: text)
        let yaml11 = YAMLScalarType.yaml11(plain: text)
        if core == yaml11 { return core }
        return core == .string && yaml11 == .timestamp ? .timestamp : nil
    }

    /// Whether every reader of the type a standard tag names
    /// (`tag:yaml.org,2002:int`) takes `value` (any value for a local tag).
    static func tagAllows(_ tag: String?, _ value: String) -> Bool {
        guard let tag, tag.hasPrefix("tag:yaml.org,2002:") else { return true }
        let core = YAMLScalarType.core(plain: value)
        let yaml11 = YAMLScalarType.yaml11(plain: value)
        switch tag.dropFirst("tag:yaml.org,2002:".count) {
        // YAML 1.2's forms: a YAML 1.1 only form (`10:00`, base 60) is not
        // a number to a YAML 1.2 reader, which would then fail on the tag.
        case "int": return core == .integer
        case "float": return core == .integer || core == .float
        case "bool": return core == .boolean
        case "null": return core == .null
        case "timestamp": return yaml11 == .timestamp
        default: return true
        }
    }

    /// A word for why an edit was refused, to group refusals.
    static func reason(_ message: String) -> String {
        if message.contains("is tagged") { return "tag" }
        if message.contains("alias") { return "alias" }
        if message.contains("merged anchor") { return "merge" }
        if message.contains("times in its mapping") { return "twice" }
        if message.contains("!!set") { return "set" }
        if message.contains("would not be readable") { return "unreadable result" }
        if message.contains("not a single value") { return "not a single value" }
        return message
    }
}
