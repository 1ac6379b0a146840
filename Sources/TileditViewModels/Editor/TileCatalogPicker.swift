import Observation
import TileditModel

/// The tile catalog sheet of a Markdown editor: where the chosen tile
/// goes, the filter typed, the tile types matching it and the one
/// selected. A renderer draws `matches` and `selection` and sends what is
/// typed, the arrows and Enter; the choice goes to the editor, which
/// inserts the tile and closes the sheet.
@Observable @MainActor
public final class TileCatalogPicker {
    /// Where the chosen tile is inserted (a block position from 0).
    public let insertAt: Int
    /// The filter as typed.
    public private(set) var query = ""
    /// The tile types matching `query`, in the order `matching` gives.
    public private(set) var matches: [TileSchema]
    /// Position of the selected type in `matches`; 0 when nothing matches.
    public private(set) var selection = 0

    /// Every tile type offered, in catalog order.
    @ObservationIgnored private let catalog: [TileSchema]
    @ObservationIgnored private let chose: @MainActor (String) -> Void

    /// The sheet for inserting at `insertAt`, offering `catalog`
    /// unfiltered; `chose` gets the type the user chose.
    init(insertAt: Int, catalog: [TileSchema], chose: @escaping @MainActor (String) -> Void) {
        self.insertAt = insertAt
        self.catalog = catalog
        self.chose = chose
        matches = catalog
    }

    /// The selected tile type, `nil` when nothing matches.
    public var selected: TileSchema? {
        matches.indices.contains(selection) ? matches[selection] : nil
    }

    /// The types of `catalog` whose type or summary contains `query` (any
    /// case): those whose type starts with it first, each group in catalog
    /// order; every type for an empty query.
    public nonisolated static func matching(_ query: String, in catalog: [TileSchema]) -> [TileSchema] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return catalog }
        let byType = catalog.filter { $0.type.lowercased().hasPrefix(needle) }
        let rest = catalog.filter {
            !$0.type.lowercased().hasPrefix(needle) && ($0.type.lowercased().contains(needle) || $0.summary.lowercased().contains(needle))
        }
        return byType + rest
    }

    /// The user typed: the filter is `query`, the first match is selected.
    public func onChangedQuery(_ query: String) {
        self.query = query
        matches = Self.matching(query, in: catalog)
        selection = 0
    }

    /// The user moved the selection `offset` rows (kept within the matches).
    public func onMovedSelection(by offset: Int) {
        selection = ListPosition.moved(selection, by: offset, count: matches.count) ?? 0
    }

    /// The user chose the selected type (nothing when none matches).
    public func onChoseSelected() {
        guard let type = selected?.type else { return }
        chose(type)
    }

    /// The user chose `type` (a click on a row, a scripted step).
    public func onChose(_ type: String) {
        chose(type)
    }
}
