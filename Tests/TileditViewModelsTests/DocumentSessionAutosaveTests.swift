import Foundation
import Testing
import TileditFixtures
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Autosave and the questions a save asks: an automatic save asks a question
/// once, then holds while it waits for the user, so typing never brings the
/// same alert back (a key meant for the document could answer it) and
/// nothing is written until the user answers or the problem is over.
extension DocumentSessionTests {
    /// Runs the automatic save that an edit scheduled `delay` ago.
    func runAutosave(_ fixture: Fixture, delay: Duration = .seconds(5)) async {
        _ = await fixture.clock.waitForSleepers(1)
        await fixture.clock.advance(by: delay)
        await fixture.session.autosaveTask?.value
    }

    /// Edits and lets every autosave delay pass: nothing may be saved.
    func editWhileHeld(_ fixture: Fixture, _ bytes: [UInt8]) async {
        fixture.owner.edit(bytes)
        #expect(fixture.session.autosaveHeld)
        #expect(fixture.clock.sleeperCount == 0)
        await fixture.clock.advance(by: .seconds(60))
        await fixture.session.autosaveTask?.value
    }

    @Test func autosaveAsksOnceAboutADeletedFileAndSavesAgainOnlyWhenTheUserSays() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        fixture.disk.write(nil)
        await runAutosave(fixture)
        #expect(fixture.owner.events == [.willSave, .asked(.deletedOnDisk)])
        #expect(fixture.session.diskProblem == .missing)

        await editWhileHeld(fixture, Self.outside)
        await editWhileHeld(fixture, Self.edited)
        #expect(fixture.owner.events == [.willSave, .asked(.deletedOnDisk)])
        #expect(fixture.disk.bytes == nil)

        await fixture.session.saveAgain()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.autosaveHeld == false)
        #expect(fixture.disk.bytes == Self.edited)

        // Saved again: autosave works as before.
        fixture.owner.edit(Self.outside)
        await runAutosave(fixture)
        #expect(fixture.disk.bytes == Self.outside)
    }

    @Test func anExplicitSaveAsksAgainWhileAutosaveHolds() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        fixture.disk.write(nil)
        await runAutosave(fixture)
        await editWhileHeld(fixture, Self.outside)
        await fixture.session.save()
        #expect(fixture.owner.events == [.willSave, .asked(.deletedOnDisk), .willSave, .asked(.deletedOnDisk)])
        #expect(fixture.disk.bytes == nil)
    }

    @Test func autosaveAsksOnceAboutAConflictAndHoldsUntilItIsSettled() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        fixture.disk.write(Self.outside)
        await runAutosave(fixture)
        #expect(fixture.session.phase == .conflict)
        #expect(fixture.owner.events == [.willSave, .asked(.conflict)])

        let typed: [UInt8] = Array("version three\n".utf8)
        await editWhileHeld(fixture, typed)
        #expect(fixture.owner.events == [.willSave, .asked(.conflict)])
        #expect(fixture.disk.bytes == Self.outside)

        // The other program puts the loaded version back: the conflict is over.
        fixture.disk.write(Self.original)
        await fixture.session.checkDisk()
        #expect(fixture.session.autosaveHeld == false)
        #expect(fixture.owner.events == [.willSave, .asked(.conflict), .withdrew(.conflict)])
        fixture.owner.edit(Self.edited)
        await runAutosave(fixture)
        #expect(fixture.disk.bytes == Self.edited)
        #expect(fixture.session.phase == .saved)
    }

    @Test func autosaveAsksOnceAboutAReadOnlyFile() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        let error = DocumentStoreError.notWritable(path: Self.url.path, permissions: 0o444)
        fixture.disk.failNextSave(error)
        await runAutosave(fixture)
        #expect(fixture.owner.events == [.willSave, .asked(.overrideReadOnly(message: error.message))])

        await editWhileHeld(fixture, Self.outside)
        #expect(fixture.owner.events == [.willSave, .asked(.overrideReadOnly(message: error.message))])
        #expect(fixture.disk.bytes == Self.original)

        await fixture.session.saveOverridingReadOnly()
        #expect(fixture.disk.bytes == Self.outside)
        #expect(fixture.session.autosaveHeld == false)
    }

    @Test func aQuestionADiskCheckAskedHoldsAutosaveToo() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        _ = await fixture.clock.waitForSleepers(1)
        fixture.disk.write(nil)
        await fixture.session.checkDisk()
        #expect(fixture.owner.events == [.asked(.deletedOnDisk)])
        // The autosave already waiting does not save into the question.
        await fixture.clock.advance(by: .seconds(5))
        await fixture.session.autosaveTask?.value
        #expect(fixture.owner.events == [.asked(.deletedOnDisk)])
        #expect(fixture.disk.calls.filter { if case .save = $0 { true } else { false } }.isEmpty)

        // The file is put back as it was: the question is withdrawn, autosave resumes.
        fixture.disk.write(Self.original)
        await fixture.session.checkDisk()
        #expect(fixture.session.autosaveHeld == false)
        fixture.owner.edit(Self.outside)
        await runAutosave(fixture)
        #expect(fixture.disk.bytes == Self.outside)
    }

    /// Law over random interleavings of typing, time passing, outside
    /// changes and disk checks: a question is asked again only after the
    /// file changed on disk since it was last asked (never because time or
    /// typing passed), and a save writes only over the version the session
    /// last read or wrote.
    @Test(arguments: 0..<40)
    func autosaveNeverAsksTheSameQuestionTwiceForOneStateOfTheDisk(seed: Int) async throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x9E37 &+ 5)
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        let states: [[UInt8]?] = [Self.original, Self.outside, nil, Array("third\n".utf8)]
        // Per question ("conflict", "deleted", "read-only"): whether the disk changed since it was asked.
        var diskChangedSinceAsked: [String: Bool] = [:]
        var checked = 0
        for step in 0..<30 {
            let before = fixture.disk.bytes
            let versionBefore = fixture.session.fingerprint?.hash
            let callsBefore = fixture.disk.calls.count
            let action = Int.random(in: 0..<4, using: &generator)
            switch action {
            case 0: fixture.owner.edit(Array("typed \(step)\n".utf8))
            case 1:
                await fixture.clock.advance(by: .seconds(5))
                await fixture.session.autosaveTask?.value
            case 2:
                let state = states[Int.random(in: 0..<states.count, using: &generator)]
                if state != before { for key in diskChangedSinceAsked.keys { diskChangedSinceAsked[key] = true } }
                fixture.disk.write(state)
            default: await fixture.session.checkDisk()
            }
            let context = Comment(rawValue: "seed \(seed), step \(step), action \(action)")
            let saved = fixture.disk.calls.dropFirst(callsBefore).contains { if case .save = $0 { true } else { false } }
            if saved, fixture.disk.bytes != before {
                #expect(before.map { ContentHash(of: $0) } == versionBefore, context)
            }
            for event in fixture.owner.events.dropFirst(checked) {
                guard case .asked(let question) = event else { continue }
                let key = Self.kind(of: question)
                #expect(diskChangedSinceAsked[key] ?? true, "\(context): \(key) asked again for the same disk")
                diskChangedSinceAsked[key] = false
            }
            checked = fixture.owner.events.count
        }
    }

    static func kind(of question: DocumentSession.Question) -> String {
        switch question {
        case .conflict, .reviewConflict: "conflict"
        case .deletedOnDisk: "deleted"
        case .overrideReadOnly: "read-only"
        }
    }
}
