extension FrontMatter {
    /// The front matter at the start of a file, read as `MarkdownDocument`
    /// reads it, without parsing the rest: a first line (after a byte order
    /// mark) that is exactly `---`, closed by the next line that is exactly
    /// `---` (or `...` in the YAML dialect). Its diagnostics are not looked for (the fields are the same).
    ///
    /// - Parameters:
    ///   - bytes: the whole file (UTF-8).
    ///   - dialect: how the fields are read.
    /// - Returns: the front matter, the UTF-8 offset of its opening line
    ///   (0, or 3 after a byte order mark) and the offset just after its
    ///   closing line; `nil` when the file has none.
    public static func leading(in bytes: UnsafeBufferPointer<UInt8>, dialect: FrontMatterDialect) -> (frontMatter: FrontMatter, start: Int, end: Int)? {
        var position = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        guard case .block(let opening, let closing) = FrontMatterReader.scan(bytes, from: position, dialect: dialect) else { return nil }
        let (frontMatter, _) = FrontMatterReader.read(bytes, opening: opening, closing: closing, dialect: dialect, diagnoses: false)
        return (frontMatter, opening.start, closing.end)
    }
}
