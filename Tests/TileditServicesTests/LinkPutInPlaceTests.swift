import Foundation
import Testing
import TileditServices
import TileditTestSupport

/// A save never writes through a symbolic link that was not at the path
/// (or led elsewhere) when the file was read: generated over where the
/// link leads and what it leads to (even bytes equal to the ones read).
@Suite struct LinkPutInPlaceTests {
    let folder: URL
    let journalFolder: URL
    static let old = Array("---\ntitle: Old\n---\n\nBody.\n".utf8)
    static let new = Array("---\ntitle: New\n---\n\nBody.\n".utf8)

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("link-in-place").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store() -> DocumentStore { .testing(journalFolder: journalFolder) }

    /// Link texts another program could put at `site/a.md`, each with the
    /// file it leads to made first.
    func links(_ index: Int, content: [UInt8]) throws -> [String] {
        let outside = try TestSupport.writeFile(content, at: "o\(index)/outside.txt", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("o\(index)/chain").path, withDestinationPath: "outside.txt")
        try TestSupport.writeFile(content, at: "s\(index)/other.md", in: folder)
        return ["../o\(index)/outside.txt", outside.path, "../o\(index)/chain", "other.md"]
    }

    @Test(arguments: [old, Array("Someone else's file.\n".utf8)])
    func aFileReplacedByALinkIsRefusedAndWhatTheLinkLeadsToIsUntouched(content: [UInt8]) async throws {
        for (index, link) in try links(content == Self.old ? 0 : 1, content: content).enumerated() {
            let sub = "s\(content == Self.old ? 0 : 1)"
            let url = try TestSupport.writeFile(Self.old, at: "\(sub)/a\(index).md", in: folder)
            let loaded = try await store().load(url)
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: link)
            let led = url.resolvingSymlinksInPath()

            let error = await #expect(throws: DocumentStoreError.self) { try await store().save(url, Self.new, loaded.fingerprint) }

            #expect(error == .becameLink(path: url.path, target: link), "\(link)")
            #expect(error?.message == "\(url.path) is now a symbolic link to \(link), which it was not when it was read; nothing was written through it.")
            #expect(try TestSupport.readFile(led) == content, "\(link)")
            #expect(try TestSupport.status(of: url).kind == .symbolicLink, "\(link)")
        }
    }

    @Test func replacingTheLinkPutsAFileInItsPlaceWithTheModeReadAndLeavesTheTargetAlone() async throws {
        let outside = try TestSupport.writeFile(Self.old, at: "outside.txt", in: folder)
        let url = try TestSupport.writeFile(Self.old, at: "site/a.md", in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        let loaded = try await store().load(url)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "../outside.txt")

        let written = try await store().saveWithOptions(url, Self.new, loaded.fingerprint, SaveOptions(replacesLink: true))

        let status = try TestSupport.status(of: url)
        #expect(status.kind == .file && status.permissions == 0o640)
        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(try TestSupport.readFile(outside) == Self.old)
        #expect(written.resolvedPath == nil)
        #expect(TestSupport.listTree(folder) == ["outside.txt", "site", "site/a.md"])
    }

    @Test func aLinkLeadingElsewhereThanWhenReadIsRefusedAndOneLeadingToTheSameFileIsWrittenThrough() async throws {
        let first = try TestSupport.writeFile(Self.old, at: "first.md", in: folder)
        let second = try TestSupport.writeFile(Self.old, at: "second.md", in: folder)
        let url = folder.appendingPathComponent("a.md")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "first.md")
        let loaded = try await store().load(url)
        #expect(loaded.fingerprint.resolvedPath == first.path)
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "second.md")

        let error = await #expect(throws: DocumentStoreError.self) { try await store().save(url, Self.new, loaded.fingerprint) }
        #expect(error == .becameLink(path: url.path, target: "second.md"))
        #expect(try TestSupport.readFile(second) == Self.old)

        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "./first.md")
        _ = try await store().save(url, Self.new, loaded.fingerprint)
        #expect(try TestSupport.readFile(first) == Self.new)
        #expect(try TestSupport.status(of: url).kind == .symbolicLink)
    }
}
