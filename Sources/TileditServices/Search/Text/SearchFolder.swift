import CTileditICU

/// Folds text for matching, through ICU: NFKC with case folding
/// (`NFKC_Casefold`: `É` and `e\u{301}` and `é` are one letter, `ß` is
/// `ss`, fullwidth `Ａ` is `a`, `ﬁ` is `fi`, soft hyphens and variation
/// selectors are dropped), and a second, accent-free form: decomposed
/// (NFD), combining diacritical marks and Hebrew and Arabic vowel points
/// removed, a few letters that do not decompose mapped to their base
/// (`ø` `o`, `ł` `l`, `đ` `d`, `ħ` `h`, `ŧ` `t`, `ı` `i`), composed again
/// (NFC). The typographic apostrophe `’` folds to `'`.
///
/// A query word without accents is compared with the accent-free form of
/// the text (`cafe` finds `café`); a word with accents with the folded
/// form (`café` does not find `cafe`). Marks of the scripts indexed as
/// bigrams (the Japanese voicing marks of `が`) are kept.
///
/// Not thread-safe (scratch buffers): each thread of work makes its own.
final class SearchFolder {
    private var source: [UInt16] = []
    private var folded: [UInt16] = []
    private var scratch: [UInt16] = []

    init() {}

    /// Folds `word` (UTF-8): its folded form goes into `foldedBytes`, its
    /// accent-free form into `strippedBytes` (both replaced). ASCII is only
    /// lowercased.
    func fold(_ word: UnsafeBufferPointer<UInt8>, folded foldedBytes: inout [UInt8], stripped strippedBytes: inout [UInt8]) {
        foldedBytes.removeAll(keepingCapacity: true)
        strippedBytes.removeAll(keepingCapacity: true)
        if !word.contains(where: { $0 >= 0x80 }) {
            for byte in word { foldedBytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
            strippedBytes.append(contentsOf: foldedBytes)
            return
        }
        decodeUTF16(word)
        normalize(TILEDIT_NORMALIZATION_NFKC_CASEFOLD, from: source, into: &folded)
        for index in folded.indices where folded[index] == 0x2019 || folded[index] == 0x02BC { folded[index] = 0x27 }
        Self.appendUTF8(of: folded, to: &foldedBytes)
        guard folded.contains(where: { $0 >= 0x80 }) else {
            strippedBytes.append(contentsOf: foldedBytes)
            return
        }
        normalize(TILEDIT_NORMALIZATION_NFD, from: folded, into: &scratch)
        var removed = false
        var kept: [UInt16] = []
        kept.reserveCapacity(scratch.count)
        for unit in scratch {
            if Self.isStrippedMark(unit) {
                removed = true
            } else if let base = Self.baseLetter(unit) {
                removed = true
                kept.append(base)
            } else {
                kept.append(unit)
            }
        }
        guard removed else {
            strippedBytes.append(contentsOf: foldedBytes)
            return
        }
        normalize(TILEDIT_NORMALIZATION_NFC, from: kept, into: &scratch)
        Self.appendUTF8(of: scratch, to: &strippedBytes)
    }

    /// The folded and accent-free forms of a whole text (titles, paths,
    /// tags, query words).
    func fold(_ text: String) -> (folded: String, stripped: String) {
        var bytes = Array(text.utf8)
        var folded: [UInt8] = []
        var stripped: [UInt8] = []
        bytes.withUnsafeMutableBufferPointer { fold(UnsafeBufferPointer($0), folded: &folded, stripped: &stripped) }
        bytes = []
        return (String(decoding: folded, as: UTF8.self), String(decoding: stripped, as: UTF8.self))
    }

    /// Folds a run of Han, Hiragana, Katakana or Hangul (`NFKC_Casefold`
    /// only: no marks removed).
    func foldBigramText(_ text: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        decodeUTF16(text)
        normalize(TILEDIT_NORMALIZATION_NFKC_CASEFOLD, from: source, into: &folded)
        Self.appendUTF8(of: folded, to: &bytes)
    }

    // MARK: ICU

    private func decodeUTF16(_ text: UnsafeBufferPointer<UInt8>) {
        source.removeAll(keepingCapacity: true)
        var index = 0
        while index < text.count {
            let (value, length) = UTF8Scalar.decode(text, at: index)
            if value >= 0x10000 {
                source.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                source.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
            } else {
                source.append(UInt16(value))
            }
            index += length
        }
    }

    /// `input` normalized; the input as it is when ICU fails.
    private func normalize(_ normalization: TileditNormalization, from input: [UInt16], into output: inout [UInt16]) {
        guard !input.isEmpty else {
            output = input
            return
        }
        var capacity = input.count * 3 + 16
        for _ in 0..<2 {
            output = [UInt16](repeating: 0, count: capacity)
            let length = input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { destination in
                    tiledit_icu_normalize(normalization, source.baseAddress, Int32(source.count), destination.baseAddress, Int32(capacity))
                }
            }
            if Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            guard length >= 0 else { break }
            output.removeSubrange(Int(length)...)
            return
        }
        output = input
    }

    /// Appends the UTF-8 of UTF-16 code units (an unpaired surrogate becomes U+FFFD).
    private static func appendUTF8(of units: [UInt16], to bytes: inout [UInt8]) {
        var index = 0
        while index < units.count {
            var value = UInt32(units[index])
            index += 1
            if value >= 0xD800 && value < 0xDC00, index < units.count, units[index] >= 0xDC00 && units[index] < 0xE000 {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                index += 1
            } else if value >= 0xD800 && value < 0xE000 {
                value = 0xFFFD
            }
            switch value {
            case ..<0x80:
                bytes.append(UInt8(value))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | (value >> 12) & 0x3F))
                bytes.append(UInt8(0x80 | (value >> 6) & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
    }

    // MARK: Tables

    /// Combining diacritical marks (U+0300–U+036F and the extended,
    /// supplement and symbol blocks, half marks), Hebrew points and Arabic
    /// vowel marks: what the accent-free form drops.
    static func isStrippedMark(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
             0x0591...0x05BD, 0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7,
             0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7, 0x06E8, 0x06EA...0x06ED:
            true
        default:
            false
        }
    }

    /// The base of a letter that carries its mark without decomposing.
    static func baseLetter(_ unit: UInt16) -> UInt16? {
        switch unit {
        case 0x00F8: 0x6F  // ø
        case 0x0111: 0x64  // đ
        case 0x0127: 0x68  // ħ
        case 0x0131: 0x69  // ı
        case 0x0142: 0x6C  // ł
        case 0x0167: 0x74  // ŧ
        default: nil
        }
    }
}
