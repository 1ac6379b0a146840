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

        Edits (VALUE is everything after the first = byte, taken as typed: \\n is
        not a line break; KEY= empties the value):
          --front-matter KEY=VALUE  Set a front-matter field of a Markdown file
                                    (added after the last field when missing).
                                    In YAML front matter KEY is a path as for
                                    --yaml (author.name, "a.b"), but a top-level
                                    key written with the dots is that key; a
                                    missing mapping on the way is refused
          --tile ID KEY=VALUE       Set a property of the tile whose id is ID, or
                                    of the Nth tile of the file with #N: tiles
                                    count from 1 in file order, every :::tile,
                                    :::chart and :::mermaid block, unreadable
                                    ones included (a directive never closed is
                                    not a tile)
          --yaml PATH=VALUE         Set a value of a YAML file; PATH is dotted
                                    (services.web.image, items.0.name, a."b.c";
                                    in quotes, \\" is a quote and \\\\ a backslash;
                                    a quote opens and closes a whole key);
                                    a block scalar (| or >) keeps its final
                                    line break, as in the editor
          --document N              The YAML edits after it go to document N of
                                    the file (from 1; documents are separated by
                                    --- lines). Without it, a path goes to the only
                                    document that has it; a path that several
                                    documents have, or that none has in a file of
                                    several documents, is refused and names them

        Options:
          --dry-run   Print the change as a unified diff instead of writing it
          --force     Write the file even when it is read-only for you (its mode
                      is kept)
          -h, --help  Show this help

        A value keeps the old one's style and type where it can: a date stays a
        date, quotes stay quotes, a tag (!!int) stays while the value fits it.
        Only what changes is written: a block scalar's other lines keep their
        line breaks, a double-quoted value the escapes of its other characters.
        Booleans are true and false (YAML 1.2): yes, no, on and off are text,
        written in quotes.
        A value that cannot be written as given (a line break in a front-matter
        value of Tiledown's profile, a carriage return or a line break at either
        end of a tile value, a value its tag does not allow) is refused with the
        reason, and so is a value the editor's field would not take (a date
        that is no day, a number out of its range), with check's error. Notes
        about the edit (other places that read an anchored value
        through an alias) and new warnings are printed on standard error.

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
        OptionSpec("--document", values: ["N"]),
        OptionSpec("--dry-run"),
        OptionSpec("--force"),
    ]

    /// One requested edit.
    private enum Edit {
        case frontMatter(key: String, value: String)
        case tile(reference: String, key: String, value: String)
        /// `document`: 0-based, `nil` when the user did not choose.
        case yaml(path: String, value: String, document: Int?)
    }

    /// Why an edit was refused, as `path: reason`, after the diagnostics
    /// that are the reason (a tile that cannot be read), printed as `check`
    /// prints them.
    private struct Refusal: Error {
        var message: String
        var diagnostics: [Diagnostic] = []
        /// The place of the node being edited (lines and columns from 1),
        /// printed as `path:line:col: error: message`; `nil` when the
        /// refusal concerns no place in the file.
        var location: SourceLocation?
    }

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one file, then the edits") }
        let file = context.file(named: arguments.positionals[0])
        var edits: [Edit] = []
        var document: Int?
        for option in arguments.options {
            switch option.name {
            case "--document":
                let text = option.values[0]
                guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text), number >= 1 else {
                    throw UsageError("`--document \(text)`: N is a document number, from 1")
                }
                document = number - 1
            case "--front-matter":
                let (key, value) = try Self.assignment(option.values[0], option: option.name)
                edits.append(.frontMatter(key: key, value: value))
            case "--tile":
                let (key, value) = try Self.assignment(option.values[1], option: option.name)
                edits.append(.tile(reference: option.values[0], key: key, value: value))
            case "--yaml":
                let (path, value) = try Self.assignment(option.values[0], option: option.name)
                edits.append(.yaml(path: path, value: value, document: document))
            default:
                break
            }
        }
        guard !edits.isEmpty else {
            throw UsageError("give at least one edit: --front-matter KEY=VALUE, --tile ID KEY=VALUE or --yaml PATH=VALUE")
        }
        if document != nil && !edits.contains(where: { if case .yaml = $0 { true } else { false } }) {
            throw UsageError("--document chooses the document of the --yaml edits after it")
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
        let notes: [String]
        do {
            (result, notes) = try Self.apply(edits, to: opened.document)
        } catch {
            for diagnostic in CheckCommand.ordered(error.diagnostics) {
                await context.printError(CheckCommand.line(for: diagnostic, path: file.displayPath))
            }
            if let location = error.location {
                await context.printError("\(file.displayPath):\(location.line):\(location.column): error: \(error.message)")
            } else {
                await context.printError("\(file.displayPath): \(error.message)")
            }
            return ExitCode.failure
        }
        for note in notes {
            await context.printError("\(file.displayPath): note: \(note)")
        }
        let edited = result.bytes
        guard edited != opened.loaded.bytes else { return ExitCode.success }
        let added = Self.addedDiagnostics(before: opened.document.diagnostics, after: result.diagnostics)
        // A value the editor's field would not take (a date that is no day,
        // a number out of range, a duplicate id) is refused, as the editor
        // keeps it pending: the rule is the model's, for both. A warning (a
        // property the tile type does not have) is written, and said.
        if added.contains(where: { $0.severity == .error }) {
            for diagnostic in added where diagnostic.severity == .error {
                await context.printError(CheckCommand.line(for: diagnostic, path: file.displayPath))
            }
            await context.printError("\(file.displayPath): the edit was refused, since it would leave the errors above; nothing was written")
            return ExitCode.failure
        }
        for diagnostic in added {
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

    /// The diagnostics of `after` the edit brought: those whose code is
    /// more frequent than before, less the ones whose message was there
    /// before (a message may name lines, which an edit above moves, so a
    /// code's count decides first).
    private static func addedDiagnostics(before: [Diagnostic], after: [Diagnostic]) -> [Diagnostic] {
        var counts: [DiagnosticCode: Int] = [:]
        for diagnostic in before { counts[diagnostic.code, default: 0] += 1 }
        for diagnostic in after { counts[diagnostic.code, default: 0] -= 1 }
        let messages = Set(before.map { "\($0.code.rawValue) \($0.message)" })
        return CheckCommand.ordered(after).filter { diagnostic in
            (counts[diagnostic.code] ?? 0) < 0 && !messages.contains("\(diagnostic.code.rawValue) \(diagnostic.message)")
        }
    }

    /// `KEY=VALUE` split at the first `=` byte (a `=` followed by a
    /// combining mark is still the separator).
    private static func assignment(_ text: String, option: String) throws(UsageError) -> (String, String) {
        let bytes = Array(text.utf8)
        guard let equals = bytes.firstIndex(of: 0x3D) else {
            throw UsageError("`\(option) \(text)`: expected \(option == "--yaml" ? "PATH" : "KEY")=VALUE")
        }
        guard equals > 0 else { throw UsageError("`\(option) \(text)`: the name before = is empty") }
        // `=` is ASCII: the bytes on either side are whole UTF-8 sequences.
        return (String(decoding: bytes[..<equals], as: UTF8.self), String(decoding: bytes[(equals + 1)...], as: UTF8.self))
    }

    private static func apply(_ edits: [Edit], to document: SourceDocument) throws(Refusal) -> (SourceDocument, [String]) {
        var notes: [String] = []
        switch document {
        case .markdown(var markdown):
            for edit in edits {
                var unreadable: (String, [Diagnostic])?
                do throws(EditError) {
                    switch edit {
                    case .frontMatter(let key, let value):
                        notes += try markdown.perform(try frontMatterOperation(key, value: value, in: markdown)).notes
                    case .tile(let reference, let key, let value):
                        if let problem = TileWriter.exactnessProblem(.text(value), key: key) { throw .invalidValue(message: problem) }
                        let id = try tile(reference, in: markdown)
                        if let block = markdown.block(id: id), case .raw(.tile) = block.kind {
                            unreadable = (reference, block.diagnostics.filter { $0.severity == .error })
                            break
                        }
                        notes += try markdown.perform(.setTileProperty(id, key: key, value: .text(value))).notes
                    case .yaml:
                        break
                    }
                } catch {
                    throw Refusal(message: error.message, location: Self.place(of: edit, in: markdown))
                }
                // The reason a tile cannot be read is its own errors, at their lines.
                if let (reference, diagnostics) = unreadable {
                    throw Refusal(
                        message: "tile `\(reference)` cannot be edited until the errors above are fixed; nothing was written",
                        diagnostics: diagnostics)
                }
            }
            return (.markdown(markdown), notes)
        case .yaml(var yaml):
            for case .yaml(let pathText, let value, let chosen) in edits {
                let path: YAMLPath
                do throws(EditError) {
                    path = try YAMLPath(validating: pathText)
                } catch {
                    throw Refusal(message: error.message)
                }
                let index: Int
                if let chosen {
                    if yaml.dialect == .flat && chosen != 0 {
                        throw Refusal(message: "this file is flat `key: value` lines, one document; there is no document \(chosen + 1)")
                    }
                    index = chosen
                } else {
                    switch yaml.document(for: path) {
                    case .document(let only):
                        index = only
                    case .ambiguous(let documents):
                        throw Refusal(message: "\(path.displayText) is in documents \(Self.list(documents.map { $0 + 1 })) of this file; choose one with --document N before --yaml")
                    case .none(let count):
                        throw Refusal(message: "\(path.displayText) is in none of the \(count) documents of this file; choose the document to add it to with --document N before --yaml")
                    }
                }
                // A block scalar keeps its own final line break (and so its
                // chomping), as the editor's text area does: VALUE is the text
                // before it.
                let typed = yaml.node(at: path, document: index)?.scalar.map { yaml.editableText(of: $0).value(of: value) } ?? value
                do throws(EditError) {
                    notes += try yaml.setValue(at: path, to: typed, document: index).notes
                } catch {
                    throw Refusal(
                        message: yaml.documents.count > 1 ? "document \(index + 1): \(error.message)" : error.message,
                        location: Self.place(of: path, in: yaml, document: index))
                }
            }
            return (.yaml(yaml), notes)
        }
    }

    /// The edit `--front-matter KEY=VALUE` asks for: in YAML front matter
    /// KEY is a path as `--yaml` reads it (dots separate keys, a quoted
    /// segment is one key), but a top-level key written with KEY's text,
    /// dots and all, is that key (Tiledown's flat profile has no paths); in
    /// Tiledown's flat front matter KEY is one key. Throws
    /// `EditError.pathNotFound` when KEY read as a path is malformed
    /// (`YAMLPath.syntaxProblem(in:)`).
    private static func frontMatterOperation(_ key: String, value: String, in document: MarkdownDocument) throws(EditError) -> DocumentOperation {
        let flat = document.frontMatter.map { $0.dialect == .tiledown } ?? (document.dialect == .tiledown)
        if flat { return .setFrontMatterField(key: key, value: value) }
        if document.frontMatter?.field(key) != nil { return .setFrontMatterField(key: key, value: value) }
        return .setFrontMatterValue(path: try YAMLPath(validating: key), value: value)
    }

    /// The place of the node `path` names in document `index` of `yaml`,
    /// or of its deepest ancestor there (the mapping a key goes into, the
    /// alias a path leads through): lines and columns from 1.
    private static func place(of path: YAMLPath, in yaml: YAMLFileDocument, document index: Int) -> SourceLocation? {
        var components = path.components
        while true {
            if let node = yaml.node(at: YAMLPath(components), document: index) { return yaml.location(of: node.range.lowerBound) }
            guard !components.isEmpty else { return nil }
            components.removeLast()
        }
    }

    /// The place of what `edit` changes in `document`: the front-matter
    /// field's value (its first line when written twice), the tile
    /// property's line, else the tile's first line; `nil` when there is
    /// no such place (no front matter, no tile of that name).
    private static func place(of edit: Edit, in document: MarkdownDocument) -> SourceLocation? {
        switch edit {
        case .frontMatter(let key, _):
            guard let frontMatter = document.frontMatter, document.blockCount > 0 else { return nil }
            let start = document.range(at: 0).lowerBound
            guard let field = frontMatter.fields.first(where: { Array($0.key.utf8) == Array(key.utf8) }) else { return nil }
            return document.location(of: start + field.valueSpan.lowerBound)
        case .tile(let reference, let key, _):
            guard let id = try? tile(reference, in: document), let index = document.index(of: id) else { return nil }
            let start = document.range(at: index).lowerBound
            if case .tile(let tile) = document.kind(at: index), let property = tile.property(key) {
                return document.location(of: start + property.span.lowerBound)
            }
            return document.location(of: start)
        case .yaml:
            return nil
        }
    }

    /// `1, 2 and 3`.
    private static func list(_ numbers: [Int]) -> String {
        let words = numbers.map(String.init)
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The block of the tile named by `reference`: `#N`, the Nth tile
    /// directive of the file (from 1, tiles with errors counted), or a tile id.
    private static func tile(_ reference: String, in document: MarkdownDocument) throws(EditError) -> BlockID {
        let bytes = Array(reference.utf8)
        if bytes.first == 0x23 {
            let digits = bytes.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let position = Int(String(decoding: digits, as: UTF8.self)) else {
                throw .invalidValue(message: "`\(reference)` is not a tile position; write #N with N a number from 1")
            }
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
        var matches = document.blocks(withTileID: reference)
        // A tile that breaks the grammar has no readable id, but the one its
        // body declares is the tile the user meant: the reason it cannot be
        // edited is its errors, not that the id is missing.
        if matches.isEmpty { matches = document.unreadableTiles(declaringID: reference) }
        guard let first = matches.first else { throw .invalidValue(message: "no tile has the id `\(reference)`") }
        guard matches.count == 1 else {
            throw .invalidValue(message: "\(matches.count) tiles have the id `\(reference)`; name the tile by its position (#N)")
        }
        return first
    }
}
