#if canImport(Glibc)
import Glibc
#endif

/// Times as a person reads them on a status line or in a listing, in the local time zone of
/// the C library (TZ, /etc/localtime): no formatter, no ICU.
public enum LocalTime {
    /// Now, `HH:mm:ss`.
    public static func timeOfDay() -> String {
        guard let parts = parts(time(nil)) else { return "??:??:??" }
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map(twoDigits).joined(separator: ":")
    }

    /// `yyyy-MM-dd HH:mm` of a time in seconds since 1970.
    public static func dateAndMinute(secondsSince1970 seconds: Double) -> String {
        guard let parts = parts(time_t(seconds.rounded(.down))) else { return "????-??-?? ??:??" }
        let date = "\(1900 + Int(parts.tm_year))-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))"
        return date + " \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min))"
    }

    private static func parts(_ seconds: time_t) -> tm? {
        var seconds = seconds
        var parts = tm()
        return localtime_r(&seconds, &parts) == nil ? nil : parts
    }

    private static func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
