/// Reading again only the top-level entry an edit changed (ARCHITECTURE.md,
/// "Scale"): the entry's bytes are parsed and checked on their own, its
/// nodes and diagnostics take the old ones' place, what follows moves by
/// the edit's change in length, and the document's top-level keys are
/// checked again for keys written twice. Whenever the result could differ
/// from reading the whole file (see `YAMLTopLevelEntries`), nothing is
/// done and the caller reads the whole file.
extension YAMLFileDocument {
    /// What an incremental read needs to know of the bytes before an
    /// edit, found before the edit is spliced into them (so the old bytes
    /// need not be kept): the entry the edit stays in and what it held.
    struct IncrementalPlan {
        var documentIndex: Int
        /// Whether the document's root is a mapping (else a sequence).
        var isMapping: Bool
        var span: YAMLTopLevelEntries.Span
        /// Change in length of all the edits, in bytes.
        var delta: Int
        /// The entry's key and value, or its item.
        var oldEntry: [YAMLNode]
        var oldSharing: YAMLTopLevelEntries.Sharing
        /// The line slot (from 0) of the entry's first byte.
        var lineSlot: Int
    }

    /// The plan of an incremental read after `edits` (in the coordinates of
    /// `bytes`, which they are not applied to yet), `nil` when only a whole
    /// read gives the right result (see `YAMLTopLevelEntries`).
    func incrementalPlan(for edits: [TextEdit]) -> IncrementalPlan? {
        guard dialect == .yaml, readError == nil, let first = edits.first else { return nil }
        var lower = first.range.lowerBound
        var upper = first.range.upperBound
        var delta = 0
        for edit in edits {
            lower = Swift.min(lower, edit.range.lowerBound)
            upper = Swift.max(upper, edit.range.upperBound)
            delta += edit.delta
        }
        guard let documentIndex = documents.firstIndex(where: { $0.range.lowerBound <= lower && upper <= $0.range.upperBound }),
              let root = documents[documentIndex].root, root.collectionStyle == .block, root.anchor == nil, root.tag == nil,
              !YAMLTopLevelEntries.hasDirectives(bytes, in: documents[documentIndex].range.lowerBound..<root.range.lowerBound),
              let span = YAMLTopLevelEntries.span(
                holding: lower..<upper, root: root, documentEnd: documents[documentIndex].range.upperBound, bytes: bytes) else { return nil }
        let oldEntry = root.pair(at: span.index).map { [$0.key, $0.value] } ?? root.item(at: span.index).map { [$0] } ?? []
        let oldSharing = YAMLTopLevelEntries.sharing(oldEntry)
        let newEnd = span.end + delta
        guard !oldEntry.isEmpty, !oldSharing.refersOutside, newEnd > span.start, newEnd <= bytes.count + delta else { return nil }
        let lineSlot = lineStartTable.slot(of: span.start)
        guard lineStartTable[lineSlot] == span.start else { return nil }
        // The plan holds no copy of the root: the read changes its entries in place.
        return IncrementalPlan(
            documentIndex: documentIndex, isMapping: root.pair(at: span.index) != nil, span: span, delta: delta, oldEntry: oldEntry,
            oldSharing: oldSharing, lineSlot: lineSlot)
    }

    /// Reads `bytes` again after the edits `plan` was made for (now
    /// applied) by reading only the one top-level entry they changed.
    ///
    /// - Returns: whether it did; when not, the caller reads the whole file
    ///   (what this changed is all made again then).
    mutating func readIncrementally(_ plan: IncrementalPlan) -> Bool {
        lastEntryRead = nil
        let (documentIndex, isMapping, span, delta, oldEntry, oldSharing, lineSlot) =
            (plan.documentIndex, plan.isMapping, plan.span, plan.delta, plan.oldEntry, plan.oldSharing, plan.lineSlot)
        let newEnd = span.end + delta
        guard newEnd > span.start, newEnd <= bytes.count, documents.indices.contains(documentIndex) else { return false }
        let read = bytes.withUnsafeBufferPointer { buffer in
            YAMLTopLevelEntries.read(UnsafeBufferPointer(rebasing: buffer[span.start..<newEnd]), at: span.start, mapping: isMapping, lineSlot: lineSlot)
        }
        guard let piece = read, !YAMLTopLevelEntries.sharesNodes(old: oldSharing, new: piece.sharing, aliases: aliasCounts) else { return false }
        for (name, count) in oldSharing.aliases { aliasCounts[name, default: 0] -= count }
        for (name, count) in piece.sharing.aliases { aliasCounts[name, default: 0] += count }

        // Lines: those before the entry stay, the entry's are read, those after move.
        let firstAfter = lineStartTable.slot(of: span.end) + 1
        let lineDelta = piece.lineStarts.count - (firstAfter - lineSlot - 1)
        lineStartTable.replace((lineSlot + 1)..<firstAfter, with: piece.lineStarts, movingLaterBy: delta)

        // The tree: the entry's nodes replaced, the later ones moved, in
        // place: the root is taken out of its document meanwhile, so that it
        // alone holds its entries when no other version shares them.
        guard var newRoot = documents[documentIndex].root else { return false }
        documents[documentIndex].root = nil
        let oldRootRange = newRoot.range
        let isLast = span.index + 1 == (newRoot.childCount ?? 0)
        let replaced = if let pair = piece.pair {
            newRoot.replacePair(at: span.index, with: pair, movingLaterBy: delta)
        } else if let item = piece.item {
            newRoot.replaceItem(at: span.index, with: item, movingLaterBy: delta)
        } else {
            false
        }
        // Not replaced, the root goes back as it was; the caller reads the whole file.
        guard replaced else {
            documents[documentIndex].root = newRoot
            return false
        }
        newRoot.range = oldRootRange.lowerBound..<(isLast ? piece.rootEnd : oldRootRange.upperBound + delta)
        documents[documentIndex].root = newRoot
        documents[documentIndex].range = documents[documentIndex].range.lowerBound..<(documents[documentIndex].range.upperBound + delta)
        if delta != 0 {
            for index in (documentIndex + 1)..<documents.count {
                let document = documents[index]
                documents[index] = YAMLDocumentNode(
                    root: document.root?.shifted(by: delta), range: (document.range.lowerBound + delta)..<(document.range.upperBound + delta))
            }
        }
        let keyKept = oldEntry.count == 2 && piece.pair.map { Self.isSameKey(oldEntry[0], $0.key) } == true
        replaceDiagnostics(of: span, rootRange: oldRootRange, newRoot: newRoot, piece: piece, delta: delta, lineDelta: lineDelta, keyKept: keyKept)
        lastEntryRead = (documentIndex, span.index)
        return true
    }

