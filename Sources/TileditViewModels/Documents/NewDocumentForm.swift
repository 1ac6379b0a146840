import Foundation
import TileditServices

/// The new-document sheet's form (`DocumentListModel.Destination.newDocument`):
/// the kind and the title, and why it cannot be created yet.
public struct NewDocumentForm: Equatable, Sendable {
    /// A post or a page.
    public var kind: DocumentTemplate.Kind
    /// The title as typed.
    public var title: String

    /// A form of `kind` with `title`.
    public init(kind: DocumentTemplate.Kind, title: String) {
        self.kind = kind
        self.title = title
    }

    /// The kinds the sheet offers, in the order a key steps through them
    /// (YAML files are not made from a template).
    public static let kinds = DocumentTemplate.Kind.allCases.filter { $0 != .yaml }

    /// Why the form cannot be submitted, or `nil` (derived).
    public var message: String? {
        title.trimmingCharacters(in: .whitespaces).isEmpty ? "Give the document a title" : nil
    }

    /// The form with the kind `step` places from this one in `kinds` (wrapping).
    func steppingKind(by step: Int) -> NewDocumentForm {
        let kinds = Self.kinds
        guard !kinds.isEmpty else { return self }
        let index = kinds.firstIndex(of: kind) ?? 0
        var form = self
        form.kind = kinds[((index + step) % kinds.count + kinds.count) % kinds.count]
        return form
    }
}
