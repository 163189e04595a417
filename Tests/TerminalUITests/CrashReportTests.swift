import Foundation
import Testing

@testable import TerminalUI

/// The crash settings a statically linked binary needs: its installed backtracer, named.
struct CrashReportTests {
    @Test func theSettingsNameTheBacktracerWhenThereIsOne() {
        #expect(CrashReport.settings(report: "/s/r.log") == "enable=yes,interactive=no,color=no,timeout=0s,output-to=/s/r.log")
        #expect(
            CrashReport.settings(report: "/s/r.log", backtracer: "/p/libexec/instantsearch/swift-backtrace")
                == "enable=yes,interactive=no,color=no,timeout=0s,output-to=/s/r.log,swift-backtrace=/p/libexec/instantsearch/swift-backtrace")
    }

    /// `PREFIX/bin/instantsearch` finds `PREFIX/libexec/instantsearch/swift-backtrace` when it
    /// is there and executable, and nothing otherwise.
    @Test func anInstalledBinaryFindsTheBacktracerInstalledWithIt() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let executable = prefix + "/bin/instantsearch"
        let backtracer = prefix + "/libexec/instantsearch/swift-backtrace"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/libexec/instantsearch", withIntermediateDirectories: true)
        #expect(CrashReport.installedBacktracer(executable: executable) == nil, "none installed")
        #expect(FileManager.default.createFile(atPath: backtracer, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(CrashReport.installedBacktracer(executable: executable) == nil, "not executable")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: backtracer)
        #expect(CrashReport.installedBacktracer(executable: executable) == prefix + "/bin/../libexec/instantsearch/swift-backtrace")
    }
}
