/// The new text of a link destination after a `DocumentMove`
/// (ARCHITECTURE.md, "Renaming a document"), or `nil` when the link does
/// not change. A link changes when what it points at moved:
///
/// - a path relative to the linking document's folder (`../hello/index.md`,
///   `hello/`, `./cover.png`) or from the workspace root
///   (`/posts/hello/index.md`) naming the moved file, the moved folder or
///   something inside it;
/// - a root-relative site URL of the moved page (`/posts/hello/`, with or
///   without the final `/`), from its path or its slug;
/// - in a Tiledown workspace, `page:NAME` and `post:NAME` naming it;
/// - in the moved document itself, a relative path to something that did
///   not move (it is written again from the new folder).
///
/// The new text keeps the link's own style: relative stays relative (with
/// its `./`), root-relative stays so, a final `/` stays, the `?query` and
/// `#fragment` are kept byte for byte, and the path is written as the old
/// one was (angle brackets, percent-encoding, escapes). Schemes
/// (`https:`, `mailto:`), `//host` and `#fragment` alone never change.
public struct LinkRetargeter: Sendable {
    /// The move links follow.
    public let move: DocumentMove
    /// Page paths the moved page had (from its path and its slug), each
    /// with the page path it is published at after the move.
    public let pagePaths: [String: String]
    /// Whether `page:` and `post:` references are read (a Tiledown workspace).
    public let readsReferences: Bool
    /// The folder of posts (`postsDir`), for `post:` references.
    public let postsFolder: String
    /// Whether a workspace path (file or folder) exists before the move.
    public let exists: @Sendable (String) -> Bool

    /// A retargeter for `move`: `oldSlug` and `newSlug` are the moved
    /// page's slug before and after (`nil` without one); `exists` says
    /// whether a workspace path exists before the move.
    public init(
        move: DocumentMove, oldSlug: String?, newSlug: String?, readsReferences: Bool, postsFolder: String = "posts",
        exists: @escaping @Sendable (String) -> Bool
    ) {
        self.move = move
        let published = PageAddress.publishedPath(file: move.destination, slug: newSlug)
        var paths = [PageAddress.pagePath(ofFile: move.source): published]
        if let oldSlug, let slugPath = PageAddress.pagePath(ofSlug: oldSlug, file: move.source) { paths[slugPath] = published }
        // The home page is no page a move can take along.
        paths[""] = nil
        pagePaths = paths
        self.readsReferences = readsReferences
        self.postsFolder = PageAddress.trimmedSlashes(postsFolder)
        self.exists = exists
    }

    /// The new bytes of `destination` (as `LinkDestination.range` holds
    /// them) in the document at `linkingPath` (its path before the move),
    /// or `nil` when the link does not change.
    public func retarget(_ destination: LinkDestination, raw: ArraySlice<UInt8>, in linkingPath: String) -> [UInt8]? {
        let url = destination.url
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        if readsReferences, let reference = retargetReference(url, raw: raw) { return reference }
        guard !Self.hasScheme(url), !url.hasPrefix("//") else { return nil }

        // The path part, before `?` or `#`, in the URL and as written.
        let urlPathEnd = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let urlPath = String(url[..<urlPathEnd])
        guard let rawPathEnd = Self.suffixStart(in: raw) else { return nil }
        let rawPath = raw[raw.startIndex..<rawPathEnd]
        // Where an escape or reference hides the `?` or `#`, the two disagree: left alone.
        guard LinkText.unescaped(rawPath) == urlPath, !urlPath.isEmpty else { return nil }
        let rawSuffix = raw[rawPathEnd...]
        let path = PercentEncoding.decoded(urlPath) ?? urlPath

        let isRootRelative = path.hasPrefix("/")
        let endsWithSlash = path.hasSuffix("/")
        let linkingFolder = WorkspacePath.folder(of: linkingPath)
        guard let target = isRootRelative ? WorkspacePath.resolve(String(path.dropFirst()), from: "") : WorkspacePath.resolve(path, from: linkingFolder)
        else { return nil }
        let linkingMoved = move.mapped(linkingPath) != nil
        let newTarget: String
        if let mapped = move.mapped(target) {
            newTarget = mapped
        } else if isRootRelative, let published = pagePaths[target] {
            newTarget = published
        } else if linkingMoved, !isRootRelative, exists(target) {
            newTarget = target
        } else {
            return nil
        }

        var newPath: String
        if isRootRelative {
            newPath = "/" + newTarget
        } else {
            let newFolder = WorkspacePath.folder(of: move.following(linkingPath))
            newPath = WorkspacePath.relative(from: newFolder, to: newTarget)
            if newPath.isEmpty { newPath = "." }
            if path.hasPrefix("./") && !newPath.hasPrefix("..") && newPath != "." { newPath = "./" + newPath }
        }
        if endsWithSlash && !newPath.hasSuffix("/") { newPath += "/" }
        guard newPath != path else { return nil }
        let written = Self.written(newPath, like: rawPath, angleBracketed: destination.isAngleBracketed)
        let result = written + Array(rawSuffix)
        return result == Array(raw) ? nil : result
    }

