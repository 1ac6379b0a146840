import CGtk
import Testing
@testable import TileditGtk

/// The wrappers' own rules, on GObjects that need no display.
@MainActor
struct ToolkitTests {
    /// Tells when it is released.
    final class Sentinel {
        let released: () -> Void
        init(_ released: @escaping () -> Void) { self.released = released }
        deinit { released() }
    }

    @Test func aSignalClosureRunsOnTheSignalAndIsReleasedWithItsObject() {
        var released = false
        var changes: [[UInt32]] = []
        var list: RowList? = RowList()
        do {
            let sentinel = Sentinel { released = true }
            list?.onItemsChanged { position, removed, added in
                _ = sentinel
                changes.append([position, removed, added])
            }
        }
        list?.reset(count: 3)
        list?.reset(count: 5)
        #expect(changes == [[0, 0, 3], [0, 3, 5]])
        #expect(!released)
        list = nil
        #expect(released)
    }

    @Test func aDisconnectedHandlerIsReleasedAndNotCalled() {
        var released = false
        var calls = 0
        let list = RowList()
        var handler: UInt = 0
        do {
            let sentinel = Sentinel { released = true }
            handler = list.onItemsChangedForTest {
                _ = sentinel
                calls += 1
            }
        }
        list.reset(count: 1)
        #expect(!released)
        list.disconnect(handler)
        #expect(released)
        list.reset(count: 2)
        #expect(calls == 1)
    }

    @Test func theRowListReportsItsCountAndItemsOnlyInsideIt() {
        let list = RowList()
        list.reset(count: 50_000)
        #expect(list.count == 50_000)
        #expect(g_list_model_get_n_items(list.opaque) == 50_000)
        let last = g_list_model_get_item(list.opaque, 49_999)
        #expect(last != nil)
        if let last { g_object_unref(last) }
        #expect(g_list_model_get_item(list.opaque, 50_000) == nil)
        list.reset(count: -4)
        #expect(list.count == 0)
    }

    @Test func theStringListHoldsItsStringsAndAnswersNilOutside() {
        let list = StringList(["static", "local", "remote"])
        #expect(list.count == 3)
        #expect(list.string(at: 1) == "local")
        #expect(list.string(at: 3) == nil)
        #expect(list.string(at: -1) == nil)
        list.replaceAll(with: ["a"])
        #expect(list.count == 1)
        #expect(list.string(at: 0) == "a")
    }
}

extension RowList {
    /// `onItemsChanged` that returns the handler id, for `disconnect`.
    func onItemsChangedForTest(_ handler: @escaping @MainActor () -> Void) -> UInt {
        connect("items-changed", unsignedTriple: { _, _, _ in handler() })
    }
}

/// Strings handed to GTK, which reads C strings: a U+0000 would end them.
@MainActor
struct GtkTextTests {
    @Test func aValueHoldingNULIsShownWholeWithAStandInAndSaidNotToShowExactly() {
        let value = "before\u{0}after"
        #expect(GtkText.shown(value) == "before\u{FFFD}after")
        #expect(!GtkText.showsExactly(value))
        #expect(GtkText.shown("plain 日本 é") == "plain 日本 é")
        #expect(GtkText.showsExactly("plain 日本 é"))
        #expect(GtkText.shown("\u{0}\u{0}") == "\u{FFFD}\u{FFFD}")
    }

    @Test func markupEscapesItsSpecialCharactersAndNUL() {
        #expect(GtkText.markupEscaped("<b>&\"'\u{0}x") == "&lt;b&gt;&amp;&quot;&apos;\u{FFFD}x")
    }

    @Test func aStringListKeepsEveryCharacterAfterANUL() {
        let list = StringList(["a\u{0}b", "c"])
        #expect(list.string(at: 0) == "a\u{FFFD}b")
        #expect(list.string(at: 1) == "c")
    }
}
