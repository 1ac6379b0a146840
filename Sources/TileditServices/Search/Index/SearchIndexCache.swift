import CTileditICU
import Foundation
import TileditModel

/// The search index of a workspace kept on disk between openings: one file
/// per workspace folder, `search-<hash of the folder's path>.index` in the
/// cache folder (`UserFolders.cacheFolder`: `$XDG_CACHE_HOME/tiledit/`).
///
/// The file holds each document's text, terms, title, tags and the size
/// and modification time its file had when it was read, so the next
/// opening reads again only the files whose size or time differ
/// (`SearchIndex.build(workspace:fileSystem:cached:)`). It is never
/// trusted: a file of another format version, ICU version or folder, cut
/// short, or with a wrong checksum or any value out of bounds is ignored
/// (and the index built from the files).
///
/// Format (little-endian): a magic line, the format version, ICU's and
/// Unicode's versions, the folder's path and name, the term table (bytes,
/// offsets, identities in byte order), the documents, and a 64-bit
/// checksum of everything before it.
enum SearchIndexCache {
    /// The first bytes of every cache file.
    static let magic = Array("TILEDIT SEARCH INDEX\n".utf8)
    /// Changes whenever the format or the way text is cut into terms changes.
    static let formatVersion: UInt32 = 1

    /// The cache file of the workspace at `root`.
    static func fileURL(root: URL, in folder: URL) -> URL {
        let digest = SHA256.digest(Array(root.standardizedFileURL.path.utf8))
        let name = digest.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return folder.appendingPathComponent("search-\(name).index", isDirectory: false)
    }

    /// The cached index of `root`, or `nil` when there is none or it
    /// cannot be trusted.
    static func load(root: URL, from folder: URL, fileSystem: FileSystem) -> SearchIndex? {
        // The cache holds terms and postings only: far smaller than the files it indexes.
        guard let bytes = try? fileSystem.read(fileURL(root: root, in: folder), limit: ContentCheck.defaultSizeLimit).bytes,
              bytes.count <= ContentCheck.defaultSizeLimit
        else { return nil }
        return decode(bytes, root: root)
    }

    /// Writes `index` as the cache of `root`: a new file beside the old
    /// one, renamed over it. Failures leave the old file (or none); the
    /// cache is only a cache.
    static func save(_ index: SearchIndex, root: URL, in folder: URL, fileSystem: FileSystem) {
        let target = fileURL(root: root, in: folder)
        let temporary = folder.appendingPathComponent(target.lastPathComponent + ".tmp-\(UInt64.random(in: 0...UInt64.max))", isDirectory: false)
        do {
            try fileSystem.createFolder(folder)
            let file = try fileSystem.openFile(temporary, .create(permissions: 0o600))
            do {
                try SafeWriter(fileSystem: fileSystem, sizeLimit: ContentCheck.defaultSizeLimit)
                    .writeAll(encode(index, root: root), to: file, at: 0)
            } catch {
                try? fileSystem.closeFile(file)
                throw error
            }
            try fileSystem.closeFile(file)
            try fileSystem.rename(temporary, target)
        } catch {
            try? fileSystem.remove(temporary)
        }
    }

    /// ICU's and Unicode's versions: word boundaries and folding depend on them.
    static var unicodeVersions: String {
        String(cString: tiledit_icu_version()) + " " + String(cString: tiledit_icu_unicode_version())
    }

    // MARK: Encoding

    static func encode(_ index: SearchIndex, root: URL) -> [UInt8] {
        var writer = Writer()
        writer.bytes.append(contentsOf: magic)
        writer.u32(formatVersion)
        writer.string(unicodeVersions)
        writer.string(root.standardizedFileURL.path)
        writer.string(index.rootName)

        // Only the terms documents still hold, renumbered in order.
        let live = index.documents.compactMap { $0 }
        var used = [Bool](repeating: false, count: index.terms.count)
        for document in live {
            for term in document.terms { used[Int(term >> 3)] = true }
        }
        var renumbered = [UInt32](repeating: UInt32.max, count: index.terms.count)
        var storage: [UInt8] = []
        var starts: [UInt32] = [0]
        for id in 0..<index.terms.count where used[id] {
            renumbered[id] = UInt32(starts.count - 1)
            storage.append(contentsOf: index.terms.bytes(of: UInt32(id)))
            starts.append(UInt32(storage.count))
        }
        writer.u32(UInt32(starts.count - 1))
        writer.u32(UInt32(storage.count))
        writer.bytes.append(contentsOf: storage)
        for start in starts { writer.u32(start) }
        let sorted = index.sortedTerms.filter { Int($0) < used.count && used[Int($0)] }.map { renumbered[Int($0)] }
        for id in sorted { writer.u32(id) }

        writer.u32(UInt32(live.count))
        for document in live {
            writer.string(document.path)
            writer.u8(Self.code(of: document.kind))
            writer.u8(document.dialect == .tiledown ? 1 : 0)
            writer.u8(document.fingerprint == nil ? 0 : 1)
            writer.u64(UInt64(bitPattern: Int64(document.fingerprint?.size ?? 0)))
            writer.u64((document.fingerprint?.modificationTime ?? 0).bitPattern)
            writer.string(document.title)
            writer.u32(UInt32(document.tags.count))
            for tag in document.tags { writer.string(tag) }
            writer.u8(document.isDraft ? 1 : 0)
            writer.u32(UInt32(document.tileTypes.count))
            for type in document.tileTypes { writer.string(type) }
            writer.u32(UInt32(document.bytes.count))
            writer.bytes.append(contentsOf: document.bytes)
            let terms = document.terms.map { renumbered[Int($0 >> 3)] << 3 | ($0 & 7) }.sorted()
            writer.u32(UInt32(terms.count))
            for term in terms { writer.u32(term) }
        }
        let sum = writer.bytes.withUnsafeBufferPointer { checksum($0) }
        writer.u64(sum)
        return writer.bytes
    }

