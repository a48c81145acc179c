import Foundation

/// A parser for the three HTTP-date forms of RFC 9110 (section 5.6.7), over ASCII bytes.
///
/// Why not `DateFormatter`: a header value comes from a server, and Foundation's formatter
/// traps on some inputs (a letter followed by a combining mark, on Linux). This parser reads
/// fixed positions of plain ASCII, checks every field's range before using it, and does
/// integer arithmetic only on those small, checked numbers.
enum HTTPDate {
    /// The date in `bytes`, or `nil` if they are not exactly one of:
    /// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`;
    /// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (a two-digit year is the one nearest
    ///   to, and not more than 50 years after, the year of `reference`);
    /// - asctime: `Sun Nov  6 08:49:37 1994`.
    ///
    /// Names of days and months are case-sensitive, as the RFC says. The day of the week is
    /// checked to be a day name, not to match the date (the RFC lets recipients ignore it).
    static func parse(_ bytes: ArraySlice<UInt8>, reference: Date = Date()) -> Date? {
        let text = Array(bytes)
        return imfFixdate(text) ?? rfc850(text, reference: reference) ?? asctime(text)
    }

    private static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`: exactly 29 bytes.
    private static func imfFixdate(_ text: [UInt8]) -> Date? {
        guard text.count == 29, shortDays.contains(string(text, 0, 3)),
            literal(text, 3, ", "), literal(text, 7, " "), literal(text, 11, " "),
            literal(text, 16, " "), literal(text, 25, " GMT"),
            let day = number(text, 5, 2), let month = month(text, 8),
            let year = number(text, 12, 4), let time = time(text, 17)
        else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`: a full day name, then 24 bytes.
    private static func rfc850(_ text: [UInt8], reference: Date) -> Date? {
        guard let comma = text.firstIndex(of: UInt8(ascii: ",")),
            longDays.contains(string(text, 0, comma)), text.count == comma + 24,
            literal(text, comma, ", "), literal(text, comma + 4, "-"),
            literal(text, comma + 8, "-"), literal(text, comma + 11, " "),
            literal(text, comma + 20, " GMT"),
            let day = number(text, comma + 2, 2), let month = month(text, comma + 5),
            let shortYear = number(text, comma + 9, 2), let time = time(text, comma + 12)
        else { return nil }
        // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
        let currentYear = year(of: reference)
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `Sun Nov  6 08:49:37 1994` (a one-digit day is preceded by a space): 24 bytes.
    private static func asctime(_ text: [UInt8]) -> Date? {
        guard text.count == 24, shortDays.contains(string(text, 0, 3)),
            literal(text, 3, " "), literal(text, 7, " "), literal(text, 10, " "),
            literal(text, 19, " "), let month = month(text, 4), let time = time(text, 11),
            let year = number(text, 20, 4)
        else { return nil }
        let day: Int?
        if text[8] == UInt8(ascii: " ") {
            day = number(text, 9, 1)
        } else {
            day = number(text, 8, 2)
        }
        guard let day else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    /// The bytes `text[start..<start + count]` as a string ("" if out of range).
    private static func string(_ text: [UInt8], _ start: Int, _ count: Int) -> String {
        guard start >= 0, count >= 0, start <= text.count, count <= text.count - start else {
            return ""
        }
        return String(decoding: text[start..<start + count], as: UTF8.self)
    }

    /// Whether `expected` appears in `text` at `start`.
    private static func literal(_ text: [UInt8], _ start: Int, _ expected: String) -> Bool {
        string(text, start, expected.utf8.count) == expected
    }

    /// `count` ASCII digits at `start` as a number, or `nil`.
    private static func number(_ text: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, count > 0, count <= 4, start <= text.count, count <= text.count - start
        else { return nil }
        var value = 0
        for byte in text[start..<start + count] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The month named by the three bytes at `start`, 1...12.
    private static func month(_ text: [UInt8], _ start: Int) -> Int? {
        months.firstIndex(of: string(text, start, 3)).map { $0 + 1 }
    }

    /// `HH:MM:SS` at `start`, as seconds since midnight (a leap second 60 is accepted).
    private static func time(_ text: [UInt8], _ start: Int) -> Int? {
        guard literal(text, start + 2, ":"), literal(text, start + 5, ":"),
            let hour = number(text, start, 2), let minute = number(text, start + 3, 2),
            let second = number(text, start + 6, 2), hour < 24, minute < 60, second <= 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// The date of a checked civil date and time in UTC, or `nil` if the day does not exist.
    private static func date(year: Int, month: Int, day: Int, time: Int) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, year: year)
        else {
            return nil
        }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + time))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (years 0...9999 here, so every
    /// product stays small).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC year of `date`, for the two-digit years of RFC 850 (1970 for a date that is
    /// not finite or out of 1970...9999).
    private static func year(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else { return 1970 }
        // Whole days since 1970, under 3 million: the conversion cannot trap.
        var days = Int(seconds / 86_400)
        var year = 1970
        while true {
            let length = daysIn(month: 2, year: year) == 29 ? 366 : 365
            if days < length { return year }
            days -= length
            year += 1
        }
    }
}
