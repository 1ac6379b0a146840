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
}
