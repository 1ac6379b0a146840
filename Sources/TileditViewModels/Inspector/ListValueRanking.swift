import Foundation

/// The rule for the values a list field offers as an item is typed
/// (ARCHITECTURE.md, "View models"): the values used for the same key
/// across the workspace whose folded form (case and diacritics ignored:
/// `Café` is `cafe`) starts with the folded typed text, leaving out those
/// already in the list; most used first, then by name (folded, then as
/// written). A pure function, tested on its own.
enum ListValueRanking {
    /// At most this many completions are offered.
    static let limit = 8

    /// The completions for `typed`.
    ///
    /// - Parameters:
    ///   - uses: each value used for the key, with how many documents use it.
    ///   - excluding: the items already in the list (compared folded).
    static func completions(typed: String, uses: [String: Int], excluding: [String], limit: Int = limit) -> [ListValueCompletion] {
        let prefix = fold(typed.trimmingCharacters(in: .whitespaces))
        let taken = Set(excluding.map(fold))
        let matching = uses.compactMap { value, count -> (folded: String, completion: ListValueCompletion)? in
            let folded = fold(value)
            guard count > 0, !value.isEmpty, folded.hasPrefix(prefix), !taken.contains(folded) else { return nil }
            return (folded, ListValueCompletion(value: value, uses: count))
        }
        let ranked = matching.sorted { left, right in
            if left.completion.uses != right.completion.uses { return left.completion.uses > right.completion.uses }
            if left.folded != right.folded { return left.folded < right.folded }
            return Array(left.completion.value.utf8).lexicographicallyPrecedes(Array(right.completion.value.utf8))
        }
        return ranked.prefix(max(0, limit)).map(\.completion)
    }

    /// `text` compared without case or diacritics.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// How many documents use each value of `key` in `lists` (one count per
    /// document however often it repeats the value).
    static func uses<Lists: Sequence>(of key: String, in lists: Lists) -> [String: Int] where Lists.Element == [String: [String]] {
        var counts: [String: Int] = [:]
        for documentLists in lists {
            for value in Set(documentLists[key] ?? []) { counts[value, default: 0] += 1 }
        }
        return counts
    }
}
