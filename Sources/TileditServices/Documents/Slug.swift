import Foundation

/// URL-safe names made from titles: lowercase ASCII letters and digits
/// joined by single hyphens.
public enum Slug {
    /// The slug of `title`: accents removed (`Café` → `cafe`), letters
    /// lowercased, every run of other characters one `-`, no `-` at either
    /// end; `untitled` when nothing is left.
    public static func make(from title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let isWordCharacter = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isWordCharacter {
                if pendingHyphen && !result.isEmpty { result += "-" }
                pendingHyphen = false
                result.unicodeScalars.append(scalar)
            } else if scalar >= "A" && scalar <= "Z" {
                if pendingHyphen && !result.isEmpty { result += "-" }
                pendingHyphen = false
                result.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            } else if scalar != "'" && scalar != "\u{2019}" {
                pendingHyphen = true
            }
        }
        return result.isEmpty ? "untitled" : result
    }
}
