import CGtk
import TileditGtk
import TileditViewModels

/// One field of the inspector's form: its key (marked when required), the
/// control its input kind asks for (entry, spin button for a whole number
/// in a range, switch, drop-down, multi-line text), what it means and
/// accepts, and its message under it, updated as the user types.
///
/// Every change goes to the editor as an inspector action: typing is
/// `.changedField`, Enter (Ctrl+Enter in multi-line text) is
/// `.committedField`, leaving the field is `.leftField` (a value that is
/// not valid stays pending with its message), Escape asks the editor to
/// discard the typing (it asks first when something would be lost); a
/// switch (`.toggledField`, in the value's own words) or a drop-down
/// applies at once, and Remove is `.removedField` (a key being added just goes). The model decides what is valid and what is
/// applied; the row only shows its `InspectorField`. A value holding a
/// character GTK cannot show (U+0000, `GtkText`) is shown with a stand-in
/// and cannot be typed into: what the control shows is not the value, so
/// it must never be sent as one.
@MainActor
final class InspectorFieldRow {
    let view = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    let key: String
    let input: InspectorField.Input
    private let editor: DocumentEditorModel
    private var inspector: InspectorModel { editor.inspector }
    /// The subject the row was made for: a late focus change never applies to another block.
    private let subject: InspectorModel.Subject
    private let keyLabel = Label()
    private let hint = Label()
    private let message = Label()
    private let remove = Button(iconName: "list-remove-symbolic")
    private var entry: Entry?
    private var spin: SpinButton?
    private var toggle: Switch?
    private var choice: DropDown?
    private var area: TextView?
    private var controllers: [EventController] = []
    /// Set while the row shows the model's state, so the controls' own
    /// change signals are not taken for the user's.
    private var isShowing = false
    /// Set once the row left the form: it sends nothing more.
    private var isDetached = false

    init(_ field: InspectorField, editor: DocumentEditorModel) {
        key = field.key
        input = field.input
        self.editor = editor
        subject = editor.inspector.subject
        keyLabel.setTextAlignment(0)
        keyLabel.addStyleClass("caption-heading")
        hint.setTextAlignment(0)
        hint.setWraps(true)
        hint.addStyleClass("dim-label")
        hint.addStyleClass("caption")
        message.setTextAlignment(0)
        message.setWraps(true)
        message.addStyleClass("error")
        message.setAccessibleDescription("Field message")
        view.setAccessibleLabel("Field \(field.key)")
        let header = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        keyLabel.setExpands(horizontally: true, vertically: false)
        header.append(keyLabel)
        remove.addStyleClass("flat")
        remove.setAccessibleLabel("Remove \(field.key)")
        remove.setTooltip("Remove \(field.key) from the block")
        remove.onClicked { [weak self] in
            guard let self, self.isCurrent else { return }
            self.editor.onInspector(.removedField(self.key))
        }
        header.append(remove)
        view.append(header)
        view.append(makeControl(field))
        view.append(hint)
        view.append(message)
        show(field)
    }

    private var isCurrent: Bool { !isShowing && !isDetached && inspector.subject == subject }

    /// Whether the control shows the field's value exactly, so what it
    /// holds after the user typed can be sent as the value.
    private var showsValueExactly: Bool {
        guard let field = inspector.field(key) else { return false }
        return GtkText.showsExactly(field.draft) && GtkText.showsExactly(field.original)
    }

    /// Called before the row leaves the form (its focus leaving then applies nothing).
    func detach() {
        isDetached = true
    }

