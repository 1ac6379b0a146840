import Foundation
import Testing
import TileditModel

@Suite("Calendar dates")
struct CalendarDateTests {
    /// Every month and day number from 0 to 13 and 0 to 32, over years
    /// around every kind of leap rule (1900, 2000, 2024, 2100), against
    /// Foundation's Gregorian calendar.
    @Test func agreesWithTheGregorianCalendarOnEveryDayOfTheseYears() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in [1600, 1899, 1900, 1904, 1999, 2000, 2023, 2024, 2025, 2026, 2028, 2100, 2400] {
            for month in 0...13 {
                for day in 0...32 {
                    let components = DateComponents(year: year, month: month, day: day)
                    let real = components.isValidDate(in: calendar)
                    #expect(CalendarDate.isValid(year: year, month: month, day: day) == real, "\(year)-\(month)-\(day)")
                }
            }
        }
    }

    /// The YAML editor's date fields, front matter and `check` use this rule.
    @Test func frontMatterDatesAreReportedWithTheCalendarRule() {
        for (value, isDay) in [("2024-02-29", true), ("2026-02-29", false), ("2100-02-29", false), ("2000-02-29", true), ("2026-04-31", false), ("2026-12-31", true), ("0000-01-01", false), ("2026-1-05", false)] {
            let document = MarkdownDocument("---\ndate: \(value)\n---\n", dialect: .tiledown)
            let messages = document.diagnostics.map(\.message)
            #expect(messages == (isDay ? [] : ["`date` must be a date written YYYY-MM-DD; found `\(value)`"]), "\(value)")
        }
    }

    /// YAML front matter takes the date-times generators write and read
    /// (Jekyll's `2024-03-05 10:20:30 +0100`), naming a real day and time;
    /// Tiledown's flat front matter only `YYYY-MM-DD`.
    @Test(arguments: [
        ("2024-03-05 10:20:30 +0100", true), ("2024-03-05 10:20", true), ("2024-03-05T10:20:30+01:00", true),
        ("2024-03-05 10:20:30 -05:00", true), ("2024-03-05 10:20:30", true), ("2024-03-05T10:20:30.250Z", true),
        ("2024-03-05  10:20:30Z", true), ("2024-03-05 10:20:30 +01", true),
        ("2024-02-30 10:20", false), ("2024-03-05 24:00", false), ("2024-03-05 10:60", false), ("2024-03-05 10:20:30 +0160", false),
        ("2024-03-05 10:20:30 CET", false), ("2024-03-05 10", false), ("2024-03-05 10:20:30 +01:0", false), ("2024-03-05x10:20", false),
    ])
    func yamlFrontMatterTakesTheDateTimesGeneratorsRead(value: String, isDateTime: Bool) {
        let yaml = MarkdownDocument("---\ndate: \(value)\n---\n", dialect: .yaml).diagnostics.map(\.message)
        #expect(yaml == (isDateTime ? [] : ["`date` must be a date written YYYY-MM-DD; found `\(value)`"]), "\(value)")
        let flat = MarkdownDocument("---\ndate: \(value)\n---\n", dialect: .tiledown).diagnostics.map(\.message)
        #expect(flat == ["`date` must be a date written YYYY-MM-DD; found `\(value)`"], "\(value)")
    }
}
