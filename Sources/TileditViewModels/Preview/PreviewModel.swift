import Observation
import TileditModel
import TileditServices

/// The preview of the open document as a renderer-neutral styled document
/// (each renderer lays it out), rendered again after edits: after a pause
/// on the injected clock while the user types, at once when a document is
/// opened, reloaded or restored. Only the blocks a pane shows are
/// rendered: the first `pageBlocks` blocks, then `pageBlocks` more each
/// time the renderer has shown all it was given and wants more
/// (`onNeedsMoreBlocks()`); a render after an edit covers as many blocks as
/// were rendered before it. The render runs in a child task of a stored
/// task; a newer change cancels both, and the render stops between blocks
/// (ARCHITECTURE.md, "Tasks"). It follows the editor's selected block
/// (`onSelectedBlock`): the block is rendered when it is beyond the blocks
/// rendered so far, and `anchor` says where a renderer scrolls to show it.
@Observable @MainActor
public final class PreviewModel {
    /// The styled document of the blocks rendered so far; while a newer one
    /// renders, the last one stays.
    public private(set) var document: Loadable<StyledDocument> = .idle
    /// How many renders have finished: a renderer lays the preview out
    /// again when it changes (comparing documents would cost more).
    public private(set) var revision = 0
    /// Whether the document has blocks after those rendered.
    public private(set) var hasMoreBlocks = false
    /// The block selected in the editor (from 0), `nil` when none is.
    public private(set) var selectedBlock: Int?
    /// Changes each time another block is selected: a renderer scrolls to
    /// `anchor` once per revision, and keeps its own scroll in between.
    public private(set) var selectionRevision = 0

    /// Time after the last edit before the preview renders again.
    public static let debounce: Duration = .milliseconds(150)
    /// Blocks rendered at first, and added each time more are wanted.
    public static let pageBlocks = 256

    @ObservationIgnored private let rendering: RenderingClient
    @ObservationIgnored private let clock: any Clock<Duration>
    /// The running render (tests await it).
    @ObservationIgnored private(set) var task: Task<Void, Never>?
    /// The document shown, and how many of its blocks are rendered.
    @ObservationIgnored private var source: MarkdownDocument?
    @ObservationIgnored private var renderedBlocks = 0
    /// Whether the running task renders more blocks of `source` (not a new change).
    @ObservationIgnored private var isExtending = false

    public init(rendering: RenderingClient, clock: any Clock<Duration>) {
        self.rendering = rendering
        self.clock = clock
    }

    deinit {
        task?.cancel()
    }

    /// The document changed (or was opened, `immediately`): render it,
    /// after the pause unless `immediately`; `nil` clears the preview.
    public func onChangedDocument(_ source: MarkdownDocument?, immediately: Bool = false) {
        task?.cancel()
        isExtending = false
        self.source = source
        guard let source else {
            task = nil
            renderedBlocks = 0
            hasMoreBlocks = false
            document = .idle
            return
        }
        document = .loading(previous: document.value)
        // A new document (or one read again) starts at its first page; an
        // edit keeps what the pane was shown.
        let blocks = 0..<Swift.min(source.blockCount, immediately ? Self.pageBlocks : Swift.max(Self.pageBlocks, renderedBlocks))
        let rendering = rendering
        let wait = immediately ? nil : clock.sleeper(for: Self.debounce)
        task = Task { [weak self] in
            do {
                try await wait?()
                async let rendered = rendering.previewBlocks(source, blocks)
                let styled = try await rendered
                try Task.checkCancellation()
                self?.finish(styled, through: blocks.upperBound, of: source)
            } catch is CancellationError {
                // Superseded by a newer change, or closed: nothing to show.
            } catch {
                self?.document = .failed(ViewError("The preview could not be rendered: \(error)"))
            }
        }
    }

    /// The renderer has laid out every item it was given and its pane has
    /// room or is scrolled for more: the next `pageBlocks` blocks render
    /// and join the preview. Nothing happens while a render runs or when
    /// every block is rendered.
    public func onNeedsMoreBlocks() { onNeedsMoreBlocks(through: 0) }

    /// Renders the next page of blocks, and at least as far as the block
    /// before `wanted`.
    private func onNeedsMoreBlocks(through wanted: Int) {
        guard hasMoreBlocks, !isRendering, let source, case .loaded(let shown) = document else { return }
        let upper = Swift.max(renderedBlocks + Self.pageBlocks, Swift.min(wanted, Int.max - Self.pageBlocks))
        let blocks = renderedBlocks..<Swift.min(source.blockCount, upper)
        let rendering = rendering
        isExtending = true
        task = Task { [weak self] in
            do {
                async let rendered = rendering.previewBlocks(source, blocks)
                let more = try await rendered
                try Task.checkCancellation()
                self?.finish(StyledDocument(items: shown.items + more.items), through: blocks.upperBound, of: source)
            } catch is CancellationError {
                // Superseded by a change: that render shows instead.
            } catch {
                self?.document = .failed(ViewError("The preview could not be rendered: \(error)"))
            }
        }
    }

    /// Where a renderer scrolls to show the selected block: its first item
    /// in the styled document; `nil` with no selection, or while the block
    /// is not rendered yet (it is rendering: the anchor comes with it).
    public var anchor: PreviewAnchor? {
        guard let selectedBlock, let shown = document.value, let item = shown.firstItemIndex(ofBlock: selectedBlock) else { return nil }
        return PreviewAnchor(block: selectedBlock, item: item, selectionRevision: selectionRevision)
    }

    /// The editor selected the block at `block` (from 0; `nil`: none):
    /// the preview follows it, rendering as far as it when it is beyond
    /// the blocks rendered so far.
    public func onSelectedBlock(_ block: Int?) {
        guard block != selectedBlock else { return }
        selectedBlock = block
        selectionRevision &+= 1
        renderThroughSelection()
    }

    /// Renders more blocks while the selected one is beyond those rendered.
    private func renderThroughSelection() {
        guard let selectedBlock, selectedBlock >= renderedBlocks else { return }
        onNeedsMoreBlocks(through: selectedBlock + 1)
    }

    /// Stops rendering (the app quits).
    public func onDisappeared() {
        task?.cancel()
        task = nil
    }

    /// Whether a render (a change's or more blocks') is under way.
    private var isRendering: Bool {
        if case .loading = document { return true }
        return isExtending
    }

    private func finish(_ styled: StyledDocument, through blocks: Int, of rendered: MarkdownDocument) {
        task = nil
        isExtending = false
        renderedBlocks = blocks
        hasMoreBlocks = blocks < rendered.blockCount
        document = .loaded(styled)
        revision += 1
        renderThroughSelection()
    }
}