    /// `page:NAME` and `post:NAME` (with a `#fragment` or `?query` kept):
    /// the new reference when NAME is the moved page.
    private func retargetReference(_ url: String, raw: ArraySlice<UInt8>) -> [UInt8]? {
        let kind: String
        if url.hasPrefix("page:") { kind = "page:" } else if url.hasPrefix("post:") { kind = "post:" } else { return nil }
        guard let rawEnd = Self.suffixStart(in: raw) else { return nil }
        let rawName = raw[raw.startIndex..<rawEnd]
        guard LinkText.unescaped(rawName).map({ $0.hasPrefix(kind) }) == true else { return nil }
        let nameEnd = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let name = PageAddress.trimmedSlashes(String(url[url.index(url.startIndex, offsetBy: kind.count)..<nameEnd]))
        let pagePath = kind == "page:" ? name : (postsFolder.isEmpty ? name : postsFolder + "/" + name)
        guard let published = pagePaths[pagePath] else { return nil }
        // A post stays a `post:` reference while it is under the posts folder.
        let newReference = kind == "post:" && !postsFolder.isEmpty && published.hasPrefix(postsFolder + "/")
            ? "post:" + published.dropFirst(postsFolder.count + 1) : "page:" + published
        let result = Self.written(newReference, like: rawName, angleBracketed: false) + Array(raw[rawEnd...])
        return result == Array(raw) ? nil : result
    }

    /// Where the `?query` or `#fragment` starts in the written destination
    /// (at an unescaped `?` or `#`), or its end; `nil` when a character
    /// reference is there (its `#` is not a fragment's).
    static func suffixStart(in raw: ArraySlice<UInt8>) -> Int? {
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == Byte.backslash {
                index += 2
                continue
            }
            if byte == Byte.hash || byte == UInt8(ascii: "?") {
                if index > raw.startIndex, raw[index - 1] == UInt8(ascii: "&") { return nil }
                return index
            }
            index += 1
        }
        return raw.endIndex
    }

    /// Whether `url` starts with a scheme (`https:`, `mailto:`, `page:`).
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.unicodeScalars.first, scheme.count >= 2, scheme.count <= 32,
              ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return scheme.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "." || $0 == "-" }
    }

    /// `path` written in the style of `old`: percent-encoded where the old
    /// path was, with what a bare destination cannot hold encoded or escaped.
    static func written(_ path: String, like old: ArraySlice<UInt8>, angleBracketed: Bool) -> [UInt8] {
        let encodes = PercentEncoding.holdsEscapes(old)
        var result: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case Byte.backslash:
                result += [Byte.backslash, byte]
            case Byte.lessThan, UInt8(ascii: ">"):
                result += angleBracketed ? [Byte.backslash, byte] : [byte]
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                result += angleBracketed ? [byte] : [Byte.backslash, byte]
            case Byte.space where angleBracketed:
                result.append(byte)
            case 0x00...0x20, 0x7F, Byte.hash, UInt8(ascii: "?"):
                result += PercentEncoding.escape(byte)
            case UInt8(ascii: "%"), 0x80...0xFF:
                result += encodes ? PercentEncoding.escape(byte) : [byte]
            case UInt8(ascii: "&"):
                // `&name;` would read as a character reference.
                result += [Byte.backslash, byte]
            default:
                result.append(byte)
            }
        }
        return result
    }
}
