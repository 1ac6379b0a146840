import Foundation

/// Mapping keys compared the way YAML readers compare them: by the bytes of
/// their value (UTF-8), never by Swift `String` equality, which calls
/// canonically equivalent spellings (`é` and `e` + U+0301, `K` and U+212A
/// KELVIN SIGN) equal. Two keys that differ in any byte are different keys.
enum YAMLKey {
    /// Whether `node` is a scalar key whose value has exactly the bytes of `key`.
    static func matches(_ node: YAMLNode, _ key: String) -> Bool {
        // The stored text, without a `YAMLScalar` made per pair: a lookup
        // goes through the thousands of top-level keys of a large file.
        node.storedKind.scalarStyle != nil && node.text.hasSameBytes(as: key)
    }

    /// Indexes of the pairs whose key has exactly the bytes of `key`, in order.
    static func indexes(of key: String, in pairs: [YAMLPair]) -> [Int] {
        var found: [Int] = []
        for index in pairs.indices where matches(pairs[index].key, key) { found.append(index) }
        ParseWorkCounter.current?.add(pairs.count)
        return found
    }

    /// Why an edit of `path` is refused when several pairs of `pairs`
    /// (`found`, on `lines`) have its key's bytes: they are one key written
    /// again, which readers keep only one of, or different keys written
    /// alike (`1`, an integer, and `"1"`, text), which are all kept and
    /// which a path cannot tell apart.
    static func refusal(of path: String, found: [Int], in pairs: [YAMLPair], lines: [Int]) -> String {
        let keys = Set(found.compactMap { Identity(pairs[$0].key) })
        if keys.count == found.count {
            return "\(path) names \(found.count) different keys in its mapping (lines \(YAMLEditor.list(lines))), written alike but read as different types (as `1` and `\"1\"` are); a path cannot tell them apart, so edit the one you mean in the source"
        }
        return "\(path) is written \(found.count) times in its mapping (lines \(YAMLEditor.list(lines))); YAML readers keep only one, so remove the others before editing it"
    }

    /// What makes two scalar keys the same key for a YAML reader: the type
    /// they resolve to (their tag, or the core schema's reading of a plain
    /// key; quoted keys are strings) and their value: the bytes of a
    /// string, the value of a plain null, boolean, integer or float however
    /// it is spelled (`0x1` and `1`, `True` and `true`, `~` and `null` are
    /// one key to a YAML 1.2 reader). `nil` for keys that are collections
    /// or aliases, which are not compared.
    struct Identity: Hashable {
        var type: String
        var bytes: [UInt8]

        init?(_ node: YAMLNode) {
            guard let scalar = node.scalar else { return nil }
            bytes = Array(scalar.value.utf8)
            if let tag = node.tag, tag != "!" {
                type = tag
                return
            }
            let core = node.tag == "!" ? .string : YAMLScalarType.core(scalar)
            type = core == .string ? "tag:yaml.org,2002:str" : core.rawValue
            if let value = Self.value(scalar.value, core) { bytes = Array(value.utf8) }
        }

        /// The value of a plain scalar of the core type `type` in one
        /// spelling; `nil` to compare its bytes (a string, a NaN, which
        /// equals nothing, an integer beyond 64 bits).
        private static func value(_ text: String, _ type: YAMLScalarType) -> String? {
            switch type {
            case .null: return "null"
            case .boolean: return text.lowercased()
            case .integer:
                var digits = Substring(text)
                let negative = digits.first == "-"
                if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
                let radix = digits.hasPrefix("0x") ? 16 : digits.hasPrefix("0o") ? 8 : 10
                if radix != 10 { digits = digits.dropFirst(2) }
                guard let magnitude = UInt64(digits, radix: radix) else { return nil }
                return (negative && magnitude != 0 ? "-" : "") + String(magnitude)
            case .float:
                let lower = text.lowercased()
                if lower.hasSuffix(".nan") { return nil }
                if lower.hasSuffix(".inf") { return lower.hasPrefix("-") ? "-inf" : "inf" }
                return Double(text).map { $0 == 0 ? "0.0" : $0.description }
            case .timestamp, .string: return nil
            }
        }
    }

    /// The second and later pairs of `pairs` whose key is the same key as
    /// an earlier one (`Identity`), each with the index of the first.
    /// Linear in the number of pairs.
    static func duplicates(in pairs: [YAMLPair]) -> [(first: Int, again: Int)] {
        var firstIndex: [Identity: Int] = [:]
        firstIndex.reserveCapacity(pairs.count)
        var found: [(first: Int, again: Int)] = []
        for index in pairs.indices {
            guard let identity = Identity(pairs[index].key) else { continue }
            if let first = firstIndex[identity] {
                found.append((first, index))
            } else {
                firstIndex[identity] = index
            }
        }
        return found
    }
}

extension String {
    /// Whether the two strings have exactly the same UTF-8 bytes (unlike
    /// `==`, which calls canonically equivalent spellings equal).
    /// Lengths are compared first, then the stored bytes in place (a path
    /// lookup compares a key with thousands of a 10 MB file's keys).
    func hasSameBytes(as other: String) -> Bool {
        let bytes = utf8
        let otherBytes = other.utf8
        guard bytes.count == otherBytes.count else { return false }
        // `memcmp`: keys of one length (`key_0001`, `key_0002`) are common,
        // and an element-by-element loop was most of a lookup.
        let inPlace = bytes.withContiguousStorageIfAvailable { mine in
            otherBytes.withContiguousStorageIfAvailable { theirs in
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return mine.isEmpty && theirs.isEmpty }
                return memcmp(left, right, mine.count) == 0
            }
        }
        if let same = inPlace ?? nil { return same }
        return bytes.elementsEqual(otherBytes)
    }
}
