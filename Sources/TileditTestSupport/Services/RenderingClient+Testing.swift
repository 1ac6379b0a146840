import Testing
import TileditModel
import TileditServices

extension RenderingClient {
    /// A client whose every closure records an issue and returns nothing.
    public static var unimplemented: RenderingClient {
        RenderingClient(
            html: { _ in
                Issue.record("RenderingClient.html was called unexpectedly")
                return ""
            },
            preview: { _ in
                Issue.record("RenderingClient.preview was called unexpectedly")
                throw UnimplementedError("RenderingClient.preview")
            }
        )
    }

    /// A client that answers every document with `html` and `preview` (its
    /// first blocks with `preview`, later ones with nothing).
    public static func constant(html: String = "", preview: StyledDocument = StyledDocument()) -> RenderingClient {
        RenderingClient(html: { _ in html }, preview: { _ in preview })
    }
}
