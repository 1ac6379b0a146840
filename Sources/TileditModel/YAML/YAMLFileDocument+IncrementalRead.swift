/// Reading again only the top-level entry an edit changed (ARCHITECTURE.md,
/// "Scale"): the entry's bytes are parsed and checked on their own, its
/// nodes and diagnostics take the old ones' place, what follows moves by
/// the edit's change in length, and the document's top-level keys are
/// checked again for keys written twice. Whenever the result could differ
/// from reading the whole file (see `YAMLTopLevelEntries`), nothing is
/// done and the caller reads the whole file.
extension YAMLFileDocument {
    /// Reads `bytes` again after `edits` (in the coordinates of `old`, the
    /// bytes before them) by reading only the one top-level entry they
    /// changed.
    ///
    /// - Returns: whether it did; when not, nothing but `bytes` changed.
    mutating func readIncrementally(after edits: [TextEdit], before old: [UInt8]) -> Bool {
        lastEntryRead = nil
        guard dialect == .yaml, readError == nil, let first = edits.first else { return false }
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
              !YAMLTopLevelEntries.hasDirectives(old, in: documents[documentIndex].range.lowerBound..<root.range.lowerBound),
              let span = YAMLTopLevelEntries.span(
                holding: lower..<upper, root: root, documentEnd: documents[documentIndex].range.upperBound, bytes: old) else { return false }
        let oldEntry = root.pairs.map { [$0[span.index].key, $0[span.index].value] } ?? root.items.map { [$0[span.index]] } ?? []
        let newEnd = span.end + delta
        let oldSharing = YAMLTopLevelEntries.sharing(oldEntry)
        guard !oldSharing.refersOutside, newEnd > span.start, newEnd <= bytes.count else { return false }
        let lineSlot = Self.slot(of: span.start, in: lineStarts)
        guard lineStarts.indices.contains(lineSlot), lineStarts[lineSlot] == span.start else { return false }
        let isMapping = root.pairs != nil
        let read = bytes.withUnsafeBufferPointer { buffer in
            YAMLTopLevelEntries.read(UnsafeBufferPointer(rebasing: buffer[span.start..<newEnd]), at: span.start, mapping: isMapping, lineSlot: lineSlot)
        }
        guard let piece = read, !YAMLTopLevelEntries.sharesNodes(old: oldSharing, new: piece.sharing, aliases: aliasCounts) else { return false }
        for (name, count) in oldSharing.aliases { aliasCounts[name, default: 0] -= count }
        for (name, count) in piece.sharing.aliases { aliasCounts[name, default: 0] += count }

        // Lines: those before the entry stay, the entry's are read, those after move.
        let firstAfter = Self.slot(of: span.end, in: lineStarts) + 1
        let lineDelta = piece.lineStarts.count - (firstAfter - lineSlot - 1)
        var starts = Array(lineStarts[...lineSlot])
        starts.reserveCapacity(lineStarts.count + lineDelta)
        starts += piece.lineStarts
        for start in lineStarts[firstAfter...] { starts.append(start + delta) }
        lineStarts = starts

        // The tree: the entry's nodes replaced, the later ones moved.
        var newRoot = root
        if var pairs = root.pairs, let pair = piece.pair {
            pairs[span.index] = pair
            if delta != 0 {
                for index in (span.index + 1)..<pairs.count {
                    pairs[index] = YAMLPair(key: pairs[index].key.shifted(by: delta), value: pairs[index].value.shifted(by: delta))
                }
            }
            newRoot.content = .mapping(pairs)
        } else if var items = root.items, let item = piece.item {
            items[span.index] = item
            if delta != 0 {
                for index in (span.index + 1)..<items.count { items[index] = items[index].shifted(by: delta) }
            }
            newRoot.content = .sequence(items)
        } else {
            return false
        }
        let isLast = span.index + 1 == (root.pairs?.count ?? root.items?.count ?? 0)
        newRoot.range = root.range.lowerBound..<(isLast ? piece.rootEnd : root.range.upperBound + delta)
        let oldRootRange = root.range
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
        added = added.enumerated().sorted {
            ($0.element.0.range.lowerBound, $0.element.1.rank, $0.offset) < ($1.element.0.range.lowerBound, $1.element.1.rank, $1.offset)
        }.map(\.element)
        let keysChecked = !keyKept || (lineDelta != 0 && hasRootKeyDiagnostic(in: rootRange))
        guard keysChecked else {
            // The common case: only the chunks holding the entry are written
            // again; a kept key's own diagnostic stays (its key did not move).
            diagnosticTable.replace(in: span.start..<span.end, with: added, delta: delta, lineDelta: lineDelta) { $0.source.rank == .rootKey }
            return
        }
        // The top-level keys' diagnostics may be anywhere in the root: they
        // are all made again, and the whole list with them.
        if let pairs = newRoot.pairs {
            let starts = lineStarts
            let keys = YAMLChecks.keyDiagnostics(pairs, line: { BlockDiagnostic.line(Self.slot(of: $0, in: starts)) }, duplicateCode: .yamlDuplicateKey)
            for diagnostic in keys {
                added.append((
                    Diagnostic(severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.resolvedMessage(firstLine: 1),
                               range: diagnostic.range, location: location(of: diagnostic.range.lowerBound), fix: diagnostic.fix),
                    YAMLDiagnosticSource(diagnostic, rank: .rootKey, firstLine: 1)))
            }
            added = added.enumerated().sorted {
                ($0.element.0.range.lowerBound, $0.element.1.rank, $0.offset) < ($1.element.0.range.lowerBound, $1.element.1.rank, $1.offset)
            }.map(\.element)
        }
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

    /// Whether a diagnostic of the checks across top-level keys starts in `range`.
    private func hasRootKeyDiagnostic(in range: Range<Int>) -> Bool {
        diagnosticTable.contains(rank: .rootKey, startingIn: range)
    }

    /// The line slot (from 0) holding `offset` among `starts`.
    static func slot(of offset: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
