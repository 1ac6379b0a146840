import Foundation
import Testing
import TileditServices

extension RenameClient {
    /// A client whose every closure records an issue and throws `UnimplementedError`.
    public static var unimplemented: RenameClient {
        @Sendable func fail(_ name: String) -> UnimplementedError {
            Issue.record("RenameClient.\(name) was called unexpectedly")
            return UnimplementedError("RenameClient.\(name)")
        }
        return RenameClient(
            plan: { _, _, _ in throw fail("plan") },
            apply: { _, _ in throw fail("apply") },
            undo: { _, _ in throw fail("undo") })
    }
}
