/// The documents every benchmark measures, generated from one seed so
/// every run and machine measures the same bytes: the terminal's
/// benchmarks (`tiledit-bench`) and the window's (`TileditGtkBench`) read
/// the same 10 KB and 10 MB documents.
public enum BenchmarkDocuments {
    /// The seed of every generated benchmark input.
    public static let seed: UInt64 = 20_240_501
    /// The size of the small document, the anchor of per-keystroke
    /// figures (a keystroke should cost the same whatever the file's size).
    public static let smallBytes = 10_000
    /// The size the size-dependent targets are stated for.
    public static let largeBytes = 10_000_000

    /// A Tiledown document of at least `bytes` bytes: YAML front matter,
    /// every block kind, a tile about every 20 blocks.
    public static func tiledown(bytes: Int) -> String {
        var generator = TiledownGenerator(seed: seed, frontMatter: .yaml, tileEvery: 20)
        return generator.document(bytes: bytes)
    }

    /// A YAML file of at least `bytes` bytes (`YAMLGenerator`).
    public static func yaml(bytes: Int) -> String {
        var generator = YAMLGenerator(seed: seed)
        return generator.document(bytes: bytes)
    }

    /// A YAML data file of about `bytes` UTF-8 bytes shaped as many sites'
    /// data files are: one top-level key holding a block sequence of small
    /// records (a number, a quoted string with an accent, a flow sequence
    /// and a literal block scalar each), so that every node but the root's
    /// one pair is inside one top-level entry.
    public static func yamlRecordList(bytes: Int) -> String {
        var text = "# records\nitems:\n"
        var count = text.utf8.count
        var index = 0
        while count < bytes {
            let record = "  - id: \(index)\n    name: \"item \(index) café\"\n    tags: [a, b, c]\n    note: |\n      line for \(index)\n"
            text += record
            count += record.utf8.count
            index += 1
        }
        return text
    }
}
