/// Where an `embed` tile's video comes from, read from its `url` (the forms
/// ARCHITECTURE.md, "The Tiledown format" and `TileValidator` accept).
enum VideoSource: Equatable {
    /// A YouTube video (`watch?v=ID`, `youtu.be/ID`, `/embed/ID`).
    case youTube(id: String)
    /// A Vimeo video (`vimeo.com/ID`, `player.vimeo.com/video/ID`).
    case vimeo(id: String)
    /// An https `.mp4`, `.webm` or `.ogg` file and its media type.
    case file(url: String, mediaType: String)

    private static let youTubeWatchPrefixes = ["https://www.youtube.com/watch?", "https://youtube.com/watch?", "https://m.youtube.com/watch?"]
    private static let youTubePathPrefixes = [
        "https://youtu.be/", "https://www.youtube.com/embed/", "https://youtube.com/embed/",
        "https://www.youtube-nocookie.com/embed/", "https://youtube-nocookie.com/embed/",
    ]
    private static let vimeoPrefixes = ["https://vimeo.com/", "https://www.vimeo.com/", "https://player.vimeo.com/video/"]
    private static let mediaTypes = [".mp4": "video/mp4", ".webm": "video/webm", ".ogg": "video/ogg"]

    /// Reads `url`; `nil` when it is none of the supported forms.
    init?(url: String) {
        let url = url.trimmingSpaces()
        if let rest = Self.rest(of: url, after: Self.youTubeWatchPrefixes) {
            let query = rest.prefix { $0 != "#" }
            for item in query.split(separator: "&") where item.hasPrefix("v=") {
                let id = String(item.dropFirst(2))
                if Self.isYouTubeID(id) {
                    self = .youTube(id: id)
                    return
                }
            }
            return nil
        }
        if let rest = Self.rest(of: url, after: Self.youTubePathPrefixes) {
            let id = String(rest.prefix { $0 != "?" && $0 != "#" && $0 != "/" })
            guard Self.isYouTubeID(id) else { return nil }
            self = .youTube(id: id)
            return
        }
        if let rest = Self.rest(of: url, after: Self.vimeoPrefixes) {
            let id = String(rest.prefix { $0 != "?" && $0 != "#" && $0 != "/" })
            guard !id.isEmpty, id.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            self = .vimeo(id: id)
            return
        }
        if Self.rest(of: url, after: ["https://"]) != nil {
            let path = url.prefix { $0 != "?" && $0 != "#" }.lowercased()
            for (suffix, mediaType) in Self.mediaTypes where path.hasSuffix(suffix) {
                self = .file(url: url, mediaType: mediaType)
                return
            }
        }
        return nil
    }

    /// The address of the player page an `<iframe>` shows, for YouTube
    /// (the privacy-enhanced no-cookie domain) and Vimeo.
    var playerURL: String? {
        switch self {
        case .youTube(let id): "https://www.youtube-nocookie.com/embed/\(id)"
        case .vimeo(let id): "https://player.vimeo.com/video/\(id)"
        case .file: nil
        }
    }

    /// The text after the first of `prefixes` that starts `url` (compared
    /// ignoring ASCII case), or `nil`.
    private static func rest(of url: String, after prefixes: [String]) -> Substring? {
        for prefix in prefixes {
            let head = url.utf8.prefix(prefix.utf8.count)
            if head.count == prefix.utf8.count && zip(head, prefix.utf8).allSatisfy({ asciiLowercased($0) == $1 }) {
                return url[head.endIndex...]
            }
        }
        return nil
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// YouTube ids use letters, digits, `-` and `_`.
    private static func isYouTubeID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}
