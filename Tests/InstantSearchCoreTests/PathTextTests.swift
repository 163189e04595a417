import Foundation
import InstantSearchCore
import Testing

/// File paths cut as NSString cuts them, and the time of day as a formatter writes it: what
/// the engine and the interface used Foundation for, now without it.
@Suite("PathText and LocalTime: NSString's and DateFormatter's answers, without Foundation")
struct PathTextTests {
    @Test(arguments: [
        "/a/b.tar.gz", "b.json", "dir/", "/", "", ".bashrc", "/x/.hidden", "a/b/c", "a.b/c", "trailing.dot.", "//double//slash.csv", "/top",
        "rel/../x.ndjson",
    ])
    func aPathIsCutAsNSStringCutsIt(path: String) {
        let ns = path as NSString
        #expect(PathText.lastComponent(path) == ns.lastPathComponent, "last component")
        #expect(PathText.pathExtension(path) == ns.pathExtension, "extension")
        #expect(PathText.deletingExtension(path) == ns.deletingPathExtension, "without extension")
        #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent, "folder")
    }

    @Test func theTimeOfDayIsWhatAFormatterWrites() {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let before = formatter.string(from: Date())
        let ours = LocalTime.timeOfDay()
        let after = formatter.string(from: Date())
        #expect(ours == before || ours == after)
    }

    @Test(arguments: [0.0, 1_700_000_000, 1_709_251_199.9, 951_782_400])
    func aDateIsWhatAFormatterWrites(seconds: Double) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        #expect(LocalTime.dateAndMinute(secondsSince1970: seconds) == formatter.string(from: Date(timeIntervalSince1970: seconds)))
    }

    @Test(arguments: [(Duration.milliseconds(1234), "1.234 s"), (.milliseconds(5), "0.005 s"), (.seconds(61), "61.000 s")])
    func aDurationReadsInSeconds(duration: Duration, text: String) {
        #expect(duration.secondsText == text)
    }
}
