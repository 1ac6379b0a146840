import Foundation
import TileditModel

/// One scenario of the corpus in `Tests/Scenarios/*.yaml`: user actions on a
/// copy of a fixture workspace, the state expected after each step, and the
/// bytes on disk at the end. The headless runner replays scenarios against
/// the view models; the end-to-end runner replays the same files against the
/// terminal editor under tmux.
///
/// File format (YAML):
///
/// ```yaml
/// name: Edit a callout title and save
/// fixture: site              # Tests/Fixtures/<name>, or shared-case:<case folder>
/// open: .                    # path given to the editor (default ".")
/// steps:
///   - action: openDocument   # action name, then its arguments
///     path: index.md
///     expect:                # state after the step (any subset)
///       editor: index.md
/// disk:
///   files:                   # exact content at the end
///     index.md: |
///       …
///   unchanged: others        # every other fixture file byte-identical
/// ```
public struct Scenario: Sendable {
    /// One user action and what must hold after it.
    public struct Step: Sendable {
        /// The action's name (`openDocument`, `setField`, …).
        public var action: String
        /// The action's arguments by name, as written.
        public var arguments: [String: String]
        /// Expected state after the action, by name, as written.
        public var expectations: [String: Expectation]
        /// Line (from 1) of the step in the scenario file, for messages.
        public var line: Int

        /// An argument, or `nil`.
        public subscript(argument name: String) -> String? { arguments[name] }
    }

    /// An expected value: text, or a list of texts.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        case text(String)
        case list([String])

        public var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }

        public var list: [String] {
            switch self {
            case .list(let items): items
            case .text(let value): [value]
            }
        }

        public var description: String {
            switch self {
            case .text(let value): value
            case .list(let items): "[\(items.joined(separator: ", "))]"
            }
        }
    }

    /// The scenario file's name without `.yaml`.
    public var id: String
    /// What the scenario shows.
    public var name: String
    /// The fixture workspace to copy.
    public var fixture: String
    /// The path given to the editor, relative to the copy (default `.`).
    public var openPath: String
    public var steps: [Step]
    /// Exact content of files at the end, by path.
    public var finalFiles: [String: String]
    /// Paths whose bytes must equal the fixture's; `["others"]` means every
    /// fixture file not in `finalFiles`.
    public var unchangedFiles: [String]
    /// Paths that must not exist at the end.
    public var missingFiles: [String]
    /// Path prefixes at least one file must match at the end (e.g. conflict copies).
    public var existingFilePrefixes: [String]
}

/// Why a scenario file could not be read.
public struct ScenarioError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

extension Scenario {
    /// The folder holding the scenario files.
    public static var folder: URL { TestSupport.repositoryRoot.appendingPathComponent("Tests/Scenarios") }

    /// The folder holding fixture workspaces.
    public static var fixtures: URL { TestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures") }

    /// Every scenario of the corpus, sorted by file name.
    public static func all() throws -> [Scenario] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { try load(folder.appendingPathComponent($0)) }
    }

    /// Reads one scenario file (parsed with the project's own YAML reader).
    ///
    /// - Throws: `ScenarioError` naming the file and line of what is wrong.
    public static func load(_ url: URL) throws -> Scenario {
        let bytes = Array(try Data(contentsOf: url))
        let file = YAMLFileDocument(bytes: bytes)
        let name = url.deletingPathExtension().lastPathComponent
        if let error = file.diagnostics.first(where: { $0.severity == .error }) {
            throw ScenarioError(description: "\(url.lastPathComponent):\(error.location): \(error.message)")
        }
        guard let root = file.root, root.pairs != nil else {
            throw ScenarioError(description: "\(url.lastPathComponent): a scenario is a mapping")
        }
        func line(_ node: YAMLNode) -> Int { file.location(of: node.range.lowerBound).line }
        func text(_ node: YAMLNode?) -> String? { node?.scalar?.value }
        func expectation(_ node: YAMLNode) -> Expectation {
            if let items = node.items { return .list(items.map { $0.scalar?.value ?? "" }) }
            return .text(node.scalar?.value ?? "")
        }
        var steps: [Step] = []
        for stepNode in root["steps"]?.items ?? [] {
            guard let pairs = stepNode.pairs, let action = text(stepNode["action"]) else {
                throw ScenarioError(description: "\(url.lastPathComponent):\(line(stepNode)): a step needs `action`")
            }
            var arguments: [String: String] = [:]
            var expectations: [String: Expectation] = [:]
            for pair in pairs {
                guard let key = pair.key.scalar?.value, key != "action" else { continue }
                if key == "expect" {
                    for expected in pair.value.pairs ?? [] {
                        if let name = expected.key.scalar?.value { expectations[name] = expectation(expected.value) }
                    }
                } else {
                    arguments[key] = pair.value.scalar?.value ?? ""
                }
            }
            steps.append(Step(action: action, arguments: arguments, expectations: expectations, line: line(stepNode)))
        }
        var files: [String: String] = [:]
        for pair in root["disk"]?["files"]?.pairs ?? [] {
            if let path = pair.key.scalar?.value { files[path] = pair.value.scalar?.value ?? "" }
        }
        func list(_ node: YAMLNode?) -> [String] {
            guard let node else { return [] }
            return node.items?.compactMap(\.scalar?.value) ?? [node.scalar?.value].compactMap { $0 }
        }
        return Scenario(
            id: name, name: text(root["name"]) ?? name, fixture: text(root["fixture"]) ?? "site",
            openPath: text(root["open"]) ?? ".", steps: steps, finalFiles: files,
            unchangedFiles: list(root["disk"]?["unchanged"]), missingFiles: list(root["disk"]?["missing"]),
            existingFilePrefixes: list(root["disk"]?["exists"]))
    }

    /// Copies the scenario's fixture into a new temporary folder.
    ///
    /// - Returns: the copy, or `nil` when the fixture is a shared case and
    ///   `../shared` is absent.
    public func makeWorkspace() throws -> URL? {
        let source: URL
        if fixture.hasPrefix("shared-case:") {
            guard let cases = TestSupport.casesFolder else { return nil }
            source = cases.appendingPathComponent(String(fixture.dropFirst("shared-case:".count)))
        } else if fixture == "site" {
            source = TestSupport.exampleSite
        } else {
            source = Self.fixtures.appendingPathComponent(fixture)
        }
        let copy = try TestSupport.makeTemporaryFolder("scenario-\(id)")
        let workspace = copy.appendingPathComponent("workspace")
        try FileManager.default.copyItem(at: source, to: workspace)
        if fixture.hasPrefix("shared-case:") {
            // A case is an input file and its expectations; keep the input only.
            try? FileManager.default.removeItem(at: workspace.appendingPathComponent("expect.md"))
        }
        return workspace
    }

    /// Whether the scenario can run here (shared cases need `../shared`).
    public var isAvailable: Bool { !fixture.hasPrefix("shared-case:") || TestSupport.casesFolder != nil }

    /// Relative paths of every file of the fixture.
    public func fixtureFiles() throws -> [String: [UInt8]] {
        guard let workspace = try makeWorkspace() else { return [:] }
        var result: [String: [UInt8]] = [:]
        for path in FileManager.default.enumerator(atPath: workspace.path)?.compactMap({ $0 as? String }) ?? [] {
            let url = workspace.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = Array(try Data(contentsOf: url))
            }
        }
        return result
    }
}
