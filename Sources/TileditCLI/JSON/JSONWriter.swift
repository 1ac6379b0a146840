import TileditModel

/// Writes a `JSONValue` as JSON text (the text `JSONValue.serialized()`
/// gives) a piece at a time: `write(upTo:)` adds text until its output
/// holds a given number of bytes, so a command can send each piece on and
/// keep only one in memory. An explicit stack, not recursion: any depth
/// takes no call stack, and lazy arrays (`JSONValue.lazyArray`) make their
/// items only as they are written.
struct JSONWriter {
    /// What is left to write, innermost last.
    private enum Frame {
        /// A whole value, at this indentation.
        case value(JSONValue, indent: String)
        /// The items of a multi-line array from `next` on.
        case items(Items, next: Int, indent: String)
        /// The members of a multi-line object from `next` on.
        case members([(String, JSONValue)], next: Int, indent: String)
    }

    /// An array's items, given or made on demand.
    private enum Items {
        case given([JSONValue])
        case made(count: Int, item: @Sendable (Int) -> JSONValue)

        var count: Int {
            switch self {
            case .given(let items): items.count
            case .made(let count, _): count
            }
        }

        subscript(index: Int) -> JSONValue {
            switch self {
            case .given(let items): items[index]
            case .made(_, let item): item(index)
            }
        }
    }

    private var stack: [Frame]
    /// Text written and not yet taken (UTF-8; it always ends after a whole character).
    private var output: [UInt8] = []

    /// A writer of `value`, nothing written yet.
    init(_ value: JSONValue) {
        stack = [.value(value, indent: "")]
    }

    /// Whether everything is written.
    var isDone: Bool { stack.isEmpty }

    /// The text written since the last call, handed over.
    mutating func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }

    /// Writes until the output holds at least `limit` bytes or all is written.
    mutating func write(upTo limit: Int) {
        while output.count < limit, let frame = stack.popLast() {
            switch frame {
            case .value(let value, let indent):
                writeValue(value, indent: indent)
            case .items(let items, let next, let indent):
                if next == items.count {
                    append("\n" + indent + "]")
                    continue
                }
                if next > 0 { append(",\n") }
                let inner = indent + "  "
                append(inner)
                stack.append(.items(items, next: next + 1, indent: indent))
                stack.append(.value(items[next], indent: inner))
            case .members(let members, let next, let indent):
                if next == members.count {
                    append("\n" + indent + "}")
                    continue
                }
                if next > 0 { append(",\n") }
                let inner = indent + "  "
                append(inner)
                Self.appendString(members[next].0, to: &output)
                append(": ")
                stack.append(.members(members, next: next + 1, indent: indent))
                stack.append(.value(members[next].1, indent: inner))
            }
        }
    }

    /// Writes a value whole, or its opening and the frame of its rest.
    private mutating func writeValue(_ value: JSONValue, indent: String) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(String(number))
        case .string(let text): Self.appendString(text, to: &output)
        case .array(let items):
            writeArray(.given(items), allPlain: items.allSatisfy(\.isPlain), indent: indent)
        case .lazyArray(let count, let itemsArePlain, let item):
            writeArray(.made(count: count, item: item), allPlain: itemsArePlain, indent: indent)
        case .object(let members):
            guard !members.isEmpty else {
                append("{}")
                return
            }
            if members.allSatisfy(\.1.isPlain) {
                append("{")
                for (index, (key, member)) in members.enumerated() {
                    if index > 0 { append(", ") }
                    Self.appendString(key, to: &output)
                    append(": ")
                    writeValue(member, indent: indent)
                }
                append("}")
                return
            }
            append("{\n")
            stack.append(.members(members, next: 0, indent: indent))
        }
    }

    private mutating func writeArray(_ items: Items, allPlain: Bool, indent: String) {
        guard items.count > 0 else {
            append("[]")
            return
        }
        if allPlain {
            append("[")
            for index in 0..<items.count {
                if index > 0 { append(", ") }
                writeValue(items[index], indent: indent)
            }
            append("]")
            return
        }
        append("[\n")
        stack.append(.items(items, next: 0, indent: indent))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// `value` as a JSON string: `"`, `\` and control characters escaped,
    /// other characters as UTF-8.
    private static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            // Printable ASCII but the quote and the backslash is written as it is.
            let code = scalar.value
            if code >= 0x20 && code < 0x7F && code != 0x22 && code != 0x5C {
                output.append(UInt8(truncatingIfNeeded: code))
                continue
            }
            switch scalar {
            case "\"": output.append(contentsOf: "\\\"".utf8)
            case "\\": output.append(contentsOf: "\\\\".utf8)
            case "\n": output.append(contentsOf: "\\n".utf8)
            case "\r": output.append(contentsOf: "\\r".utf8)
            case "\t": output.append(contentsOf: "\\t".utf8)
            case "\u{08}": output.append(contentsOf: "\\b".utf8)
            case "\u{0C}": output.append(contentsOf: "\\f".utf8)
            case _ where VisibleText.needsEscaping(scalar) || scalar == "\u{FEFF}":
                // Controls (C0, DEL, C1), line separators and bidirectional
                // controls as \uXXXX: valid JSON that cannot act on a
                // terminal; a byte order mark too, which JSON readers may drop.
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
