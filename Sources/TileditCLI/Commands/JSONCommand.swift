/// `tiledit json`: a document's structure as JSON.
struct JSONCommand: Command {
    static let name = "json"
    static let summary = "Print a document's blocks and tiles, or a YAML file's tree, as JSON"
    static let usage = """
        Usage: tiledit json FILE

        Prints the structure of a Markdown or YAML file as JSON (keys in a fixed
        order, UTF-8 text unescaped). Offsets are UTF-8 bytes from the start of
        the file, lines count from 1, columns count characters from 1.

        Markdown: {"path", "dialect", "lineEnding", "byteOrderMark", "blocks": [
          {"id", "kind", "range": {"start", "end"}, "lines": {"first", "last"},
           "tile"?: {"type", "form", "id"?, "properties": [{"key",
             "value" | "items", "form": "text|literal|list", "range"}]},
           "frontMatter"?: {"dialect", "fields": [{"key", "value", "range"}]},
           "diagnostics": [{"line", "column", "severity", "code", "message", "fix"?}]}]}
          Kinds are CommonMark block names (heading, paragraph, list, fencedCode,
          …) plus footnoteDefinition, frontMatter, tile, recentPosts and raw;
          headings add "level" and "setext", lists "ordered" and "itemCount",
          fenced code "info", footnote definitions "label", raw tiles "tileType".
          "lineEnding" is lf, crlf or cr.
        YAML: {"path", "dialect", "lineEnding", "byteOrderMark", "documents": [node],
          "diagnostics"}, node = {"kind": "mapping|sequence|scalar|alias", "range",
          "anchor"?, "tag"?, "pairs": [{"key", "value"}] | "items" |
          "value", "style" | "alias"}; tiledown.yml: "fields" instead of "documents".

        Options:
          -h, --help  Show this help

        Exit status: 0 printed, 2 a usage error or a file that could not be read.

        """
    static let options: [OptionSpec] = []

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one file") }
        let file = context.file(named: arguments.positionals[0])
        do {
            let opened = try await context.open(file)
            let json: JSONValue
            switch opened.document {
            case .markdown(let document): json = DocumentJSON.markdown(document, path: file.displayPath)
            case .yaml(let yaml): json = DocumentJSON.yaml(yaml, path: file.displayPath)
            }
            // Sent on 64 KB at a time: the text is never all in memory.
            var writer = JSONWriter(json)
            while !writer.isDone {
                writer.write(upTo: 1 << 16)
                await context.write(String(decoding: writer.takeOutput(), as: UTF8.self))
            }
            await context.write("\n")
            return ExitCode.success
        } catch {
            await context.printError(error.message)
            return ExitCode.trouble
        }
    }
}
