import Foundation
import TileditModel
import TileditServices

/// Tiledit's language server (LSP 3.17): the model's diagnostics, schema
/// completion, hovers, fixes, the canonical formatter and navigation for
/// Markdown, `tiledown.yml` and YAML files, for any editor with an LSP client.
///
/// Feed it framed messages in the order they arrive (`receive(_:)`); it
/// answers through `Dependencies.send`. Notifications that change documents
/// are applied in order, at once; each request runs in its own task over a
/// snapshot of the documents, so a long request does not hold up typing and
/// `$/cancelRequest` stops it (the reply is `RequestCancelled`, -32800).
/// Diagnostics are published `Dependencies.diagnosticsDelay` after the last
/// change to a document (on the injected clock).
///
/// Memory: a closed document is dropped with everything computed from it;
/// finished requests and sent publications leave nothing behind.
public actor LanguageServer {
    /// What the server talks to.
    public struct Dependencies: Sendable {
        /// Sends one message body (JSON, UTF-8); the caller frames and writes it.
        public var send: @Sendable ([UInt8]) -> Void
        /// Times the diagnostics delay.
        public var clock: any Clock<Duration>
        /// How long diagnostics wait after a change for the next one.
        public var diagnosticsDelay: Duration
        /// Reads files (the site configuration, the front matter dialect rule).
        public var fileSystem: FileSystem
        /// Discovers the workspace folder (tags, search index).
        public var workspaceClient: WorkspaceClient
        /// The version `initialize` reports.
        public var version: String

        public init(
            send: @escaping @Sendable ([UInt8]) -> Void, clock: any Clock<Duration>, diagnosticsDelay: Duration = .milliseconds(5),
            fileSystem: FileSystem = .live, workspaceClient: WorkspaceClient = .live(), version: String
        ) {
            self.send = send
            self.clock = clock
            self.diagnosticsDelay = diagnosticsDelay
            self.fileSystem = fileSystem
            self.workspaceClient = workspaceClient
            self.version = version
        }
    }

    private enum Phase {
        case uninitialized
        case running
        case shutDown
    }

    private let dependencies: Dependencies
    private var phase = Phase.uninitialized
    private var encoding = PositionEncoding.utf16
    private var documents: [String: OpenDocument] = [:]
    private var pendingPublications: [String: Task<Void, Never>] = [:]
    private var runningRequests: [JSON: Task<Void, Never>] = [:]
    private var knowledge = WorkspaceKnowledge()
    private var knowledgeBuild: Task<Void, Never>?
    /// Whether the first workspace scan is over (or there is none to wait for).
    private var knowledgeReady = false
    /// Requests waiting for the first workspace scan, by a number of their own.
    private var knowledgeWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// The exit status once the client sent `exit` (0 after `shutdown`, else 1).
    public private(set) var exitStatus: Int32?

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// The open document named `uri`.
    public func openDocument(_ uri: String) -> OpenDocument? { documents[uri] }

    /// Open documents (for tests and memory checks).
    public var openDocumentCount: Int { documents.count }
    /// Requests still running.
    public var runningRequestCount: Int { runningRequests.count }
    /// Diagnostics publications waiting for their delay.
    public var pendingPublicationCount: Int { pendingPublications.count }

    /// The client went away (end of input): pending work is dropped.
    ///
    /// - Returns: the exit status, 0 when the client had asked for `shutdown`.
    public func clientWentAway() -> Int32 {
        stopEverything()
        return exitStatus ?? (phase == .shutDown ? 0 : 1)
    }

    // MARK: Messages

    /// Handles one frame from the client.
    public func receive(_ frame: MessageFrameDecoder.Frame) {
        switch frame {
        case .malformed(let problem):
            sendError(id: .null, .parseError("unreadable message header: \(problem)"))
        case .message(let body):
            let message: JSON
            do {
                message = try JSONParser.parse(body)
            } catch {
                sendError(id: .null, .parseError("the message is not JSON: \(error)"))
                return
            }
            receive(message)
        }
    }

    private func receive(_ message: JSON) {
        guard message.isObject else {
            sendError(id: .null, .invalidRequest("a message must be a JSON object"))
            return
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            sendError(id: .null, .invalidRequest("`id` must be a number or a string"))
            return
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (the server sends none) is ignored.
            if id != nil && (message["result"] != nil || message["error"] != nil) { return }
            sendError(id: id ?? .null, .invalidRequest("a request needs a `method` string"))
            return
        }
        let params = message["params"] ?? .null
        if let id {
            request(id: id, method: method, params: params)
        } else {
            notification(method: method, params: params)
        }
    }

    private static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: true
        case .number: id.int != nil
        default: false
        }
    }

    private func request(id: JSON, method: String, params: JSON) {
        switch (phase, method) {
        case (.uninitialized, "initialize"):
            respond(id: id, initialize(params))
            phase = .running
            return
        case (.uninitialized, _):
            sendError(id: id, .serverNotInitialized)
            return
        case (.shutDown, _):
            sendError(id: id, .invalidRequest("the server is shutting down"))
            return
        case (.running, "initialize"):
            sendError(id: id, .invalidRequest("the server is already initialized"))
            return
        case (.running, "shutdown"):
            // Requests already running still get their answers; nothing new starts.
            phase = .shutDown
            for task in pendingPublications.values { task.cancel() }
            pendingPublications = [:]
            respond(id: id, .null)
            return
        case (.running, _):
            break
        }
        guard let handler = RequestHandlers.handler(for: method) else {
            sendError(id: id, .methodNotFound(method))
            return
        }
        if method.hasPrefix("textDocument/") {
            // Answered at once: a request about a document that is not open has nothing to run.
            guard let uri = params["textDocument"]?["uri"]?.string else {
                sendError(id: id, .invalidParams("`textDocument.uri` is missing"))
                return
            }
            guard documents[uri] != nil else {
                sendError(id: id, .invalidParams("`\(uri)` is not open"))
                return
            }
        }
        if runningRequests[id] != nil {
            sendError(id: id, .invalidRequest("a request with this id is still running"))
            return
        }
        let context = RequestContext(
            documents: documents, encoding: encoding, fileSystem: dependencies.fileSystem,
            workspace: { [weak self] in await self?.knowledgeWhenReady() ?? WorkspaceKnowledge() })
        runningRequests[id] = Task.detached { [weak self] in
            let result: Result<JSON, ResponseError>
            do {
                try ResponseError.checkCancellation()
                let value = try await handler(context, params)
                try ResponseError.checkCancellation()
                result = .success(value)
            } catch let error as ResponseError {
                result = .failure(error)
            } catch {
                result = .failure(Task.isCancelled ? .requestCancelled : ResponseError(code: -32603, message: "\(error)"))
            }
            await self?.finish(id: id, result)
        }
    }

    private func finish(id: JSON, _ result: Result<JSON, ResponseError>) {
        guard runningRequests.removeValue(forKey: id) != nil else { return }
        switch result {
        case .success(let value): respond(id: id, value)
        case .failure(let error): sendError(id: id, error)
        }
    }

    private func notification(method: String, params: JSON) {
        switch method {
        case "exit":
            exitStatus = phase == .shutDown ? 0 : 1
            stopEverything()
            return
        case "$/cancelRequest":
            if let id = params["id"], let task = runningRequests[id] { task.cancel() }
            return
        default:
            break
        }
        guard phase == .running else { return }
        switch method {
        case "initialized":
            startWorkspaceBuild()
        case "textDocument/didOpen":
            didOpen(params)
        case "textDocument/didChange":
            didChange(params)
        case "textDocument/didClose":
            didClose(params)
        case "textDocument/didSave":
            didSave(params)
        default:
            // Other notifications ($/setTrace, configuration changes) need nothing.
            break
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = PositionEncoding.negotiated(offered: offered)
        if let uri = params["workspaceFolders"]?.array?.first?["uri"]?.string ?? params["rootUri"]?.string,
           let url = URL(string: uri), url.isFileURL {
            knowledge.root = url.standardizedFileURL
        } else if let path = params["rootPath"]?.string, path.hasPrefix("/") {
            knowledge.root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        return .object([
            ("capabilities", ServerCapabilities.json(encoding: encoding)),
            ("serverInfo", .object([("name", .string("tiledit")), ("version", .string(dependencies.version))])),
        ])
    }

    private func stopEverything() {
        for task in pendingPublications.values { task.cancel() }
        pendingPublications = [:]
        for task in runningRequests.values { task.cancel() }
        runningRequests = [:]
        knowledgeBuild?.cancel()
        knowledgeReady = true
        for waiter in knowledgeWaiters.values { waiter.resume() }
        knowledgeWaiters = [:]
    }

    // MARK: Workspace

    private func startWorkspaceBuild() {
        guard knowledgeBuild == nil, let root = knowledge.root else {
            knowledgeReady = true
            return
        }
        let client = dependencies.workspaceClient
        let fileSystem = dependencies.fileSystem
        knowledgeBuild = Task.detached { [weak self] in
            guard let workspace = try? await client.discover(root) else {
                await self?.finishWorkspaceBuild(tags: [:], index: nil)
                return
            }
            var tags: [String: [String]] = [:]
            for document in workspace.documents where !document.tags.isEmpty { tags[document.path] = document.tags }
            let index = await SearchIndex.build(workspace: workspace, fileSystem: fileSystem)
            await self?.finishWorkspaceBuild(tags: tags, index: index)
        }
    }

    private func finishWorkspaceBuild(tags: [String: [String]], index: SearchIndex?) {
        knowledge.tagsByPath = tags
        knowledge.searchIndex = index
        // Documents open in the editor are newer than their files.
        for document in documents.values { updateKnowledge(with: document) }
        knowledgeReady = true
        for waiter in knowledgeWaiters.values { waiter.resume() }
        knowledgeWaiters = [:]
    }

    /// What the server knows of the workspace, once the first scan is over;
    /// a cancelled request stops waiting at once.
    private func knowledgeWhenReady() async -> WorkspaceKnowledge {
        if !knowledgeReady && phase == .running && knowledgeBuild == nil { startWorkspaceBuild() }
        let waiter = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await waitForKnowledge(waiter)
        } onCancel: {
            Task { await self.stopWaiting(waiter) }
        }
        return knowledge
    }

    private func waitForKnowledge(_ waiter: Int) async {
        guard !knowledgeReady, !Task.isCancelled else { return }
        await withCheckedContinuation { continuation in knowledgeWaiters[waiter] = continuation }
    }

    private func stopWaiting(_ waiter: Int) {
        knowledgeWaiters.removeValue(forKey: waiter)?.resume()
    }

    /// Re-indexes `document` under its workspace path (a saved or opened document).
    private func updateKnowledge(with document: OpenDocument) {
        guard let url = document.url, let path = knowledge.relativePath(of: url),
              let kind = DocumentKind(fileName: url.lastPathComponent) else { return }
        if let frontMatter = document.model.markdown?.frontMatter, let field = frontMatter.field("tags") {
            knowledge.tagsByPath[path] = DocumentMetadata.tags(from: field)
        } else {
            knowledge.tagsByPath[path] = nil
        }
        guard knowledge.searchIndex != nil else { return }
        let dialect = document.model.markdown?.dialect ?? .yaml
        let rootName = knowledge.root?.lastPathComponent ?? ""
        knowledge.searchIndex?.update(SearchSource(path: path, kind: kind, dialect: dialect, bytes: document.storage.bytes), rootName: rootName)
    }

    // MARK: Text synchronization

    private func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
        let kind = DocumentKindRule.kind(uri: uri, languageID: item["languageId"]?.string)
        var dialect = FrontMatterDialect.yaml
        if kind == .markdown, let url = URL(string: uri), url.isFileURL {
            dialect = FrontMatterDialectRule.dialect(forFileAt: url, workspaceRoot: knowledge.root, fileSystem: dependencies.fileSystem)
        }
        let document = OpenDocument(uri: uri, version: item["version"]?.int ?? 0, text: Array(text.utf8), kind: kind, dialect: dialect)
        documents[uri] = document
        schedulePublication(uri)
    }

    private func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
              let changes = params["contentChanges"]?.array else { return }
        documents[uri] = nil  // The dictionary lets go of its copy, so the edit happens in place.
        for change in changes {
            guard let text = change["text"]?.string else { continue }
            if let range = LSPRange(json: change["range"]) {
                document.replace(document.byteRange(of: range, encoding: encoding), with: Array(text.utf8))
            } else {
                document.replaceAll(with: Array(text.utf8))
            }
        }
        if let version = params["textDocument"]?["version"]?.int { document.version = version }
        documents[uri] = document
        schedulePublication(uri)
    }

    private func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return }
        documents[uri] = nil
        pendingPublications.removeValue(forKey: uri)?.cancel()
        notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    }

    private func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
        updateKnowledge(with: document)
    }

    // MARK: Diagnostics

    private func schedulePublication(_ uri: String) {
        pendingPublications.removeValue(forKey: uri)?.cancel()
        let clock = dependencies.clock
        let delay = dependencies.diagnosticsDelay
        pendingPublications[uri] = Task { [weak self] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            await self?.publish(uri)
        }
    }

    private func publish(_ uri: String) {
        guard pendingPublications.removeValue(forKey: uri) != nil, var document = documents[uri] else { return }
        documents[uri] = nil  // The document's diagnostic index is updated in place.
        let items = document.serializedDiagnostics(encoding: encoding)
        documents[uri] = document
        // Written directly: the items are JSON already.
        var body = Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
        JSON.string(uri).write(to: &body)
        body += Array(#","version":"#.utf8)
        JSON.int(document.version).write(to: &body)
        body += Array(#","diagnostics":["#.utf8)
        for (number, item) in items.enumerated() {
            if number > 0 { body.append(0x2C) }
            body += item
        }
        body += Array("]}}".utf8)
        dependencies.send(body)
    }

    // MARK: Output

    private func respond(id: JSON, _ result: JSON) {
        dependencies.send(JSON.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).serialized)
    }

    private func sendError(id: JSON, _ error: ResponseError) {
        dependencies.send(JSON.object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)]).serialized)
    }

    private func notify(_ method: String, _ params: JSON) {
        dependencies.send(JSON.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized)
    }
}
