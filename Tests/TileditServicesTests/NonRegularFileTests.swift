import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// Only regular files are read or written: a FIFO, device or socket is
/// refused at once (never opened in a way that blocks, never replaced), and
/// the size limit holds for what is actually read.
@Suite(.timeLimit(.minutes(10))) struct NonRegularFileTests {
    let folder: URL
    let journalFolder: URL

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("special").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store(_ fileSystem: FileSystem = .live, sizeLimit: Int = ContentCheck.defaultSizeLimit) -> DocumentStore {
        .testing(journalFolder: journalFolder, fileSystem: fileSystem, sizeLimit: sizeLimit)
    }

    func makeFIFO(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard mkfifo(url.path, 0o644) == 0 else { throw FileSystemError(.createFolder, path: url.path, code: errno) }
        return url
    }

    func makeSocket(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FileSystemError(.open, path: url.path, code: errno) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(url.path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.prefix(buffer.count - 1).enumerated() { buffer[index] = UInt8(bitPattern: byte) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw FileSystemError(.open, path: url.path, code: errno) }
        return url
    }

    // MARK: Reading

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
        let fifo = try makeFIFO("pipe.md")
        await #expect(throws: DocumentStoreError.notAFile(path: fifo.path, kind: .fifo)) { try await store().load(fifo) }
    }

    @Test func aSocketIsRefused() async throws {
        let socket = try makeSocket("socket.md")
        await #expect(throws: DocumentStoreError.notAFile(path: socket.path, kind: .socket)) { try await store().load(socket) }
    }

    @Test func aDeviceReachedThroughASymbolicLinkIsRefused() async throws {
        let link = folder.appendingPathComponent("zero.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        await #expect(throws: DocumentStoreError.notAFile(path: link.path, kind: .characterDevice)) { try await store().load(link) }
    }

    @Test func readingRefusesAFileSwappedForAFIFOAfterItWasChecked() throws {
        let fifo = try makeFIFO("swapped.md")
        var fileSystem = FileSystem.live
        // `stat` still says "regular file": the open file's `fstat` is what counts.
        let status = fileSystem.status
        fileSystem.status = { url in try status(url).map { var status = $0; status.kind = .file; return status } }

        #expect(throws: FileSystemError.notRegularFile(.read, path: fifo.path, kind: .fifo)) { try fileSystem.read(fifo, limit: 100) }
    }

    @Test func readingAListedFileRefusesAFIFOOrADeviceFoundInItsPlaceWithoutWaiting() throws {
        // A folder's listing said "regular file"; what is opened is checked.
        let fifo = try makeFIFO("listed.md")
        #expect(throws: FileSystemError.notRegularFile(.read, path: fifo.path, kind: .fifo)) { try FileSystem.live.readListedFile(fifo, limit: 100) }
        let link = folder.appendingPathComponent("listed-zero.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        #expect(throws: FileSystemError.notRegularFile(.read, path: link.path, kind: .characterDevice)) {
            try FileSystem.live.readListedFile(link, limit: 100)
        }
    }

    @Test func theSizeLimitHoldsForWhatIsReadNotForWhatStatSaid() async throws {
        let url = try TestSupport.writeFile(Array(repeating: UInt8(ascii: "a"), count: 5000), at: "grown.md", in: folder)
        var fileSystem = FileSystem.live
        // The file was small when stat looked, and grew before it was read.
        let status = fileSystem.status
        fileSystem.status = { url in try status(url).map { var status = $0; status.size = 10; return status } }
        let read = fileSystem.readFile
        fileSystem.readFile = { file, limit in
            let bytes = try read(file, limit)
            #expect(bytes.count == limit + 1, "at most limit + 1 bytes are read")
            return bytes
        }

        await #expect(throws: DocumentStoreError.content(path: url.path, .tooLarge(size: 5000, limit: 1000))) {
            try await store(fileSystem, sizeLimit: 1000).load(url)
        }
    }

    @Test func discoveryListsNoFIFOAndDoesNotWaitForOne() async throws {
        _ = try makeFIFO("pipe.md")
        try TestSupport.writeFile(Array("# A\n".utf8), at: "a.md", in: folder)
        let link = folder.appendingPathComponent("zero.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")

        let workspace = try await WorkspaceClient.live().discover(folder)

        #expect(workspace.documents.map(\.path) == ["a.md"])
    }

    @Test func aFIFOWhereTheSettingsFileGoesIsAnErrorNotAHang() async throws {
        let fifo = try makeFIFO("settings.yml")
        await #expect(throws: SettingsError.readFailed(path: fifo.path, reason: "it is a FIFO (named pipe), not a regular file")) {
            try await SettingsClient.live(file: fifo).load()
        }
    }

    // MARK: Writing

    @Test func aSaveNeverReplacesAFIFOASocketOrADevice() async throws {
        let fifo = try makeFIFO("pipe.md")
        let socket = try makeSocket("socket.md")
        let device = folder.appendingPathComponent("null.md")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/null")

        for (url, kind) in [(fifo, FileStatus.Kind.fifo), (socket, .socket), (device, .characterDevice)] {
            await #expect(throws: DocumentStoreError.notAFile(path: url.path, kind: kind)) { try await store().save(url, Array("x".utf8), nil) }
            // Not even as output: a socket is never written into.
            if kind == .socket {
                await #expect(throws: DocumentStoreError.notAFile(path: url.path, kind: kind)) {
                    try await store().saveWithOptions(url, Array("x".utf8), nil, SaveOptions(writesIntoDevices: true))
                }
            }
        }
        #expect(try TestSupport.status(of: fifo).kind == .fifo)
        #expect(try TestSupport.status(of: socket).kind == .socket)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: device.path) == "/dev/null")
        #expect(try TestSupport.status(of: URL(fileURLWithPath: "/dev/null")).kind == .characterDevice)
        #expect(TestSupport.saveLeftovers(in: folder).isEmpty)
    }

    @Test func outputIntoACharacterDeviceIsWrittenInPlace() async throws {
        let device = URL(fileURLWithPath: "/dev/null")
        _ = try await store().saveWithOptions(device, Array("<p>x</p>\n".utf8), nil, SaveOptions(writesIntoDevices: true))
        #expect(try TestSupport.status(of: device).kind == .characterDevice)
    }

    @Test func outputIntoAFIFONoProgramReadsIsRefused() async throws {
        let fifo = try makeFIFO("out.html")
        await #expect(throws: DocumentStoreError.writeFailed(path: fifo.path, reason: "it is a FIFO (named pipe) that no program is reading")) {
            try await store().saveWithOptions(fifo, Array("x".utf8), nil, SaveOptions(writesIntoDevices: true))
        }
    }

    @Test func outputIntoAFIFOReachesItsReader() async throws {
        let fifo = try makeFIFO("out.html")
        // The reader end, opened without waiting for a writer.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }

        _ = try await store().saveWithOptions(fifo, Array("<p>x</p>\n".utf8), nil, SaveOptions(writesIntoDevices: true))

        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(Array(buffer.prefix(Swift.max(count, 0))) == Array("<p>x</p>\n".utf8))
        #expect(try TestSupport.status(of: fifo).kind == .fifo)
    }
}