    /// Whether the entry's key `new` reads as `old` for the checks across
    /// top-level keys (keys written twice, look-alikes): the same bytes,
    /// style, tag and range.
    static func isSameKey(_ old: YAMLNode, _ new: YAMLNode) -> Bool {
        guard let oldScalar = old.scalar, let newScalar = new.scalar else { return false }
        return oldScalar.value.hasSameBytes(as: newScalar.value) && oldScalar.style == newScalar.style && oldScalar.range == newScalar.range
            && old.range == new.range && old.tag == new.tag
    }

    /// The diagnostics after an incremental read: the entry's replaced by
    /// `piece`'s, the document's top-level keys checked again, the later
    /// ones moved by `delta` bytes and `lineDelta` lines. With `keyKept`
    /// (the entry's key reads as before) the top-level keys are not checked
    /// again when what they found cannot change: nothing, or lines that do
    /// not move; their diagnostics then move with the others.
    private mutating func replaceDiagnostics(
        of span: YAMLTopLevelEntries.Span, rootRange: Range<Int>, newRoot: YAMLNode, piece: YAMLTopLevelEntries.Piece, delta: Int, lineDelta: Int,
        keyKept: Bool
    ) {
        var added: [YAMLDiagnosticTable.Entry] = Array(zip(piece.diagnostics, piece.sources))
        let keysChecked = !keyKept || (lineDelta != 0 && hasRootKeyDiagnostic(in: rootRange))
        guard keysChecked else {
            // The common case: only the chunks holding the entry are written
            // again; a kept key's own diagnostic stays (its key did not move).
            diagnosticTable.replace(in: span.start..<span.end, with: Self.ordered(added), delta: delta, lineDelta: lineDelta) {
                $0.source.rank == .rootKey
            }
            return
        }
        // The top-level keys' diagnostics may be anywhere in the root: they
        // are all made again, and the whole list with them.
        if let pairs = newRoot.pairs {
            let starts = lineStartTable
            let keys = YAMLChecks.keyDiagnostics(pairs, line: { BlockDiagnostic.line(starts.slot(of: $0)) }, duplicateCode: .yamlDuplicateKey)
            for diagnostic in keys {
                added.append((
                    Diagnostic(severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.resolvedMessage(firstLine: 1),
                               range: diagnostic.range, location: location(of: diagnostic.range.lowerBound), fix: diagnostic.fix),
                    YAMLDiagnosticSource(diagnostic, rank: .rootKey, firstLine: 1)))
            }
        }
        // Sorted once, with the keys' diagnostics among the entry's.
        added = Self.ordered(added)
        var merged: [YAMLDiagnosticTable.Entry] = []
        var next = 0
        for entry in diagnosticTable.entries {
            let start = entry.diagnostic.range.lowerBound
            if entry.source.rank == .rootKey && rootRange.contains(start) { continue }
            if start >= span.start && start < span.end { continue }
            let kept = start < span.end ? entry : YAMLDiagnosticTable.moved(entry, bytes: delta, lines: lineDelta)
            while next < added.count
                && (added[next].0.range.lowerBound, added[next].1.rank) < (kept.diagnostic.range.lowerBound, kept.source.rank) {
                merged.append(added[next])
                next += 1
            }
            merged.append(kept)
        }
        merged.append(contentsOf: added[next...])
        diagnosticTable = YAMLDiagnosticTable(merged)
    }

    /// `entries` in file order: by start, then rank, then as given.
    private static func ordered(_ entries: [YAMLDiagnosticTable.Entry]) -> [YAMLDiagnosticTable.Entry] {
        entries.enumerated().sorted {
            ($0.element.0.range.lowerBound, $0.element.1.rank, $0.offset) < ($1.element.0.range.lowerBound, $1.element.1.rank, $1.offset)
        }.map(\.element)
    }

    /// Whether a diagnostic of the checks across top-level keys starts in
    /// `range` (O(1) when the file has none, the common case).
    private func hasRootKeyDiagnostic(in range: Range<Int>) -> Bool {
        diagnosticTable.rootKeyCount > 0 && diagnosticTable.contains(rank: .rootKey, startingIn: range)
    }
}
