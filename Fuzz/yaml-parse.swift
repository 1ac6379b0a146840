import TileditModel

/// Parsing a YAML file: the input is read in both dialects, every node and
/// diagnostic is walked, and every top-level key of the first document is
/// set to a new value and removed. Faults: any trap; a position outside the
/// file; an edit that changes the file although it was refused; an edit
/// whose inverse does not restore the original bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func yamlParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for dialect in [YAMLFileDocument.Dialect.yaml, .flat] {
        let file = YAMLFileDocument(bytes: bytes, dialect: dialect)
        if file.bytes != bytes { fatalError("\(dialect): reading changed the bytes") }
        for diagnostic in file.diagnostics {
            check(diagnostic.range, in: bytes, "diagnostic \(diagnostic.message.debugDescription)")
            _ = file.location(of: diagnostic.range.lowerBound)
        }
        var keys: [String] = []
        for field in file.fields {
            check(field.keySpan, in: bytes, "key \(field.key.debugDescription)")
            check(field.valueSpan, in: bytes, "value of \(field.key.debugDescription)")
            keys.append(field.key)
        }
        for document in file.documents {
            check(document.range, in: bytes, "document")
            if let root = document.root { walk(root, in: bytes) }
        }
        for key in keys.prefix(8) {
            let path = YAMLPath([.key(key)])
            for value in ["new value", "42", "a: b #c", ""] {
                edit(file) { try $0.setValue(at: path, to: value) }
            }
            edit(file) { try $0.appendItem(at: path, item: "item") }
            edit(file) { try $0.removeValue(at: path) }
        }
        edit(file) { try $0.setValue(at: YAMLPath([.key("added")]), to: "value") }
    }
    return 0
}

/// Performs one edit on a copy of `file` and checks that a refusal keeps the
/// bytes and that the inverse edits restore them.
private func edit(_ file: YAMLFileDocument, _ body: (inout YAMLFileDocument) throws -> YAMLFileDocument.Change) {
    var copy = file
    do {
        let change = try body(&copy)
        var undone = copy
        undone.apply(change.inverse)
        if undone.bytes != file.bytes {
            fatalError("undo did not restore \(file.text.debugDescription): got \(undone.text.debugDescription)")
        }
    } catch {
        if copy.bytes != file.bytes { fatalError("a refused edit (\(error)) changed \(file.text.debugDescription)") }
    }
}

private func check(_ range: Range<Int>, in bytes: [UInt8], _ what: @autoclosure () -> String) {
    if range.lowerBound < 0 || range.upperBound > bytes.count {
        fatalError("\(what()) at \(range) lies outside the file (\(bytes.count) bytes)")
    }
}

/// Walks the node tree iteratively (the input may nest deeply).
private func walk(_ root: YAMLNode, in bytes: [UInt8]) {
    var pending = [root]
    while let node = pending.popLast() {
        check(node.range, in: bytes, "node")
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs { pending.append(pair.key); pending.append(pair.value) }
        case .sequence(let items):
            pending += items
        default:
            break
        }
    }
}
