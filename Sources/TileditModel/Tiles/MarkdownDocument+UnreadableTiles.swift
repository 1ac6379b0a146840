extension MarkdownDocument {
    /// The tiles kept raw (their body breaks the tile grammar) whose body
    /// has an unindented `id: VALUE` line with VALUE, trimmed and without
    /// one pair of surrounding quotes, equal to `id`, in file order.
    ///
    /// A raw tile has no readable `Tile`, so `blocks(withTileID:)` cannot
    /// find it; this lets a caller that looks a tile up by id say why the
    /// tile it meant cannot be edited, instead of that no tile has the id.
    public func unreadableTiles(declaringID id: String) -> [BlockID] {
        (0..<blockCount).filter { index in
            guard case .raw(.tile) = kind(at: index) else { return false }
            return Self.declaredIDs(in: bytes(of: block(at: index))).contains(id)
        }.map { self.id(at: $0) }
    }

    /// The values of the unindented `id:` lines after the opening line.
    private static func declaredIDs(in bytes: [UInt8]) -> [String] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropFirst()
        return lines.compactMap { line -> String? in
            var line = ArraySlice(line)
            if line.last == 0x0D { line = line.dropLast() }
            // `id` at the line start: an indented line belongs to a value.
            guard line.starts(with: Array("id".utf8)) else { return nil }
            let rest = line.dropFirst(2).drop { $0 == 0x20 || $0 == 0x09 }
            guard rest.first == 0x3A else { return nil }
            var value = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            if value.count >= 2, let first = value.first, first == 0x22 || first == 0x27, value.last == first {
                value = value.dropFirst().dropLast()
            }
            return String(decoding: value, as: UTF8.self)
        }
    }
}
