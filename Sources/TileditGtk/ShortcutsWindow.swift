import CGtk

/// The keyboard shortcuts window (`GtkShortcutsWindow`), built from
/// groups of `(title, accelerator)` pairs (GTK 4.8 builds it only from
/// GtkBuilder XML).
@MainActor
public final class ShortcutsWindow: Widget {
    /// A titled group of shortcuts; `accelerator` as GTK writes it (`<Control>s`).
    public struct Group {
        public var title: String
        public var shortcuts: [(title: String, accelerator: String)]

        public init(title: String, shortcuts: [(title: String, accelerator: String)]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    public init(parent: ApplicationWindow, groups: [Group]) {
        let builder = gtk_builder_new_from_string(Self.interface(groups), -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        super.init(UnsafeMutablePointer<GtkWidget>(OpaquePointer(gtk_builder_get_object(builder, "shortcuts"))))
        gtk_window_set_transient_for(pointer(as: GtkWindow.self), parent.pointer(as: GtkWindow.self))
        gtk_window_set_modal(pointer(as: GtkWindow.self), 1)
        // Without a window manager nothing gives the window the keyboard
        // back when this one goes; give it back here, as alerts do.
        _ = connect("unmap") { [weak parent] in parent?.present() }
    }

    public func present() {
        gtk_window_present(pointer(as: GtkWindow.self))
    }

    private static func interface(_ groups: [Group]) -> String {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\"><child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">shortcuts</property>"
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escaped(group.title))</property>"
            for shortcut in group.shortcuts {
                xml += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"title\">\(escaped(shortcut.title))</property><property name=\"accelerator\">\(escaped(shortcut.accelerator))</property></object></child>"
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in GtkText.shown(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
