import Foundation
import Testing
import TileditCLI
import TileditTestSupport

/// Every file of `../shared/samples` through `check` and `fmt --check`.
@Suite("Samples", .enabled(if: TestSupport.samplesFolder != nil))
struct SampleTests {
    @Test func checkFindsNoErrorsInTheSamples() async throws {
        let shared = try #require(TestSupport.sharedFolder)
        let run = await CommandRun.run(["check", "samples"], in: shared)
        #expect(run.standardError == "")
        #expect(run.status == 0, "\(run.standardOutput)")
    }

    @Test func checkAsJSONCountsEveryFile() async throws {
        let samples = try #require(TestSupport.samplesFolder)
        let run = await CommandRun.run(["check", "--format", "json", "."], in: samples)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let expected = TestSupport.listTree(samples).filter { [".md", ".yml", ".yaml"].contains(where: $0.hasSuffix) }
        #expect(files.compactMap { $0["path"] as? String } == expected)
        #expect(json["errors"] as? Int == 0)
        #expect(run.status == 0)
    }

    @Test func formatCheckReadsEverySampleWithoutTrouble() async throws {
        let shared = try #require(TestSupport.sharedFolder)
        let before = try snapshot(of: shared.appendingPathComponent("samples"))
        let run = await CommandRun.run(["fmt", "--check", "samples"], in: shared)
        #expect(run.standardError == "")
        #expect(run.status == 0 || run.status == 1)
        for header in run.standardOutput.split(separator: "\n") where header.hasPrefix("--- a/") {
            #expect(header.hasSuffix(".md"))
        }
        #expect(try snapshot(of: shared.appendingPathComponent("samples")) == before)
    }
}
