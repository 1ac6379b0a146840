import CGtk

/// The desktop's folder picker (`GtkFileChooserNative`, through the file
/// chooser portal where there is one).
@MainActor
public final class FolderChooser: ObjectHandle {
    /// Shows the picker over `parent`; `chosen` gets the folder's path, or
    /// is not called when the user cancels.
    public init(parent: ApplicationWindow, title: String, chosen: @escaping @MainActor (String) -> Void) {
        let native = gtk_file_chooser_native_new(title, parent.pointer(as: GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Open", "_Cancel")
        super.init(adopting: UnsafeMutableRawPointer(native!))
        connect("response", integer: { [weak self] response in
            guard let self else { return }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(self.opaque) {
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                if let path = g_file_get_path(file) {
                    defer { g_free(path) }
                    chosen(String(cString: path))
                }
            }
        })
        gtk_native_dialog_show(pointer(as: GtkNativeDialog.self))
    }
}
