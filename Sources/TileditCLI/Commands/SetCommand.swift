import TileditModel
import TileditServices

/// `tiledit set`: scripted edits through the document engine, so only the
/// edited bytes change.
struct SetCommand: Command {
    static let name = "set"
    static let summary = "Set front-matter fields, tile properties or YAML values (minimal edits)"
    static let usage = """
        Usage: tiledit set FILE EDIT... [--dry-run] [--force]

        Edits a file the way the editor does: only the edited value's bytes
        change; comments, quoting, order and line endings elsewhere are kept.
        Edits apply in the order given; when one is refused nothing is written.

        Edits (VALUE is everything after the first =, taken as typed: one line,
        \\n is not a line break; KEY= empties the value):
          --front-matter KEY=VALUE  Set a front-matter field of a Markdown file
                                    (added after the last field when missing)
          --tile ID KEY=VALUE       Set a property of the tile whose id is ID, or
                                    of the Nth tile of the file with #N (from 1)
          --yaml PATH=VALUE         Set a value of a YAML file; PATH is dotted
                                    (services.web.image, items.0.name, a."b.c")

        Options:
          --dry-run   Print the change as a unified diff instead of writing it
          --force     Write the file even when it is read-only for you (its mode
                      is kept)
          -h, --help  Show this help

        The file is written atomically, and not at all when it changed on disk
        since it was read. It keeps what it is: a symbolic link is written
        through, hard links stay one file, owner, group, mode and extended
        attributes are kept. A FIFO, device or socket is refused. What an
        interrupted save left beside the file is dealt with first.

        Exit status: 0 done, 1 an edit was refused (the reason is printed; the file
        is unchanged), 2 a usage error or a file that could not be read or written.

        """
    static let options = [
        OptionSpec("--front-matter", values: ["KEY=VALUE"]),
        OptionSpec("--tile", values: ["ID", "KEY=VALUE"]),
        OptionSpec("--yaml", values: ["PATH=VALUE"]),
        OptionSpec("--dry-run"),
        OptionSpec("--force"),
    ]

    /// One requested edit.
    private enum Edit {
        case frontMatter(key: String, value: String)
        case tile(reference: String, key: String, value: String)
        case yaml(path: String, value: String)
    }

    /// Why an edit was refused, as `path: reason`.
    private struct Refusal: Error {
        var message: String
    }

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one file, then the edits") }
        let file = context.file(named: arguments.positionals[0])
        var edits: [Edit] = []
        for option in arguments.options {
            switch option.name {
            case "--front-matter":
                let (key, value) = try Self.assignment(option.values[0], option: option.name)
                edits.append(.frontMatter(key: key, value: value))
            case "--tile":
                let (key, value) = try Self.assignment(option.values[1], option: option.name)
                edits.append(.tile(reference: option.values[0], key: key, value: value))
            case "--yaml":
                let (path, value) = try Self.assignment(option.values[0], option: option.name)
                edits.append(.yaml(path: path, value: value))
            default:
                break
            }
        }
        guard !edits.isEmpty else {
            throw UsageError("give at least one edit: --front-matter KEY=VALUE, --tile ID KEY=VALUE or --yaml PATH=VALUE")
        }
        for edit in edits {
            switch (edit, file.kind) {
            case (.yaml, .markdown):
                throw UsageError("--yaml edits YAML files; use --front-matter or --tile for Markdown")
            case (.frontMatter, .yaml), (.frontMatter, .siteConfig), (.tile, .yaml), (.tile, .siteConfig):
                throw UsageError("--front-matter and --tile edit Markdown files; use --yaml PATH=VALUE for YAML")
            default:
                break
            }
        }

        if !arguments.has("--dry-run") { await context.recoverInterruptedSaves(at: [arguments.positionals[0]]) }
        let opened: OpenedFile
        do {
            opened = try await context.open(file)
        } catch {
            await context.printError(error.message)
            return ExitCode.trouble
        }
        let result: SourceDocument
        do {
            result = try Self.apply(edits, to: opened.document)
        } catch {
            await context.printError("\(file.displayPath): \(error.message)")
            return ExitCode.failure
        }
        let edited = result.bytes
        guard edited != opened.loaded.bytes else { return ExitCode.success }
        // An edit is written even when it leaves a problem the catalog knows
        // (a property the tile type does not have): the user hears of it.
        let before = Set(opened.document.diagnostics.map { "\($0.code.rawValue) \($0.message)" })
        for diagnostic in CheckCommand.ordered(result.diagnostics) where !before.contains("\(diagnostic.code.rawValue) \(diagnostic.message)") {
            await context.printError(CheckCommand.line(for: diagnostic, path: file.displayPath))
        }
        if arguments.has("--dry-run") {
            await context.write(UnifiedDiff.render(old: opened.loaded.bytes, new: edited, path: file.displayPath))
            return ExitCode.success
        }
        do {
            try await context.save(edited, over: opened, force: arguments.has("--force"))
            return ExitCode.success
        } catch {
            await context.printError(error.message)
            return ExitCode.trouble
        }
    }

    /// `KEY=VALUE` split at the first `=`.
    private static func assignment(_ text: String, option: String) throws(UsageError) -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw UsageError("`\(option) \(text)`: expected \(option == "--yaml" ? "PATH" : "KEY")=VALUE")
        }
        let key = String(text[..<equals])
        guard !key.isEmpty else { throw UsageError("`\(option) \(text)`: the name before = is empty") }
        return (key, String(text[text.index(after: equals)...]))
    }

    private static func apply(_ edits: [Edit], to document: SourceDocument) throws(Refusal) -> SourceDocument {
        switch document {
        case .markdown(var markdown):
            for edit in edits {
                do throws(EditError) {
                    switch edit {
                    case .frontMatter(let key, let value):
                        try markdown.perform(.setFrontMatterField(key: key, value: value))
                    case .tile(let reference, let key, let value):
                        let id = try tile(reference, in: markdown)
                        try markdown.perform(.setTileProperty(id, key: key, value: .text(value)))
                    case .yaml:
                        break
                    }
                } catch {
                    throw Refusal(message: error.message)
                }
            }
            return .markdown(markdown)
        case .yaml(var yaml):
            for case .yaml(let path, let value) in edits {
                do throws(EditError) {
                    try yaml.setValue(at: YAMLPath(parsing: path), to: value)
                } catch {
                    throw Refusal(message: error.message)
                }
            }
            return .yaml(yaml)
        }
    }

    /// The block of the tile named by `reference`: `#N`, the Nth tile
    /// directive of the file (from 1, tiles with errors counted), or a tile id.
    private static func tile(_ reference: String, in document: MarkdownDocument) throws(EditError) -> BlockID {
        if reference.hasPrefix("#"), let position = Int(reference.dropFirst()) {
            let tiles = (0..<document.blockCount).filter { index in
                switch document.kind(at: index) {
                case .tile, .raw(.tile): true
                default: false
                }
            }
            guard position >= 1 && position <= tiles.count else {
                throw .invalidValue(message: "there is no tile \(reference); the file has \(tiles.count) tile\(tiles.count == 1 ? "" : "s")")
            }
            return document.id(at: tiles[position - 1])
        }
        let matches = document.blocks(withTileID: reference)
        guard let first = matches.first else { throw .invalidValue(message: "no tile has the id `\(reference)`") }
        guard matches.count == 1 else {
            throw .invalidValue(message: "\(matches.count) tiles have the id `\(reference)`; name the tile by its position (#N)")
        }
        return first
    }
}
