import CYAML
import TileditModel

/// Event streams in the YAML test suite's `test.event` notation: `+STR`,
/// `+DOC`, `+MAP {} &a <tag>`, `+SEQ [] &a <tag>`, `=VAL &a <tag> :plain`
/// (`'` single, `"` double, `|` literal, `>` folded), `=ALI *a`, `-SEQ`,
/// `-MAP`, `-DOC`, `-STR`. Document markers are not written (the tree does
/// not keep them).
enum YAMLEventStream {
    /// The events the tree of `result` stands for, as far as it holds them:
    /// collections with their style, anchors, tags, scalars with their
    /// value and style, aliases. Walks the trees without recursion.
    static func events(of documents: [YAMLDocumentNode]) -> [String] {
        var lines = ["+STR"]
        for document in documents {
            lines.append("+DOC")
            if let root = document.root { lines += events(of: root) } else { lines.append("=VAL :") }
            lines.append("-DOC")
        }
        lines.append("-STR")
        return lines
    }

    /// The events of one node and its children.
    static func events(of node: YAMLNode) -> [String] {
        enum Step {
            case open(YAMLNode)
            case close(String)
        }
        var lines: [String] = []
        var stack: [Step] = [.open(node)]
        while let step = stack.popLast() {
            switch step {
            case .close(let line):
                lines.append(line)
            case .open(let node):
                let properties = (node.anchor.map { " &\($0)" } ?? "") + (node.tag.map { " <\($0)>" } ?? "")
                switch node.content {
                case .scalar(let scalar):
                    lines.append("=VAL\(properties) \(indicator(scalar.style))\(escaped(scalar.value))")
                case .alias(let name):
                    lines.append("=ALI *\(name)")
                case .mapping(let pairs):
                    lines.append("+MAP\(node.collectionStyle == .flow ? " {}" : "")\(properties)")
                    stack.append(.close("-MAP"))
                    for pair in pairs.reversed() {
                        stack.append(.open(pair.value))
                        stack.append(.open(pair.key))
                    }
                case .sequence(let items):
                    lines.append("+SEQ\(node.collectionStyle == .flow ? " []" : "")\(properties)")
                    stack.append(.close("-SEQ"))
                    for item in items.reversed() { stack.append(.open(item)) }
                }
            }
        }
        return lines
    }

    static func indicator(_ style: YAMLScalar.Style) -> String {
        switch style {
        case .plain: ":"
        case .singleQuoted: "'"
        case .doubleQuoted: "\""
        case .literal: "|"
        case .folded: ">"
        }
    }

    /// A value as `test.event` writes it: `\\`, `\0`, `\b`, `\n`, `\r`, `\t` escaped.
    static func escaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\0": result += "\\0"
            case "\u{08}": result += "\\b"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// libyaml's own events for `bytes`, in the same notation, and whether
    /// it read the whole stream without an error.
    static func libyamlEvents(_ bytes: [UInt8]) -> (events: [String], accepted: Bool) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return ([], false) }
        defer { yaml_parser_delete(&parser) }
        var lines: [String] = []
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return (lines, false) }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_START_EVENT: lines.append("+STR")
                case YAML_STREAM_END_EVENT:
                    lines.append("-STR")
                    return (lines, true)
                case YAML_DOCUMENT_START_EVENT: lines.append("+DOC")
                case YAML_DOCUMENT_END_EVENT: lines.append("-DOC")
                case YAML_MAPPING_START_EVENT:
                    let data = event.data.mapping_start
                    lines.append("+MAP" + (data.style == YAML_FLOW_MAPPING_STYLE ? " {}" : "") + properties(data.anchor, data.tag))
                case YAML_MAPPING_END_EVENT: lines.append("-MAP")
                case YAML_SEQUENCE_START_EVENT:
                    let data = event.data.sequence_start
                    lines.append("+SEQ" + (data.style == YAML_FLOW_SEQUENCE_STYLE ? " []" : "") + properties(data.anchor, data.tag))
                case YAML_SEQUENCE_END_EVENT: lines.append("-SEQ")
                case YAML_ALIAS_EVENT: lines.append("=ALI *" + (string(event.data.alias.anchor) ?? ""))
                case YAML_SCALAR_EVENT:
                    let data = event.data.scalar
                    let style: YAMLScalar.Style
                    switch data.style {
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                    case YAML_LITERAL_SCALAR_STYLE: style = .literal
                    case YAML_FOLDED_SCALAR_STYLE: style = .folded
                    default: style = .plain
                    }
                    let value = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
                    lines.append("=VAL" + properties(data.anchor, data.tag) + " " + indicator(style) + escaped(value))
                default: break
                }
            }
        }
    }

    private static func properties(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ tag: UnsafeMutablePointer<yaml_char_t>?) -> String {
        (string(anchor).map { " &\($0)" } ?? "") + (string(tag).map { " <\($0)>" } ?? "")
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
