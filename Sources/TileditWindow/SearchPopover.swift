import CGtk
import TileditGtk
import TileditServices
import TileditViewModels

/// Workspace search in a popover under the header bar's search button,
/// shown while `AppModel.destination` is `.search`: the query goes to
/// `SearchModel.onChangedQuery` as typed (the model waits 300 ms), Enter
/// or a row opens a result.
@MainActor
final class SearchPopover {
    let button: MenuButton
    private let popover: Popover
    private let entry = Entry(search: true)
    private let status = Label()
    private let rows = RowList()
    private let list: ListView<Box>
    private let app: AppModel
    private var shown: [SearchResult] = []
    private var observer: StateObserver?

    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows, makeRow: SearchPopover.makeRow)
        list.setAccessibleLabel("Search results")
        entry.setAccessibleLabel("Search the folder")
        status.setTextAlignment(0)
        status.addStyleClass("dim-label")
        let scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Search results pane")
        scrolled.setSizeRequest(width: 420, height: 320)
        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        column.append(entry)
        column.append(status)
        column.append(scrolled)
        popover = Popover(child: column)
        popover.setAccessibleLabel("Search popover")
        button = MenuButton(iconName: "system-search-symbolic")
        button.setAccessibleLabel("Search")
        button.setTooltip("Search the folder (Ctrl+F)")
        button.setPopover(popover)
        list.bindRow = { [weak self] row, index in
            guard let self, index >= 0, index < self.shown.count else { return "" }
            return Self.bind(row, self.shown[index])
        }
        popover.onShown { [weak self] in
            guard let self else { return }
            if self.app.destination?.search == nil { self.app.onTappedSearch() }
            self.entry.grabFocus()
        }
        popover.onClosed { [weak self] in
            guard let self, self.app.destination?.search != nil else { return }
            self.app.onDismissed()
        }
        entry.onChanged { [weak self] in
            guard let self, let search = self.app.destination?.search, search.query != self.entry.text else { return }
            search.onChangedQuery(self.entry.text)
        }
        // Escape in the field closes the search (the entry would only stop searching).
        entry.onStopSearch { [weak self] in self?.popover.popdown() }
        entry.onActivate { [weak self] in self?.app.destination?.search?.onChoseResult() }
        list.onActivated { [weak self] index in self?.app.destination?.search?.onChoseResult(at: index) }
        observer = StateObserver { [weak self] in self?.render() }
    }

    private static func makeRow() -> Box {
        let row = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        row.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        let title = Label()
        title.setTextAlignment(0)
        title.setEllipsizesAtEnd()
        let snippet = Label()
        snippet.setTextAlignment(0)
        snippet.setEllipsizesAtEnd()
        snippet.addStyleClass("dim-label")
        row.append(title)
        row.append(snippet)
        return row
    }

    private static func bind(_ row: Box, _ result: SearchResult?) -> String {
        guard let result, let labels = row.children as? [Label], labels.count == 2 else { return "" }
        labels[0].text = "\(result.title) · \(result.path):\(result.line)"
        labels[1].text = result.snippet
        return "\(result.title), \(result.path) line \(result.line): \(result.snippet)"
    }

    private func render() {
        guard let search = app.destination?.search else {
            popover.popdown()
            return
        }
        popover.popup()
        entry.text = search.query
        let found = search.results.value ?? []
        if found != shown {
            shown = found
            rows.reset(count: found.count)
        }
        list.selectedIndex = search.selection
        switch search.results {
        case _ where !search.queryProblems.isEmpty: status.text = search.queryProblems.joined(separator: "; ")
        case .idle: status.text = "Type to search titles, text and tile properties."
        case .loading: status.text = "Searching…"
        case .loaded(let results): status.text = results.isEmpty ? "No results." : "\(results.count) \(results.count == 1 ? "result" : "results")"
        case .failed(let error): status.text = error.message
        }
    }
}
