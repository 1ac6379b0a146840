import TileditGtk
import TileditViewModels

/// What the window's benchmark (`TileditGtkBench`) reaches: the window's
/// view model and its GTK window, to give it the keyboard, to see key
/// presses arrive and frames painted. Nothing here changes what the
/// window shows or decides.
extension MainWindow {
    /// The window's application view model.
    public var model: AppModel { app }

    /// The GTK window.
    public var windowWidget: ApplicationWindow { window }
}
