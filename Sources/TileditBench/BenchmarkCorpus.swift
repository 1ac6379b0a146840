import Foundation
import TileditFixtures

/// The generated inputs of a run, written to a temporary folder: Tiledown
/// documents (YAML front matter, every block kind, a tile about every 20
/// blocks) and YAML files, one of each per size. Generation is seeded, so
/// every run and machine measures the same bytes.
struct BenchmarkCorpus: Sendable {
    /// A requested input size and how the report names it.
    struct Size: Sendable, Hashable {
        /// At least this many bytes (UTF-8).
        var bytes: Int
        /// `100 KB`, `1 MB`, `10 MB` (decimal units).
        var label: String

        static let kilobytes100 = Size(bytes: 100_000, label: "100 KB")
        static let megabyte1 = Size(bytes: 1_000_000, label: "1 MB")
        static let megabytes10 = Size(bytes: BenchmarkDocuments.largeBytes, label: "10 MB")
    }

    /// One generated file.
    struct Input: Sendable {
        var size: Size
        var path: String
        /// The file's actual length in bytes.
        var byteCount: Int
    }

    /// The seed of every generated input (`BenchmarkDocuments`, which the
    /// window's benchmark reads too).
    static let seed = BenchmarkDocuments.seed

    let folder: URL
    /// Tiledown documents, smallest first.
    let markdown: [Input]
    /// YAML files, smallest first.
    let yaml: [Input]

    /// The size the targets are stated for: size-dependent targets are
    /// checked on inputs of this size only.
    static let targetSize = Size.megabytes10

    /// Generates one Tiledown document and one YAML file per size into a
    /// new temporary folder.
    ///
    /// - Throws: when the folder or a file cannot be written.
    /// Writes the document of `bytes` that `generate` writes for that size
    /// (Tiledown, or YAML when `url` ends in `.yaml`) to `url`.
    static func writeDocument(bytes: Int, to url: URL) throws {
        let text = url.pathExtension == "yaml" ? BenchmarkDocuments.yaml(bytes: bytes) : BenchmarkDocuments.tiledown(bytes: bytes)
        try Data(text.utf8).write(to: url)
    }

    static func generate(sizes: [Size], progress: (String) -> Void) throws -> BenchmarkCorpus {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("tiledit-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var markdown: [Input] = []
        var yaml: [Input] = []
        for size in sizes {
            progress("generating \(size.label) inputs")
            markdown.append(try write(BenchmarkDocuments.tiledown(bytes: size.bytes), size: size, name: "document-\(size.bytes).md", in: folder))
            yaml.append(try write(BenchmarkDocuments.yaml(bytes: size.bytes), size: size, name: "data-\(size.bytes).yaml", in: folder))
        }
        return BenchmarkCorpus(folder: folder, markdown: markdown, yaml: yaml)
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func write(_ text: String, size: Size, name: String, in folder: URL) throws -> Input {
        let url = folder.appendingPathComponent(name)
        let data = Data(text.utf8)
        try data.write(to: url)
        return Input(size: size, path: url.path, byteCount: data.count)
    }
}
