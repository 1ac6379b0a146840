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

    @Test func everyInputIsReadWithoutATrapAndTheTreeIsLibyamlsReading() {
        for test in YAMLTestSuite.tests {
            let parsed = YAMLParser.parse(test.input)
            let file = YAMLFileDocument(bytes: test.input)
            let libyaml = YAMLEventStream.libyamlEvents(test.input)
            if libyaml.accepted {
                #expect(parsed.error == nil, "\(test): libyaml reads it, Tiledit reports \(parsed.error?.message ?? "")")
                #expect(YAMLEventStream.events(of: parsed.documents) == libyaml.events, "\(test)")
                #expect(file.isReadable || file.diagnostics.allSatisfy { $0.code != .yamlSyntax }, "\(test)")
            } else {
                #expect(parsed.error != nil, "\(test): libyaml rejects it, Tiledit reads it")
                #expect(!file.isReadable, "\(test)")
            }
            for node in Self.nodes(parsed.documents) {
                #expect(node.range.lowerBound >= 0 && node.range.upperBound <= test.input.count, "\(test): \(node.range)")
            }
        }
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
