/// Names of the files a save puts beside the file it writes, hidden (a
/// leading dot) so workspace discovery and other tools skip them:
///
/// - `.NAME.tiledit-RANDOM.tmp`: the new content before it replaces the
///   file, or a backup copy still being written. Disposable: the file
///   itself is whole whenever one is left behind.
/// - `.NAME.tiledit-HASH-RANDOM.bak`: a complete backup of the old content
///   of a file being written in place; `HASH` is the first 16 hexadecimal
///   digits of the SHA-256 of the new content, so the next check can tell a
///   finished write from an unfinished one.
/// - `.NAME.tiledit-HASH-RANDOM.new`: the complete new content that write
///   in place is writing (the same `HASH-RANDOM` as its backup), named
///   before the backup is, so the next check can prove that a file which
///   is neither version is that write stopped halfway (every byte the old
///   or the new one's) and not another program's later change.
///
/// `NAME` is the file's name; a name too long to fit within the 255-byte
/// file name limit is cut and followed by `~` and 8 hexadecimal digits of
/// the SHA-256 of the whole name.
enum SaveLeftoverName {
    /// What a leftover name says.
    enum Kind: Equatable {
        case temporary
        /// A backup; the hash prefix of the content being written.
        case backup(newContentPrefix: String)
        /// The content a write in place was writing; the hash prefix of it.
        case intended(newContentPrefix: String)
    }

    /// The longest name field kept whole (bytes).
    static let longestWholeName = 200
    static let marker = ".tiledit-"

    /// A new temporary file name for the file named `name`.
    static func temporary(for name: String) -> String {
        ".\(field(for: name))\(marker)\(randomToken()).tmp"
    }

    /// A new backup file name for the file named `name` being written with
    /// content whose hash is `newContent`.
    static func backup(for name: String, newContent: ContentHash) -> String {
        ".\(field(for: name))\(marker)\(hashPrefix(newContent))-\(randomToken()).bak"
    }

    /// The names of the backup and of the intended-content file of one
    /// write in place of the file named `name` with content whose hash is
    /// `newContent` (one random token for both).
    static func inPlace(for name: String, newContent: ContentHash) -> (backup: String, intended: String) {
        let stem = ".\(field(for: name))\(marker)\(hashPrefix(newContent))-\(randomToken())"
        return (stem + ".bak", stem + ".new")
    }

    /// The name of the file holding the new content of the write in place
    /// whose backup is named `backupName` (its `.bak` becomes `.new`);
    /// `nil` for a name that is not a backup's.
    static func intended(forBackup backupName: String) -> String? {
        guard case .backup = parse(backupName)?.kind else { return nil }
        return String(backupName.dropLast(4)) + ".new"
    }

    /// The name of the backup belonging to the intended-content file named
    /// `intendedName`; `nil` for a name that is not one.
    static func backup(forIntended intendedName: String) -> String? {
        guard case .intended = parse(intendedName)?.kind else { return nil }
        return String(intendedName.dropLast(4)) + ".bak"
    }

    /// The first 16 hexadecimal digits of `hash`.
    static func hashPrefix(_ hash: ContentHash) -> String {
        String(hash.hex.prefix(16))
    }

    /// The name field and kind of a leftover name; `nil` for any other name.
    static func parse(_ name: String) -> (field: String, kind: Kind)? {
        let bytes = Array(name.utf8)
        guard bytes.first == UInt8(ascii: "."), name.hasSuffix(".tmp") || name.hasSuffix(".bak") || name.hasSuffix(".new"),
              let markerRange = lastRange(of: Array(marker.utf8), in: bytes), markerRange.lowerBound > 1 else { return nil }
        let field = String(decoding: bytes[1..<markerRange.lowerBound], as: UTF8.self)
        let token = String(decoding: bytes[markerRange.upperBound..<(bytes.count - 4)], as: UTF8.self)
        guard !token.isEmpty, token.utf8.allSatisfy(isTokenByte) else { return nil }
        if name.hasSuffix(".tmp") { return (field, .temporary) }
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 16, parts[0].utf8.allSatisfy(isHexDigit) else { return nil }
        if name.hasSuffix(".new") { return (field, .intended(newContentPrefix: String(parts[0]))) }
        return (field, .backup(newContentPrefix: String(parts[0])))
    }

    /// Whether a leftover's name field belongs to the file named `name`.
    static func field(_ field: String, belongsTo name: String) -> Bool {
        field == self.field(for: name)
    }

    /// Whether a name field may be the cut form of a longer name (it ends
    /// with `~` and 8 hexadecimal digits).
    static func isCut(_ field: String) -> Bool {
        let bytes = Array(field.utf8)
        guard bytes.count > 9, bytes[bytes.count - 9] == UInt8(ascii: "~") else { return false }
        return bytes[(bytes.count - 8)...].allSatisfy(isHexDigit)
    }

    /// `name`, or its cut form when it is too long.
    static func field(for name: String) -> String {
        guard name.utf8.count > longestWholeName else { return name }
        var cut = ""
        for scalar in name.unicodeScalars {
            if cut.utf8.count + String(scalar).utf8.count > longestWholeName - 9 { break }
            cut.unicodeScalars.append(scalar)
        }
        return cut + "~" + String(ContentHash(of: Array(name.utf8)).hex.prefix(8))
    }

    private static func randomToken() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var start = bytes.count - needle.count
        while start >= 0 {
            if Array(bytes[start..<(start + needle.count)]) == needle { return start..<(start + needle.count) }
            start -= 1
        }
        return nil
    }
}
