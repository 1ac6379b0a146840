import Foundation

/// The machine a report was measured on, for BENCHMARKS.md.
struct MachineDescription: Sendable {
    var processor: String
    var coreCount: Int
    var operatingSystem: String
    var swiftVersion: String
    /// `YYYY-MM-DD` (UTC).
    var date: String
    /// `release` or `debug`.
    var buildConfiguration: String

    /// The machine this process runs on. Runs `swift --version`; reads
    /// `/proc/cpuinfo` and `/etc/os-release` where they exist.
    static func current() -> MachineDescription {
        let info = ProcessInfo.processInfo
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return MachineDescription(
            processor: firstValue(ofKey: "model name", separator: ":", inFile: "/proc/cpuinfo") ?? "unknown",
            coreCount: info.activeProcessorCount,
            operatingSystem: firstValue(ofKey: "PRETTY_NAME", separator: "=", inFile: "/etc/os-release")
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? info.operatingSystemVersionString,
            swiftVersion: swiftVersion() ?? "unknown",
            date: today(),
            buildConfiguration: configuration)
    }

    /// `key<separator>value` lines: the first value of `key`, trimmed.
    private static func firstValue(ofKey key: String, separator: Character, inFile path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The first line of `swift --version`, e.g. `Swift version 6.1 (…)`.
    private static func swiftVersion() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .first { $0.contains("Swift version") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
