import Foundation
import Testing
import TileditFixtures
import TileditServices
import TileditTestSupport

/// The read path of search and folder listings (`readWholeFile`, under
/// `readListedFile`): one `fstat` and a buffer sized by it give the same
/// bytes, status and refusals as `describeFile` then `readFile` (the path
/// saving keeps), at every size around the limit and the buffer's edge.
@Suite struct WholeFileReadTests {
    let folder: URL

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("whole-read").resolvingSymlinksInPath()
    }

    /// The two-step path: the same open file read by `describeFile` then `readFile`.
    static let stepwise = FaultInjector().fileSystem

    @Test func aListedFileReadsTheSameBytesAndStatusAsTheStepwisePath() throws {
        var random = SeededGenerator(seed: 0x5EA2C4)
        let sizes = [0, 1, 2, 4095, 4096, 4097, 65_536] + (0..<40).map { _ in Int.random(in: 0..<20_000, using: &random) }
        for (number, size) in sizes.enumerated() {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let url = try TestSupport.writeFile(bytes, at: "file-\(number).md", in: folder)
            let limits = [0, 1, size - 1, size, size + 1, Int.random(in: 0...(size + 10), using: &random), Int.max - 1, Int.max]
            for limit in limits where limit >= 0 {
                let whole = try FileSystem.live.readListedFile(url, limit: limit)
                let stepwise = try Self.stepwise.readListedFile(url, limit: limit)
                #expect(whole == stepwise, "size \(size), limit \(limit)")
                #expect(whole.bytes == Array(bytes.prefix(limit == Int.max ? size : limit + 1)), "size \(size), limit \(limit)")
                #expect(whole.status.size == size && whole.status.kind == .file)
            }
        }
    }

    @Test func aFIFOGivesItsStatusAndNoBytesWithoutWaitingForAWriter() throws {
        let fifo = folder.appendingPathComponent("pipe.md")
        guard mkfifo(fifo.path, 0o644) == 0 else { throw FileSystemError(.createFolder, path: fifo.path, code: errno) }
        let file = try FileSystem.live.openFile(fifo, .read(followsLinks: true))
        defer { try? FileSystem.live.closeFile(file) }

        let contents = try FileSystem.live.readWholeFile(file, 100)

        #expect(contents.bytes == [])
        #expect(contents.status.kind == .fifo)
        #expect(throws: FileSystemError.notRegularFile(.read, path: fifo.path, kind: .fifo)) {
            try Self.stepwise.readListedFile(fifo, limit: 100)
        }
    }

    #if os(Linux)
    /// `/proc` files say they hold 0 bytes and hold more: the buffer sized
    /// by `fstat` fills, as with a file that grew, and reading goes on.
    @Test func aFileLongerThanItsStatusSaidIsReadToItsEnd() throws {
        let url = URL(fileURLWithPath: "/proc/self/cmdline")
        guard let expected = try? TestSupport.readFile(url), !expected.isEmpty,
              (try? FileSystem.live.status(url))??.size == 0
        else { return }

        #expect(try FileSystem.live.readListedFile(url, limit: Int.max).bytes == expected)
        #expect(try FileSystem.live.readListedFile(url, limit: 10_000_000).bytes == expected)
        #expect(try FileSystem.live.readListedFile(url, limit: 2).bytes == Array(expected.prefix(3)))
    }
    #endif

    @Test func aFailingReadOrStatusStepFailsTheStepwiseReadWithThatError() throws {
        let url = try TestSupport.writeFile(Array("# Title\n".utf8), at: "failing.md", in: folder)

        for operation in [FileSystemError.Operation.read, .describe] {
            #expect(throws: FileSystemError(operation, path: url.path, code: 5)) {
                try FileSystem.live(failing: operation).readListedFile(url, limit: 100)
            }
        }
    }
}
