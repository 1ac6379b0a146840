import TileditServices

/// The new-document sheet (ARCHITECTURE.md, "View models"): its form
/// (kind and title, checked as typed: `NewDocumentForm`) and the document
/// made from its template (`DocumentFiles.create`), listed and opened.
extension DocumentListModel {
    /// Opens the new-document sheet.
    public func onTappedNewDocument() {
        notice = nil
        destination = .newDocument(NewDocumentForm(kind: workspace.value?.isTiledown == false ? .page : .post, title: ""))
    }

    /// The user changed the new-document form (kind and title at once).
    public func onChangedNewDocument(_ form: NewDocumentForm) { changeNewDocument { $0 = form } }

    /// The user typed the new document's title.
    public func onChangedNewDocumentTitle(_ title: String) { changeNewDocument { $0.title = title } }

    /// The user stepped the new document's kind `step` places (Tab, Shift-Tab; wrapping).
    public func onSteppedNewDocumentKind(by step: Int) { changeNewDocument { $0 = $0.steppingKind(by: step) } }

    private func changeNewDocument(_ change: (inout NewDocumentForm) -> Void) {
        guard var form = destination?.newDocument else { return }
        change(&form)
        destination = .newDocument(form)
    }

    /// Creates the document from its template, lists and opens it.
    public func onConfirmedNewDocument() async {
        guard let form = destination?.newDocument, form.message == nil else { return }
        destination = nil
        switch await files.create(form, isTiledown: workspace.value?.isTiledown != false) {
        case .success(let path):
            await reload()
            filterText = ""
            await onSelectedDocument(path)
        case .failure(let error):
            destination = .alert(error)
        }
    }
}
