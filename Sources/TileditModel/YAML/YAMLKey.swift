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

    /// What makes two scalar keys the same key for a YAML reader: the type
    /// they resolve to (their tag, or the core schema's reading of a plain
    /// key; quoted keys are strings) and the bytes of their value. `nil`
    /// for keys that are collections or aliases, which are not compared.
    struct Identity: Hashable {
        var type: String
        var bytes: [UInt8]

        init?(_ node: YAMLNode) {
            guard let scalar = node.scalar else { return nil }
            if let tag = node.tag, tag != "!" {
                type = tag
            } else {
                let core = node.tag == "!" ? .string : YAMLScalarType.core(scalar)
                type = core == .string ? "tag:yaml.org,2002:str" : core.rawValue
            }
            bytes = Array(scalar.value.utf8)
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
        let inPlace = bytes.withContiguousStorageIfAvailable { mine in
            otherBytes.withContiguousStorageIfAvailable { theirs in mine.elementsEqual(theirs) }
        }
        if let same = inPlace ?? nil { return same }
        return bytes.elementsEqual(otherBytes)
    }
}
