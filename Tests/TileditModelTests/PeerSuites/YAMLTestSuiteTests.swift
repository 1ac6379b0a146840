import Testing
import TileditModel

/// Every test of the YAML test suite: no trap, the tree Tiledit builds is
/// libyaml's reading event for event, libyaml's reading agrees with the
/// suite except where `PEER-SUITE-DEVIATIONS.md` says why not, and a value
/// set in any top-level mapping changes only that value's bytes.
@Suite("YAML test suite", .enabled(if: YAMLTestSuite.isAvailable, "../shared/peer-suites/yaml-test-suite is absent"))
struct YAMLTestSuiteTests {
    @Test func theSuiteIsComplete() {
        #expect(YAMLTestSuite.tests.count == 402)
        #expect(YAMLTestSuite.tests.filter(\.isError).count == 94)
    }

    @Test func everyInputIsReadWithoutATrapAndTheTreeIsLibyamlsReading() throws {
        let readByTiledit = try PeerSuiteDeviations.readByTiledit(section: "YAML test suite")
        var readAfterPatches: [String] = []
        for test in YAMLTestSuite.tests {
            let parsed = YAMLParser.parse(test.input)
            let file = YAMLFileDocument(bytes: test.input)
            let libyaml = YAMLEventStream.libyamlEvents(test.input)
            if libyaml.accepted {
                #expect(parsed.error == nil, "\(test): libyaml reads it, Tiledit reports \(parsed.error?.message ?? "")")
                #expect(YAMLEventStream.events(of: parsed.documents) == libyaml.events, "\(test)")
                #expect(file.isReadable || file.diagnostics.allSatisfy { $0.code != .yamlSyntax }, "\(test)")
            } else if parsed.error == nil {
                // Valid YAML libyaml stops at, read after `YAMLInputPatches`: as the suite reads it.
                #expect(!test.isError, "\(test): libyaml rejects it, Tiledit reads it")
                #expect(YAMLEventStream.events(of: parsed.documents) == YAMLTestSuite.comparable(test.events), "\(test)")
                #expect(file.isReadable, "\(test)")
                readAfterPatches.append(test.id)
            } else {
                #expect(!file.isReadable, "\(test)")
            }
            for node in Self.nodes(parsed.documents) {
                #expect(node.range.lowerBound >= 0 && node.range.upperBound <= test.input.count, "\(test): \(node.range)")
            }
        }
        #expect(readAfterPatches.sorted() == readByTiledit.sorted(), "rows saying \"Tiledit reads it\"")
    }

    @Test func libyamlAgreesWithTheSuiteExceptTheListedDeviations() throws {
        let listed = try PeerSuiteDeviations.rows(section: "YAML test suite").filter { Self.readingKinds.contains($0.kind) }
        var found: [PeerSuiteDeviations.Row] = []
        for test in YAMLTestSuite.tests {
            let libyaml = YAMLEventStream.libyamlEvents(test.input)
            if test.isError {
                if libyaml.accepted { found.append(.init(id: test.id, kind: "accepts invalid")) }
            } else if !libyaml.accepted {
                found.append(.init(id: test.id, kind: "rejects valid"))
            } else if libyaml.events != YAMLTestSuite.comparable(test.events) {
                found.append(.init(id: test.id, kind: "events differ"))
            }
        }
        let unlisted = Set(found).subtracting(listed)
        let stale = Set(listed).subtracting(found)
        #expect(unlisted.isEmpty, "deviations not in the table: \(unlisted.sorted { $0.id < $1.id })")
        #expect(stale.isEmpty, "table rows that no longer deviate: \(stale.sorted { $0.id < $1.id })")
        #expect(listed.count == Set(listed).count, "a row is listed twice")
    }

