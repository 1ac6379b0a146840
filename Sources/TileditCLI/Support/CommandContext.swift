import Foundation
import TileditModel
import TileditServices

/// What every command works with: where relative paths start, the services,
/// and the output streams.
struct CommandContext: Sendable {
    var workingDirectory: URL
    var fileSystem: FileSystem
    var documentStore: DocumentStore
    var workspaceClient: WorkspaceClient
    var output: TextOutput

    // MARK: Output

    /// Writes `text` to standard output as given (HTML, JSON, diffs, help:
    /// formats with their own escaping, or text of our own).
    func write(_ text: String) async {
        await output.write(.standardOutput, text)
    }

    /// Writes `line` and a line break to standard output, with every control
    /// character and line break in it shown escaped (`VisibleText`): what
    /// comes from a file, its name included, cannot act on the terminal or
    /// fake a line.
    func printLine(_ line: String) async {
        await output.write(.standardOutput, VisibleText.escaped(line) + "\n")
    }

    /// Writes `line` and a line break to standard error, escaped as `printLine` escapes.
    func printError(_ line: String) async {
        await output.write(.standardError, VisibleText.escaped(line) + "\n")
    }

    // MARK: Paths

    /// The absolute, standardized URL of a path argument (relative paths
    /// start at the working directory).
    func url(for path: String) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
        return url.standardizedFileURL
    }

    /// A file named directly by the user.
    func file(named path: String) -> InputFile {
        let url = url(for: path)
        return InputFile(displayPath: path, url: url, kind: InputFile.kind(forFileNamed: url.lastPathComponent), workspaceRoot: nil)
    }

    /// The files named by `paths`: files as named, folders through workspace
    /// discovery (Markdown and YAML files; hidden files, build folders and
    /// linked folders skipped). Sorted by display path, each file once.
    ///
    /// - Returns: the files and one line per path that could not be read.
    func collectFiles(_ paths: [String]) async -> (files: [InputFile], problems: [FileProblem]) {
        var files: [InputFile] = []
        var problems: [FileProblem] = []
        var seen: Set<String> = []
        func add(_ file: InputFile) {
            if seen.insert(file.url.path).inserted { files.append(file) }
        }
        for path in paths {
            let url = url(for: path)
            let status: FileStatus?
            do {
                status = try fileSystem.status(url)
            } catch {
                problems.append(FileProblem(error, path: path))
                continue
            }
            guard let status else {
                problems.append(FileProblem("\(path): no such file or folder"))
                continue
            }
            guard status.kind == .folder else {
                add(file(named: path))
                continue
            }
            do {
                let workspace = try await workspaceClient.discover(url)
                for document in workspace.documents {
                    add(InputFile(
                        displayPath: InputFile.displayPath(folder: path, relativePath: document.path),
                        url: workspace.url(of: document.path).standardizedFileURL, kind: document.kind, workspaceRoot: url))
                }
                for folder in workspace.unreadableFolders {
                    problems.append(FileProblem("\(InputFile.displayPath(folder: path, relativePath: folder)): folder cannot be listed"))
                }
            } catch {
                problems.append(FileProblem(error, path: path))
            }
        }
        return (files.sorted { $0.displayPath < $1.displayPath }, problems)
    }

    // MARK: Documents

    /// Reads `input` through the document store and parses it: Markdown with
    /// the front matter dialect of `FrontMatterDialectRule`, `tiledown.yml`
    /// as flat YAML, other YAML files as YAML.
    ///
    /// - Throws: `FileProblem` when the file is missing, a folder, too
    ///   large, binary, not UTF-8 or unreadable.
    func open(_ input: InputFile) async throws(FileProblem) -> OpenedFile {
        let loaded = try await load(input)
        let document: SourceDocument
        switch input.kind {
        case .markdown:
            let dialect = FrontMatterDialectRule.dialect(forFileAt: input.url, workspaceRoot: input.workspaceRoot, fileSystem: fileSystem)
            document = .markdown(MarkdownDocument(bytes: loaded.bytes, dialect: dialect))
        case .yaml:
            document = .yaml(YAMLFileDocument(bytes: loaded.bytes, dialect: .yaml))
        case .siteConfig:
            document = .yaml(YAMLFileDocument(bytes: loaded.bytes, dialect: .flat))
        }
        return OpenedFile(input: input, loaded: loaded, document: document)
    }

    /// Reads `input`'s bytes as `open` does, without reading them as a
    /// document: for a command that leaves a file alone but must still say
    /// when it cannot be read (DESIGN: bad input is named, never skipped).
    ///
    /// - Throws: `FileProblem` when the file is missing, a folder, too
    ///   large, binary, not UTF-8 (with its line and column) or unreadable.
    func load(_ input: InputFile) async throws(FileProblem) -> LoadedFile {
        do {
            return try await documentStore.load(input.url)
        } catch {
            throw FileProblem(error, path: input.displayPath)
        }
    }

    /// Writes `bytes` over an opened file the way the store saves (keeping
    /// links, owner, group, mode and extended attributes), refusing when the
    /// file changed on disk since it was read.
    ///
    /// - Parameter force: write a file the user may not write (`--force`).
    /// - Throws: `FileProblem` for a conflict, a deleted file, a read-only
    ///   file or a failed write.
    func save(_ bytes: [UInt8], over file: OpenedFile, force: Bool) async throws(FileProblem) {
        do {
            _ = try await documentStore.saveWithOptions(
                file.input.url, bytes, file.loaded.fingerprint, SaveOptions(overridesReadOnly: force))
        } catch {
            throw FileProblem(error, path: file.input.displayPath)
        }
    }

    // MARK: Interrupted saves

    /// Deals with what interrupted saves left at `paths` (folders searched
    /// as discovery searches them, files beside themselves) before a command
    /// writes there, and says on standard error what was done.
    func recoverInterruptedSaves(at paths: [String]) async {
        for path in paths {
            for recovered in await documentStore.recoverInterruptedSaves(url(for: path)) {
                await printError(Self.line(for: recovered, relativeTo: workingDirectory))
            }
        }
    }

    /// One line about a leftover of an interrupted save, paths relative to
    /// `folder` when inside it.
    static func line(for recovered: InterruptedSave, relativeTo folder: URL) -> String {
        let document = display(recovered.document, relativeTo: folder)
        let leftover = display(recovered.leftover, relativeTo: folder)
        switch recovered.outcome {
        case .removedTemporaryFile:
            return "\(document): removed \(recovered.leftover.lastPathComponent), a temporary file left by an interrupted save (the file was whole)"
        case .removedBackup:
            return "\(document): removed \(recovered.leftover.lastPathComponent), a backup left by an interrupted save (the file was whole)"
        case .restoredFromBackup:
            return "\(document): restored from its backup; an interrupted save had left it incomplete"
        case .keptBackup:
            return "\(document): changed by another program after an interrupted save; left as it is, the version before that save kept in \(leftover)"
        case .failed(let reason):
            return "\(leftover): left by an interrupted save of \(document), not dealt with: \(reason)"
        }
    }

    private static func display(_ url: URL, relativeTo folder: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let components = url.standardizedFileURL.pathComponents
        guard components.count > base.count, Array(components.prefix(base.count)) == base else { return url.path }
        return components.dropFirst(base.count).joined(separator: "/")
    }
}
