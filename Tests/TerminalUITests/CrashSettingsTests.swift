import CCrashSettings
import Foundation
import Testing

/// The settings a release binary's constructor makes before Swift's runtime reads them
/// (CCrashSettings): what they say, where the backtracer and the report folder are found.
struct CrashSettingsTests {
    private func settings(report: String?, backtracer: String?, size: Int = 512) -> String? {
        var buffer = [CChar](repeating: 0, count: size)
        guard ccrash_settings(report, backtracer, &buffer, size) == 0 else { return nil }
        return String(cString: buffer)
    }

    @Test func aReportAndABacktracerAreNamedNonInteractive() {
        #expect(
            settings(report: "/s/r.log", backtracer: "/b/swift-backtrace")
                == "enable=yes,interactive=no,color=no,timeout=0s,output-to=/s/r.log,swift-backtrace=/b/swift-backtrace")
    }

    /// Without either, backtracing is off and the runtime is given an empty backtracer path,
    /// so it neither looks for one nor says "unable to locate swift-backtrace".
    @Test func withoutABacktracerBacktracingIsOffAndNothingIsLookedFor() {
        #expect(settings(report: nil, backtracer: "/b/swift-backtrace") == "enable=no,swift-backtrace=")
        #expect(settings(report: "/s/r.log", backtracer: nil) == "enable=no,swift-backtrace=")
    }

    /// A comma would end the setting and start another the path chose; a buffer too small
    /// is no truncated setting.
    @Test func aCommaOrATooSmallBufferIsRefused() {
        #expect(settings(report: "/s/a,b.log", backtracer: "/b/swift-backtrace") == nil)
        #expect(settings(report: "/s/r.log", backtracer: "/b,c/swift-backtrace") == nil)
        #expect(settings(report: "/s/r.log", backtracer: "/b/swift-backtrace", size: 40) == nil)
    }

    private func backtracer(for executable: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard ccrash_backtracer(executable, &buffer, buffer.count) == 0 else { return nil }
        return String(cString: buffer)
    }

    /// Beside the binary first (`make build`), then PREFIX/libexec/instantsearch (`make
    /// install`); only an executable file.
    @Test func theBacktracerIsFoundBesideTheBinaryThenInstalled() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("ccrash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let files = FileManager.default
        try files.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try files.createDirectory(atPath: prefix + "/libexec/instantsearch", withIntermediateDirectories: true)
        #expect(backtracer(for: prefix + "/bin/instantsearch") == nil)
        #expect(files.createFile(atPath: prefix + "/libexec/instantsearch/swift-backtrace", contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(backtracer(for: prefix + "/bin/instantsearch") == nil, "not executable")
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: prefix + "/libexec/instantsearch/swift-backtrace")
        #expect(backtracer(for: prefix + "/bin/instantsearch") == prefix + "/bin/../libexec/instantsearch/swift-backtrace")
        #expect(files.createFile(atPath: prefix + "/bin/swift-backtrace", contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(backtracer(for: prefix + "/bin/instantsearch") == prefix + "/bin/swift-backtrace")
    }

    private func folder(under stateHome: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard ccrash_report_folder(stateHome, &buffer, buffer.count) == 0 else { return nil }
        return String(cString: buffer)
    }

    /// Created owner-only when missing; never a link planted where the folder should be; a
    /// relative state folder is none.
    @Test func theReportFolderIsARealFolderOfTheUsers() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("ccrash-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(folder(under: state) == state + "/instantsearch/crashes")
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/instantsearch/crashes")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(folder(under: state) == state + "/instantsearch/crashes", "there already")
        try FileManager.default.removeItem(atPath: state + "/instantsearch/crashes")
        try FileManager.default.createDirectory(atPath: state + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: state + "/instantsearch/crashes", withDestinationPath: state + "/elsewhere")
        #expect(folder(under: state) == nil)
        #expect(folder(under: "relative/state") == nil)
    }

    /// The test runner's runtime is a shared library, read before any constructor of ours:
    /// nothing was made, CrashReport starts a debug binary again instead.
    @Test func aSharedRuntimeIsLeftToCrashReport() {
        #expect(ccrash_settings_made() == 0)
        #expect(ccrash_report_path() == nil)
    }
}
