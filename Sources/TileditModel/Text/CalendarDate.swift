/// The one calendar rule for dates Tiledit reads or checks: front matter
/// `date` values, YAML timestamps and the YAML editor's date fields all
/// name a real day of the proleptic Gregorian calendar with it.
public enum CalendarDate {
    /// Whether `year`-`month`-`day` is a day of the Gregorian calendar
    /// (months 1–12, February 29 in leap years only: divisible by 4, and
    /// by 400 when divisible by 100). Years are not limited here: YAML's
    /// timestamps take `0000`, front matter dates start at `0001`.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}
