import TileditServices

/// Comparing and merging (ARCHITECTURE.md, "View models"): a conflict
/// looked at closely through a `ConflictReview`, its outcome taken back
/// into the session.
extension DocumentSession {
    /// Reads the file on disk and shows the conflict closely, at `stage`:
    /// the comparison, or the merge (taken at once when nothing overlaps).
    /// A file that cannot be read shows as a failed save.
    public func reviewConflict(_ stage: ConflictReview.Stage) async {
        guard phase == .conflict, let owner, let edited = owner.sessionBytes else { return }
        let onDisk: LoadedFile
        do {
            onDisk = try await store.load(url)
        } catch {
            fail(error)
            return
        }
        let review = await ConflictReview.worked(
            displayPath: owner.sessionDisplayPath, disk: onDisk, edited: edited, base: baseBytes, stage: stage
        ) { [weak self] review, outcome in
            await self?.finishReview(review, outcome)
        }
        guard !Task.isCancelled, let owner = self.owner else { return }
        if case .merging = stage, let merge = review.merge, merge.conflicts.isEmpty {
            await finishReview(review, .merged(merge.result(choosing: [])))
            return
        }
        owner.sessionAsks(.reviewConflict(review))
    }

    private func finishReview(_ review: ConflictReview, _ outcome: ConflictReview.Outcome) async {
        switch outcome {
        case .back:
            owner?.sessionAsks(.conflict)
        case .merged(let bytes):
            if let refusal = owner?.sessionApplyMerge(bytes, matchesDisk: bytes == review.disk.bytes, note: review.mergedNote) {
                review.refused(refusal)
                return
            }
            adoptMerged(from: review.disk)
        }
    }
}
