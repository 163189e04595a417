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

    /// A binary holding Swift's runtime with no backtracer found (a release build folder without
    /// one): backtracing off, so that the runtime writes no "unable to locate swift-backtrace"
    /// line at every start; a shared runtime (a debug build) finds the toolchain's itself.
    @Test func withoutABacktracerToFindBacktracingIsOffQuietly() {
        #expect(CrashReport.settings(report: "/s/r.log", backtracer: nil, runtimeFindsItsOwn: false) == "enable=no")
        #expect(
            CrashReport.settings(report: "/s/r.log", backtracer: nil, runtimeFindsItsOwn: true)
                == "enable=yes,interactive=no,color=no,timeout=0s,output-to=/s/r.log")
        #expect(
            CrashReport.settings(report: "/s/r.log", backtracer: "/b/swift-backtrace", runtimeFindsItsOwn: false)
                == "enable=yes,interactive=no,color=no,timeout=0s,output-to=/s/r.log,swift-backtrace=/b/swift-backtrace")
    }

    /// `.build/release/instantsearch` (or a link to it: the path given is the real one) finds
    /// the backtracer `make build` puts beside it, before an installed one.
    @Test func aBuildFindsTheBacktracerBesideIt() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        try FileManager.default.createDirectory(atPath: prefix + "/release", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/libexec/instantsearch", withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(
                atPath: prefix + "/libexec/instantsearch/swift-backtrace", contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(CrashReport.installedBacktracer(executable: prefix + "/release/instantsearch") == prefix + "/release/../libexec/instantsearch/swift-backtrace")
        #expect(FileManager.default.createFile(atPath: prefix + "/release/swift-backtrace", contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(CrashReport.installedBacktracer(executable: prefix + "/release/instantsearch") == prefix + "/release/swift-backtrace")
    }

    /// The test runner links Swift's runtime as a shared library, as a debug build does.
    @Test func aDebugBuildsRuntimeIsShared() {
        #expect(CrashReport.runtimeIsShared())
    }

    /// The report holds memory contents: it goes to a folder of the user's, never through a link
    /// planted where the folder should be.
    @Test func theReportFolderIsARealFolderOfTheUsers() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("crash-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(CrashReport.reportDirectory(stateHome: state) == state + "/instantsearch/crashes")
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/instantsearch/crashes")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try FileManager.default.removeItem(atPath: state + "/instantsearch/crashes")
        try FileManager.default.createDirectory(atPath: state + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: state + "/instantsearch/crashes", withDestinationPath: state + "/elsewhere")
        #expect(CrashReport.reportDirectory(stateHome: state) == nil)
    }
}
