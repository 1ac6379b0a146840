extension YAMLInvisibleCharacters {
    /// Whether the U+200D ZERO WIDTH JOINER at `offset` joins its grapheme
    /// cluster to what follows (an emoji sequence, `👩‍👩‍👧`): it is then
    /// not the last character of the cluster holding it, and shows as part
    /// of one symbol. A joiner at a cluster's end joins nothing.
    func joinsCluster(at offset: Int) -> Bool {
        // The scalars around: back to a line start or 64 bytes, on to 32 bytes.
        var start = offset
        while start > 0 && offset - start < 64 && bytes[start - 1] != Byte.newline && bytes[start - 1] != Byte.carriageReturn { start -= 1 }
        while start < offset && bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = Swift.min(offset + 3, bytes.count)
        while end < bytes.count && end - offset < 32 && bytes[end] != Byte.newline && bytes[end] != Byte.carriageReturn { end += 1 }
        while end > offset + 3 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        var position = start
        for character in text {
            let length = character.utf8.count
            if position + length > offset {
                // The cluster holding the joiner: it joins when more follows it in the cluster.
                return offset + 3 < position + length
            }
            position += length
        }
        return false
    }
}
