import TileditModel

/// What the user can answer to a `ConflictReview`.
public enum ConflictReviewChoice: Equatable, Sendable {
    /// From the comparison: merge.
    case merge
    /// Take these lines for the overlapping change shown.
    case take(MergeChoice)
    /// Go back to the previous overlapping change.
    case previous
    /// Back to the conflict's question, nothing changed.
    case back
}