    @Test func settingATopLevelValueChangesOnlyItsBytesReadsBackAndUndoes() throws {
        let refusable = Set(try PeerSuiteDeviations.rows(section: "YAML test suite").filter { $0.kind == "edit refused" }.map(\.id))
        var edits = 0
        var refusedAsListed: Set<String> = []
        for test in YAMLTestSuite.tests where YAMLEventStream.libyamlEvents(test.input).accepted {
            let file = YAMLFileDocument(bytes: test.input)
            for (documentIndex, document) in file.documents.enumerated() {
                guard let root = document.root, let pairs = root.pairs else { continue }
                let inSet = root.tag == "tag:yaml.org,2002:set"
                for (pairIndex, pair) in pairs.enumerated() {
                    guard let key = pair.key.scalar, let old = pair.value.scalar else { continue }
                    let twins = pairs.filter { $0.key.scalar.map { Array($0.value.utf8) == Array(key.value.utf8) } ?? false }
                    let path = YAMLPath([.key(key.value)])
                    for value in Self.values(for: pair.value) {
                        var copy = file
                        let place = "\(test) document \(documentIndex + 1) key \(key.value.debugDescription) = \(value.debugDescription)"
                        let change: YAMLFileDocument.Change
                        do {
                            change = try copy.setValue(at: path, to: value, document: documentIndex)
                        } catch {
                            let allowed = twins.count == 1 && Self.satisfies(value, tag: pair.value.tag) && !(inSet && !value.isEmpty && value != "~")
                            if !allowed { continue }
                            if refusable.contains(test.id) {
                                refusedAsListed.insert(test.id)
                                continue
                            }
                            Issue.record("\(place): refused: \(error.message)")
                            continue
                        }
                        edits += 1
                        #expect(twins.count == 1, "\(place): a key written twice was edited")
                        #expect(Self.satisfies(value, tag: pair.value.tag), "\(place): the tag does not allow the value")
                        #expect(!inSet || value.isEmpty || value == "~", "\(place): a member of a !!set was given a value")
                        // Only the value's bytes (or, for an empty value, the
                        // stretch between its key and its place) change; a
                        // block scalar takes the lines of spaces below it along.
                        let slot = old.value.isEmpty && old.style == .plain
                            ? pair.key.range.upperBound..<Swift.max(pair.value.range.upperBound, pair.key.range.upperBound)
                            : old.range
                        for edit in change.edits {
                            let beyond = test.input[Swift.min(slot.upperBound, edit.range.upperBound)..<edit.range.upperBound]
                            #expect(edit.range.lowerBound >= slot.lowerBound
                                    && (edit.range.upperBound <= slot.upperBound || beyond.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }),
                                    "\(place): edit \(edit.range) outside \(slot)")
                        }
                        #expect(copy.isReadable, "\(place): \(copy.diagnostics.first?.message ?? "")\n\(copy.text)")
                        #expect(Self.outline(copy.documents, target: (documentIndex, pairIndex), value: nil)
                                == Self.outline(file.documents, target: (documentIndex, pairIndex), value: value),
                                "\(place):\n\(copy.text)")
                        copy.apply(change.inverse)
                        #expect(copy.bytes == test.input, "\(place): undo")
                    }
                }
            }
        }
        #expect(edits >= 750)
        #expect(refusedAsListed == refusable, "rows of kind `edit refused` whose edits all pass: \(refusable.subtracting(refusedAsListed).sorted())")
    }

    /// Values to set in place of `node`: text of each kind (plain, needing
    /// quotes, spanning lines), or values a standard tag allows, and one it
    /// does not.
    static func values(for node: YAMLNode) -> [String] {
        switch node.tag {
        case "tag:yaml.org,2002:int": ["7", "-12", "seven"]
        case "tag:yaml.org,2002:float": ["2.5", "1e3", "half"]
        case "tag:yaml.org,2002:bool": ["false", "True", "maybe"]
        case "tag:yaml.org,2002:null": ["~", "", "nothing"]
        case "tag:yaml.org,2002:binary": ["aGk=", "no base64!"]
        case "tag:yaml.org,2002:timestamp": ["2001-12-14", "2001-12-14t21:59:43.10-05:00", "yesterday"]
        default: ["tiledit", "a: b #c", "two\nlines", ""]
        }
    }

    /// Whether a standard tag `tag` admits `value` (as the test expects).
    static func satisfies(_ value: String, tag: String?) -> Bool {
        !["seven", "half", "maybe", "nothing", "no base64!", "yesterday"].contains(value)
    }

    /// The documents' events with the value of pair `target.pair` of
    /// document `target.document`'s root mapping written `=VAL <props>
    /// ?<value>` (style left out), its value replaced by `value` if given.
    static func outline(_ documents: [YAMLDocumentNode], target: (document: Int, pair: Int), value: String?) -> [String] {
        var lines = ["+STR"]
        for (index, document) in documents.enumerated() {
            lines.append("+DOC")
            if index == target.document, let root = document.root, let pairs = root.pairs {
                lines.append(YAMLEventStream.events(of: root)[0])
                for (pairIndex, pair) in pairs.enumerated() {
                    lines += YAMLEventStream.events(of: pair.key)
                    if pairIndex == target.pair, let scalar = pair.value.scalar {
                        let properties = (pair.value.anchor.map { " &\($0)" } ?? "") + (pair.value.tag.map { " <\($0)>" } ?? "")
                        lines.append("=VAL\(properties) ?" + YAMLEventStream.escaped(value ?? scalar.value))
                    } else {
                        lines += YAMLEventStream.events(of: pair.value)
                    }
                }
                lines.append("-MAP")
            } else if let root = document.root {
                lines += YAMLEventStream.events(of: root)
            }
            lines.append("-DOC")
        }
        return lines + ["-STR"]
    }

    static let readingKinds: Set<String> = ["accepts invalid", "rejects valid", "events differ"]

    /// Every node of the documents (iteratively).
    static func nodes(_ documents: [YAMLDocumentNode]) -> [YAMLNode] {
        var result: [YAMLNode] = []
        var stack = documents.compactMap(\.root)
        while let node = stack.popLast() {
            result.append(node)
            switch node.content {
            case .mapping(let pairs):
                for pair in pairs { stack.append(pair.key); stack.append(pair.value) }
            case .sequence(let items): stack += items
            case .scalar, .alias: break
            }
        }
        return result
    }
}
