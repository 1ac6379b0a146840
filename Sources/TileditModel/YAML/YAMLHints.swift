/// Informational notes on plain scalars that YAML readers disagree about
/// (YAML 1.1 vs 1.2), so a writer can quote a value before a site builder
/// misreads it. The editor itself keeps every value as written.
enum YAMLHints {
    /// Notes for the plain scalar values (not keys) under `node` that have
    /// no tag.
    ///
    /// - Returns: info diagnostics with ranges in the node's coordinates.
    static func diagnostics(for node: YAMLNode) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        var stack: [YAMLNode] = [node]
        while let current = stack.popLast() {
            switch current.content {
            case .scalar(let scalar):
                // A tag decides the type: readers cannot disagree.
                if current.tag == nil, let message = note(for: scalar) {
                    result.append(BlockDiagnostic(.info, .yamlAmbiguousScalar, message, range: scalar.range))
                }
            case .mapping(let pairs):
                stack.append(contentsOf: pairs.reversed().map(\.value))
            case .sequence(let items):
                stack.append(contentsOf: items.reversed())
            case .alias:
                break
            }
        }
        return result
    }

    /// The note for one scalar, if readers disagree about it.
    static func note(for scalar: YAMLScalar) -> String? {
        guard scalar.style == .plain, !scalar.value.isEmpty else { return nil }
        let text = scalar.value
        let core = YAMLScalarType.core(plain: text)
        let yaml11 = YAMLScalarType.yaml11(plain: text)
        if core == .string && yaml11 == .boolean {
            return "YAML 1.1 readers may read `\(text)` as a boolean; quote it if you mean text"
        }
        if core == .string && (yaml11 == .integer || yaml11 == .float) {
            return "YAML 1.1 readers read `\(text)` as a number; quote it to keep it text"
        }
        if core == .float && yaml11 == .string {
            return "YAML 1.2 readers read `\(text)` as a number and YAML 1.1 readers as text; quote it to keep it text"
        }
        if core == .float, let dot = text.firstIndex(of: "."), !text.contains("e"), !text.contains("E"), text.hasSuffix("0"),
           text[text.index(after: dot)...].allSatisfy({ $0.isASCII && $0.isNumber }) {
            return "YAML readers read `\(text)` as a number and drop the trailing zero; quote it if this is a version"
        }
        if core == .integer, text.count > 1, text.hasPrefix("0"), text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return "YAML 1.1 readers read `\(text)` as an octal number; quote it to keep it text"
        }
        return nil
    }
}
