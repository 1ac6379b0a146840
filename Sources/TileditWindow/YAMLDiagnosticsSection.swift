import CGtk
import TileditGtk
import TileditModel
import TileditViewModels

/// The mistakes of the selected YAML row in the inspector
/// (`YAMLDocumentModel.selectedDiagnostics`), one line each as
/// `line n: message`, and a button applying the first fix
/// (`onTappedApplyFix`), labelled with what the fix does. The lines are
/// inside a panel named "Mistakes"; the button is named "Apply fix" and
/// described by the fix's title.
@MainActor
final class YAMLDiagnosticsSection {
    let view = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    private let lines = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    private let fix = Button(label: "Apply fix")
    private var shown: [Diagnostic] = []

    init(app: AppModel) {
        lines.setAccessibleLabel("Mistakes")
        fix.setAccessibleLabel("Apply fix")
        fix.setHorizontalAlignment(GTK_ALIGN_START)
        fix.onClicked { [weak app] in app?.yamlEditor?.onTappedApplyFix() }
        view.append(lines)
        view.append(fix)
        view.isVisible = false
    }

    /// Shows `diagnostics` (the selected row's), rebuilding the lines only when they changed.
    func render(_ diagnostics: [Diagnostic]) {
        view.isVisible = !diagnostics.isEmpty
        let fixable = diagnostics.lazy.compactMap(\.fix).first
        fix.isVisible = fixable != nil
        fix.label = fixable.map { "Apply fix: \($0.title)" } ?? "Apply fix"
        // A new label names the button again: its name stays the action's.
        fix.setAccessibleLabel("Apply fix")
        fix.setAccessibleDescription(fixable?.title ?? "")
        guard diagnostics != shown else { return }
        shown = diagnostics
        lines.removeAll()
        for diagnostic in diagnostics {
            let label = Label(Self.line(diagnostic))
            label.setWraps(true)
            label.setTextAlignment(0)
            label.addStyleClass(diagnostic.severity == .error ? "error" : "warning")
            lines.append(label)
        }
    }

    /// A mistake as the inspector writes it: `line n: message`.
    static func line(_ diagnostic: Diagnostic) -> String {
        "line \(diagnostic.location.line): \(diagnostic.message)"
    }
}
