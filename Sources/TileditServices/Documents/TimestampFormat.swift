import Foundation

/// Dates written into file names and front matter, in a given time zone.
struct TimestampFormat {
    let timeZone: TimeZone

    /// `YYYY-MM-DD`.
    func day(_ date: Date) -> String {
        let parts = components(date)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
    }

    /// `HHMMSS`.
    func time(_ date: Date) -> String {
        let parts = components(date)
        return "\(pad(parts.hour, 2))\(pad(parts.minute, 2))\(pad(parts.second, 2))"
    }

    private func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    private func pad(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
    }
}
