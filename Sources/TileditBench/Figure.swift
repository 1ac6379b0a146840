/// One row of the benchmark report: our measurement, the anchor measured
/// beside it in the same run, their ratio, and the target it must meet.
struct Figure: Sendable {
    /// A measured amount.
    enum Quantity: Sendable {
        /// A median time.
        case duration(Duration)
        /// A number of bytes.
        case bytes(Int)

        /// Seconds or bytes, for ratios.
        var magnitude: Double {
            switch self {
            case .duration(let duration):
                Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            case .bytes(let count):
                Double(count)
            }
        }

        /// `812 µs`, `12.3 ms`, `1.20 s`, `48.1 MB` (decimal units).
        var formatted: String {
            switch self {
            case .duration:
                let seconds = magnitude
                if seconds < 1e-3 { return "\(Self.decimal(seconds * 1e6, places: seconds < 1e-5 ? 2 : 1)) µs" }
                if seconds < 1 { return "\(Self.decimal(seconds * 1e3, places: 2)) ms" }
                return "\(Self.decimal(seconds, places: 2)) s"
            case .bytes(let count):
                if count < 1_000_000 { return "\(Self.decimal(Double(count) / 1e3, places: 1)) KB" }
                return "\(Self.decimal(Double(count) / 1e6, places: 1)) MB"
            }
        }

        /// `value` with `places` digits after the point, rounded half up.
        static func decimal(_ value: Double, places: Int) -> String {
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let scaled = Int((abs(value) * scale).rounded())
            let whole = scaled / Int(scale)
            let fraction = scaled % Int(scale)
            var fractionText = String(fraction)
            while fractionText.count < places { fractionText = "0" + fractionText }
            return (value < 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fractionText : "")
        }
    }

    /// What a figure must meet. A figure without a target is informative.
    enum Target: Sendable {
        /// Ours divided by the anchor is at most this.
        case ratioAtMost(Double)
        /// Ours divided by the anchor is below this.
        case ratioBelow(Double)
        /// Our time is below this.
        case durationBelow(Duration)
        /// Every one of these.
        indirect case all([Target])

        /// `≤ 2x`, `< 6x`, `< 1 ms`, joined with `, `.
        var formatted: String {
            switch self {
            case .ratioAtMost(let limit): "≤ \(Self.limitText(limit))"
            case .ratioBelow(let limit): "< \(Self.limitText(limit))"
            case .durationBelow(let limit): "< \(Self.trimmedZeros(Quantity.duration(limit).formatted))"
            case .all(let targets): targets.map(\.formatted).joined(separator: ", ")
            }
        }

        /// `1.00 ms` → `1 ms`.
        private static func trimmedZeros(_ text: String) -> String {
            guard let point = text.firstIndex(of: "."), let space = text.firstIndex(of: " ") else { return text }
            var number = String(text[..<space])
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(".") { number.removeLast() }
            return point < space ? number + text[space...] : text
        }

        private static func limitText(_ limit: Double) -> String {
            limit == limit.rounded() && abs(limit) < 1e9 ? "\(Int(limit))x" : Figure.ratioText(limit)
        }

        /// Whether `figure` meets the target (`false` when it needs a ratio
        /// and the figure has none).
        func isMet(by figure: Figure) -> Bool {
            switch self {
            case .ratioAtMost(let limit): figure.ratio.map { $0 <= limit } ?? false
            case .ratioBelow(let limit): figure.ratio.map { $0 < limit } ?? false
            case .durationBelow(let limit): if case .duration(let ours) = figure.ours { ours < limit } else { false }
            case .all(let targets): targets.allSatisfy { $0.isMet(by: figure) }
            }
        }
    }

    /// What was measured, e.g. `open 10 MB`.
    var name: String
    /// Our measurement.
    var ours: Quantity
    /// What the anchor is, e.g. `cmark-gfm parse`; `nil` without an anchor.
    var anchorName: String?
    /// The anchor's measurement.
    var anchor: Quantity?
    var target: Target?

    /// Ours divided by the anchor.
    var ratio: Double? {
        guard let anchor, anchor.magnitude > 0 else { return nil }
        return ours.magnitude / anchor.magnitude
    }

    /// Whether the target is met; `nil` for an informative figure.
    var passed: Bool? { target.map { $0.isMet(by: self) } }

    /// `1.843x` (three decimals below 10, so a ratio just over a limit
    /// does not print as the limit), `12.4x`.
    static func ratioText(_ ratio: Double) -> String {
        Quantity.decimal(ratio, places: ratio < 10 ? 3 : 1) + "x"
    }
}
