import Foundation
import Testing
import TileditFixtures
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Generated sequences of outside changes to an open document (seeded, the
/// same on every run), each followed by a disk check, with and without
/// unsaved edits. After every check: the disk is as the other program left
/// it (the check wrote nothing), unsaved edits are the same bytes, a clean
/// text is the file's when it is readable text, `saveState` says what is at
/// the path, and there is no alert while the file is back as it was loaded.
@MainActor
@Suite("Disk check: generated outside changes")
struct DiskCheckPropertyTests {
    /// What another program does to the path.
    enum Change: CaseIterable {
        case delete, writeLoaded, writeOther, makeFolder, makeFIFO, makeReadOnly, makeWritable, moveAway, moveBack, refuseReads, allowReads
    }

    /// What is at the path, as the test put it there.
    enum Thing: Equatable {
        case nothing
        case file(String, writable: Bool)
        case folder
        case fifo
    }

    @Test(arguments: 0..<24)
    func everyOutsideChangeLeavesAStateThatSaysItAndWritesNothing(seed: Int) async throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x9E37 &+ 11)
        let fixture = try await DiskCheckTests().makeEditor()
        let editor = fixture.editor
        let url = fixture.url
        let moved = url.deletingLastPathComponent().appendingPathComponent("moved.md")
        let dirty = seed % 2 == 0
        if dirty { DiskCheckTests().edit(editor) }
        let edited = editor.document.value?.text
        var loaded = DiskCheckTests.page
        var loadedWritable = true
        var thing = Thing.file(loaded, writable: true)
        var others = 0

        for step in 0..<14 {
            let change = Change.allCases.randomElement(using: &generator) ?? .delete
            switch change {
            case .delete:
                thing = .nothing
            case .writeLoaded:
                thing = .file(loaded, writable: true)
            case .writeOther:
                others += 1
                thing = .file("# Theirs \(others)\n", writable: true)
            case .makeFolder:
                thing = .folder
            case .makeFIFO:
                thing = .fifo
            case .makeReadOnly:
                if case .file(let text, _) = thing { thing = .file(text, writable: false) }
            case .makeWritable:
                if case .file(let text, _) = thing { thing = .file(text, writable: true) }
            case .moveAway:
                if case .file = thing {
                    try? FileManager.default.removeItem(at: moved)
                    try FileManager.default.moveItem(at: url, to: moved)
                }
                thing = .nothing
            case .moveBack:
                if thing == .nothing, let bytes = try? TestSupport.readFile(moved) {
                    thing = .file(String(decoding: bytes, as: UTF8.self), writable: true)
                }
            case .refuseReads:
                fixture.refusal.isOn = true
            case .allowReads:
                fixture.refusal.isOn = false
            }
            try put(thing, at: url)
            let before = snapshot(url)

            await editor.onCheckedDisk()

            let context = Comment(rawValue: "seed \(seed), step \(step): \(change) → \(thing), dirty \(dirty)")
            #expect(snapshot(url) == before, context)
            let refused = fixture.refusal.isOn
            var expected: SaveState
            switch thing {
            case .nothing: expected = .diskProblem(.missing, isDirty: dirty)
            case .folder: expected = .diskProblem(.folder, isDirty: dirty)
            case .fifo: expected = .diskProblem(.notAFile(kind: "a FIFO (named pipe)"), isDirty: dirty)
            case .file(let text, let writable):
                if refused {
                    expected = .diskProblem(.unreadable(reason: ""), isDirty: dirty)
                } else if text == loaded {
                    expected = loadedWritable && !writable ? .diskProblem(.readOnly(permissions: 0o444), isDirty: dirty) : dirty ? .dirty : .clean
                    #expect(editor.alert == nil || (!writable && dirty), context)
                } else if dirty {
                    expected = .conflict
                } else {
                    // Read again: the file's text is now the version edits start from.
                    loaded = text
                    loadedWritable = writable
                    expected = .clean
                    #expect(editor.alert == nil, context)
                }
            }
            #expect(Self.kind(editor.saveState) == Self.kind(expected), context)
            #expect(editor.document.value?.text == (dirty ? edited : loaded), context)
        }
    }

    /// A save state without the unreadable reason (the system's words).
    static func kind(_ state: SaveState) -> SaveState {
        if case .diskProblem(.unreadable, let isDirty) = state { return .diskProblem(.unreadable(reason: ""), isDirty: isDirty) }
        return state
    }

    /// Puts `thing` at `url`, removing what was there (unless it is the same file).
    func put(_ thing: Thing, at url: URL) throws {
        let manager = FileManager.default
        let current = try? manager.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
        if current != nil, case .file = thing, current == .typeRegular {
            // Written in place below.
        } else if current != nil {
            try manager.removeItem(at: url)
        }
        switch thing {
        case .nothing: break
        case .folder: try manager.createDirectory(at: url, withIntermediateDirectories: false)
        case .fifo: #expect(mkfifo(url.path, 0o644) == 0)
        case .file(let text, let writable):
            if current == .typeRegular { try TestSupport.setPermissions(0o644, of: url) }
            try Data(text.utf8).write(to: url)
            try TestSupport.setPermissions(writable ? 0o644 : 0o444, of: url)
        }
    }

    /// What is at `url`: its kind, bytes (of a file) and mode.
    func snapshot(_ url: URL) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "nothing" }
        let type = (attributes[.type] as? FileAttributeType)?.rawValue ?? "?"
        let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        guard type == FileAttributeType.typeRegular.rawValue, let bytes = try? TestSupport.readFile(url) else { return "\(type) \(mode)" }
        return "\(type) \(mode) \(String(decoding: bytes, as: UTF8.self))"
    }
}
