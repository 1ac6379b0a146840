import CYAML
import TileditModel

/// Parsing a YAML file into our tree (`YAMLParser.parse`: libyaml events,
/// byte ranges, nodes), beside libyaml's event parse of the same bytes on
/// its own (every event read and deleted, no tree). The tree is released
/// after the clock stops: the parse ends when the caller holds the tree.
struct YAMLBenchmark: BenchmarkGroup {
    let title = "yaml"
    /// Ours over libyaml's event parse, at 10 MB.
    static let target = Figure.Target.ratioAtMost(2)

    /// Our parser reported an error on generated YAML.
    struct ParseFailure: Error, CustomStringConvertible {
        var path: String
        var message: String

        var description: String { "YAMLParser failed on \(path): \(message)" }
    }

    func run(in context: BenchmarkContext) throws -> [Figure] {
        var figures: [Figure] = []
        for input in context.corpus.yaml {
            let bytes = try FileBytes.read(input.path)
            let checked = YAMLParser.parse(bytes)
            if let error = checked.error {
                throw ParseFailure(path: input.path, message: "line \(error.line + 1): \(error.message)")
            }
            context.progress("yaml \(input.size.label): \(Self.parseWithLibYAML(bytes)) events")
            let times = context.benchmark(forInputBytes: bytes.count).compare(
                ours: { YAMLParser.parse(bytes) },
                anchor: { Self.parseWithLibYAML(bytes) })
            figures.append(Figure(
                name: "yaml \(input.size.label) (parse to tree)", ours: .duration(times.ours),
                anchorName: "libyaml events", anchor: .duration(times.anchor),
                target: context.target(Self.target, for: input.size)))
        }
        return figures
    }

    /// libyaml reading every event of `bytes` (UTF-8).
    ///
    /// - Returns: the number of events, or -1 when libyaml stops on an error.
    static func parseWithLibYAML(_ bytes: [UInt8]) -> Int {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return -1 }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return -1 }
                let type = event.type
                yaml_event_delete(&event)
                count += 1
                if type == YAML_STREAM_END_EVENT { return count }
            }
        }
    }
}