    // MARK: Decoding

    /// The index in `bytes`, or `nil` for anything but a well-formed cache
    /// file of this format, these Unicode versions and this folder.
    static func decode(_ bytes: [UInt8], root: URL) -> SearchIndex? {
        bytes.withUnsafeBufferPointer { buffer -> SearchIndex? in
            guard buffer.count >= magic.count + 8 else { return nil }
            let body = UnsafeBufferPointer(rebasing: buffer[..<(buffer.count - 8)])
            var trailer = Reader(buffer: UnsafeBufferPointer(rebasing: buffer[(buffer.count - 8)...]))
            guard let sum = trailer.u64(), sum == checksum(body) else { return nil }
            var reader = Reader(buffer: body)
            guard reader.bytes(magic.count).map({ $0.elementsEqual(magic) }) == true,
                  reader.u32() == formatVersion,
                  reader.string() == unicodeVersions,
                  reader.string() == root.standardizedFileURL.path,
                  let rootName = reader.string()
            else { return nil }

            guard let termCount = reader.count(), let storageCount = reader.count(), let storage = reader.bytes(storageCount),
                  let starts = reader.u32s(termCount + 1), let sorted = reader.u32s(termCount),
                  let table = ByteStringTable(storage: Array(storage), starts: starts)
            else { return nil }
            var seen = [Bool](repeating: false, count: termCount)
            for id in sorted {
                guard Int(id) < termCount, !seen[Int(id)] else { return nil }
                seen[Int(id)] = true
            }

            guard let documentCount = reader.count() else { return nil }
            var documents: [IndexedDocument] = []
            documents.reserveCapacity(documentCount)
            for _ in 0..<documentCount {
                guard let path = reader.string(), let kindCode = reader.u8(), let kind = Self.kind(code: kindCode),
                      let dialectCode = reader.u8(), dialectCode <= 1, let hasFingerprint = reader.u8(), hasFingerprint <= 1,
                      let size = reader.u64(), let time = reader.u64(), let title = reader.string(), let tagCount = reader.count()
                else { return nil }
                var tags: [String] = []
                for _ in 0..<tagCount {
                    guard let tag = reader.string() else { return nil }
                    tags.append(tag)
                }
                guard let draft = reader.u8(), draft <= 1, let typeCount = reader.count() else { return nil }
                var types: [String] = []
                for _ in 0..<typeCount {
                    guard let type = reader.string() else { return nil }
                    types.append(type)
                }
                guard let byteCount = reader.count(), let text = reader.bytes(byteCount),
                      let documentTermCount = reader.count(), let terms = reader.u32s(documentTermCount)
                else { return nil }
                for term in terms where Int(term >> 3) >= termCount || term & 7 == 0 { return nil }
                let fingerprint = hasFingerprint == 1
                    ? SearchFingerprint(size: Int(truncatingIfNeeded: Int64(bitPattern: size)), modificationTime: Double(bitPattern: time)) : nil
                documents.append(IndexedDocument(
                    path: path, kind: kind, dialect: dialectCode == 1 ? .tiledown : .yaml, fingerprint: fingerprint, title: title,
                    tags: tags, isDraft: draft == 1, tileTypes: types, bytes: Array(text), terms: terms))
            }
            guard reader.isAtEnd else { return nil }
            return SearchIndex(rootName: rootName, table: table, sortedTerms: sorted, kept: documents, outputs: [])
        }
    }

    private static func code(of kind: DocumentKind) -> UInt8 {
        switch kind {
        case .markdown: 0
        case .yaml: 1
        case .siteConfig: 2
        }
    }

    private static func kind(code: UInt8) -> DocumentKind? {
        switch code {
        case 0: .markdown
        case 1: .yaml
        case 2: .siteConfig
        default: nil
        }
    }

    /// A 64-bit checksum, eight bytes at a time (not cryptographic: it
    /// catches files cut short or damaged, not forged ones).
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                hash = (hash ^ word) &* 0x0000_0100_0000_01B3
                hash = hash << 31 | hash >> 33
                index += 8
            }
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        return hash ^ hash >> 29
    }

    // MARK: Bytes

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func u8(_ value: UInt8) { bytes.append(value) }

        mutating func u32(_ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func u64(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ text: String) {
            let utf8 = Array(text.utf8)
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Reads values, each checked against the end of the buffer.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset == buffer.count }

        mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
            guard count >= 0, count <= buffer.count - offset else { return nil }
            defer { offset += count }
            return UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)])
        }

        mutating func u8() -> UInt8? { bytes(1)?[0] }

        mutating func u32() -> UInt32? {
            guard let raw = bytes(4), let base = raw.baseAddress else { return nil }
            return UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self))
        }

        mutating func u64() -> UInt64? {
            guard let raw = bytes(8), let base = raw.baseAddress else { return nil }
            return UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        }

        /// A count of things still ahead: at most the bytes left.
        mutating func count() -> Int? {
            guard let value = u32(), Int(value) <= buffer.count - offset else { return nil }
            return Int(value)
        }

        mutating func u32s(_ count: Int) -> [UInt32]? {
            guard count >= 0, count <= (buffer.count - offset) / 4 else { return nil }
            var values: [UInt32] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = u32() else { return nil }
                values.append(value)
            }
            return values
        }

        mutating func string() -> String? {
            guard let length = count(), let raw = bytes(length) else { return nil }
            return String(validating: raw, as: UTF8.self)
        }
    }
}
