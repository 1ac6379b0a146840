/// Reading the whole file: the tree, the diagnostics with their sources,
/// and the line starts (ARCHITECTURE.md, "The Tiledown format").
extension YAMLFileDocument {
    /// The flat dialect's fields as a tree: a block mapping of plain scalars.
    private static func flatTree(_ fields: [FrontMatterField], byteCount: Int) -> YAMLDocumentNode {
        guard let first = fields.first, let last = fields.last else { return YAMLDocumentNode(root: nil, range: 0..<byteCount) }
        let pairs = fields.map { field in
            YAMLPair(
                key: YAMLNode(content: .scalar(YAMLScalar(value: field.key, style: .plain, range: field.keySpan)), range: field.keySpan),
                value: YAMLNode(content: .scalar(YAMLScalar(value: field.value, style: .plain, range: field.valueSpan)), range: field.valueSpan))
        }
        let end = Swift.max(last.valueSpan.upperBound, last.keySpan.upperBound)
        return YAMLDocumentNode(root: YAMLNode(content: .mapping(pairs), range: first.keySpan.lowerBound..<end), range: 0..<byteCount)
    }

    /// Reads all of `bytes` again.
    mutating func reparse() {
        var found: [(diagnostic: BlockDiagnostic, rank: YAMLChecks.Rank)] = []
        var stopping: BlockDiagnostic?
        // One line table for the checks' messages, the locations and the file's line starts.
        let lines = bytes.withUnsafeBufferPointer { LineIndex($0, skipsByteOrderMark: true) }
        // The checks give their diagnostics in text order already; the flat reader's are sorted here.
        var isOrdered = false
        switch dialect {
        case .flat:
            let result = bytes.withUnsafeBufferPointer { buffer in
                // A byte order mark is an encoding signature, not part of the first key.
                let start = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
                return FrontMatterReader.readFlatFields(buffer, base: 0, content: start..<buffer.count, firstLineOffset: 0)
            }
            fields = result.0
            found = (result.1 + SiteConfigurationValidator.diagnostics(for: fields)).map { ($0, .nested) }
            documents = [Self.flatTree(fields, byteCount: bytes.count)]
        case .yaml:
            let result = YAMLParser.parse(bytes)
            documents = result.documents
            fields = []
            let checked = bytes.withUnsafeBufferPointer { buffer in
                YAMLChecks.ranked(documents: result.documents, error: result.error, bytes: buffer, lineBase: 0, readPast: result.readPast, lines: lines)
            }
            found = checked.all
            isOrdered = true
            stopping = checked.error
            aliasCounts = checked.aliases
        }
        if !isOrdered {
            found = found.enumerated().sorted {
                ($0.element.diagnostic.range.lowerBound, $0.offset) < ($1.element.diagnostic.range.lowerBound, $1.offset)
            }.map(\.element)
        }
        let read = bytes.withUnsafeBufferPointer { buffer in
            let index = lines
            func materialized(_ diagnostic: BlockDiagnostic) -> Diagnostic {
                Diagnostic(
                    severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.resolvedMessage(firstLine: 1),
                    range: diagnostic.range, location: index.location(of: Swift.min(diagnostic.range.lowerBound, buffer.count), in: buffer),
                    fix: diagnostic.fix)
            }
            return (
                found.map { (materialized($0.diagnostic), YAMLDiagnosticSource($0.diagnostic, rank: $0.rank, firstLine: 1)) },
                stopping.map(materialized), index.lineStarts)
        }
        let entries: [YAMLDiagnosticTable.Entry]
        let starts: [Int]
        (entries, readError, starts) = read
        lineStartTable = YAMLLineStarts(starts)
        diagnosticTable = YAMLDiagnosticTable(entries)
    }
}