    private func makeControl(_ field: InspectorField) -> Widget {
        switch field.input {
        case .toggle:
            let toggle = Switch()
            toggle.setHorizontalAlignment(GTK_ALIGN_START)
            toggle.setAccessibleLabel(field.key)
            toggle.onToggled { [weak self, weak toggle] in
                // The editor flips the value in its own words (`yes`/`no` stay so).
                guard let self, let toggle, self.isCurrent, toggle.isOn != self.inspector.field(self.key)?.isOn else { return }
                self.editor.onInspector(.toggledField(self.key))
            }
            self.toggle = toggle
            return toggle
        case .choice(let words):
            let choice = DropDown(choices: words)
            choice.setHorizontalAlignment(GTK_ALIGN_START)
            choice.setAccessibleName(field.key)
            choice.onSelected { [weak self, weak choice] in
                guard let self, let choice, self.isCurrent, let index = choice.selectedIndex, index < words.count else { return }
                self.editor.onInspector(.changedField(self.key, text: words[index]))
                self.editor.onInspector(.committedField(self.key))
            }
            self.choice = choice
            return choice
        case .multiline:
            let area = TextView()
            area.setMonospace(true)
            area.setAccessibleLabel(field.key)
            area.setSizeRequest(width: -1, height: 80)
            area.addStyleClass("card")
            area.onChanged { [weak self, weak area] in
                guard let self, let area, self.isCurrent, self.showsValueExactly else { return }
                self.editor.onInspector(.changedField(self.key, text: area.text))
            }
            watch(area, commitsOnEnter: false)
            self.area = area
            return area
        case .line where field.wholeNumberRange != nil:
            let range = field.wholeNumberRange ?? 0...0
            let spin = SpinButton(minimum: Double(range.lowerBound), maximum: Double(range.upperBound), step: 1)
            spin.setAccessibleLabel(field.key)
            spin.setHorizontalAlignment(GTK_ALIGN_START)
            spin.onChanged { [weak self, weak spin] in
                guard let self, let spin, self.isCurrent, self.showsValueExactly else { return }
                self.editor.onInspector(.changedField(self.key, text: spin.text))
            }
            spin.onActivate { [weak self] in self?.commit(leaving: false) }
            watch(spin, commitsOnEnter: true)
            self.spin = spin
            return spin
        case .line, .list:
            let entry = Entry()
            entry.setAccessibleLabel(field.key)
            if field.input == .list { entry.setPlaceholder("items, separated by commas") }
            entry.onChanged { [weak self, weak entry] in
                guard let self, let entry, self.isCurrent, self.showsValueExactly else { return }
                self.editor.onInspector(.changedField(self.key, text: entry.text))
            }
            entry.onActivate { [weak self] in self?.commit(leaving: false) }
            watch(entry, commitsOnEnter: true)
            self.entry = entry
            return entry
        }
    }

    /// Escape discards (asking first), Ctrl+Enter (Enter in an entry) and
    /// leaving the field apply.
    private func watch(_ control: Widget, commitsOnEnter: Bool) {
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, self.isCurrent else { return false }
            switch Int32(key) {
            case GDK_KEY_Escape:
                guard self.inspector.field(self.key)?.isEdited == true else { return false }
                self.editor.onTappedDiscardTyping(.field(self.key))
                return true
            case GDK_KEY_Return, GDK_KEY_KP_Enter:
                guard !commitsOnEnter, modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
                self.commit(leaving: false)
                return true
            default:
                return false
            }
        }
        let focus = FocusController()
        focus.onLeave { [weak self] in self?.commit(leaving: true) }
        control.addController(keys)
        control.addController(focus)
        controllers += [keys, focus]
    }

    private func commit(leaving: Bool) {
        guard isCurrent, inspector.field(key)?.isEdited == true else { return }
        editor.onInspector(leaving ? .leftField(key) : .committedField(key))
    }

    /// Shows `field` (the model's state after any change) without
    /// disturbing what the user is typing: a control's text is set only
    /// when it differs.
    func show(_ field: InspectorField) {
        isShowing = true
        defer { isShowing = false }
        keyLabel.text = (field.isRequired ? "\(field.key) (required)" : field.key) + (field.isEdited ? " · not applied" : "")
        hint.text = (field.isKnown ? field.summary : "Unknown property") + " — \(field.guidance)"
        message.text = field.message ?? ""
        message.isVisible = field.message != nil
        entry?.text = field.draft
        spin?.show(field.draft)
        area?.text = field.draft
        toggle?.isOn = field.isOn
        if case .choice(let words) = field.input { choice?.selectedIndex = words.firstIndex(of: field.draft) }
        let exact = GtkText.showsExactly(field.draft) && GtkText.showsExactly(field.original)
        let editable = exact && field.isEditable
        entry?.setEditable(editable)
        spin?.setEditable(editable)
        area?.setEditable(editable)
        var description = field.message.map { "\(field.guidance); \($0)" } ?? field.guidance
        if !exact { description += "; it holds a character this window cannot show (U+0000, shown as \(GtkText.nulStandIn)): edit it in the block's text elsewhere" }
        let controls: [Widget?] = [entry, spin, area, toggle, choice]
        for control in controls.compactMap({ $0 }) {
            control.setAccessibleDescription(field.isPresent ? description : "not set; \(description)")
        }
        if let entry, field.input == .line { entry.setPlaceholder(field.isPresent ? "" : "not set") }
        remove.isSensitive = field.canRemove
    }
}
