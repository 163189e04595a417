import CCrashSettings
import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

/// Where a crash's report goes, and no interactive backtracer holding the terminal.
///
/// The Swift runtime catches crashes and runs its backtracer, which by default asks on a
/// terminal "Press space to interact…" and waits 30 s before the process may end. It reads
/// its settings (`SWIFT_BACKTRACE`) once, in a constructor, before `main`. A binary holding
/// the runtime (a release build) has them made by a constructor that runs before the
/// runtime's (CCrashSettings): one start, nothing looked for that a run does not use.
/// A binary whose runtime is a shared library (a debug build) has had the runtime read
/// them before any code of its own runs: `prepare` sets them and executes the same program
/// again (same pid, same arguments, nothing read yet), which then finds them. The report
/// goes to a file — `$XDG_STATE_HOME/instantsearch/crashes/` (by default
/// `~/.local/state/instantsearch/crashes/`), one file per run — and a crash says on
/// standard error, after the terminal is restored, which file that is. Without a backtracer
/// (none beside the binary or installed with it) backtracing is off, quietly: the runtime
/// would otherwise say "unable to locate swift-backtrace" at every start.
///
/// A `SWIFT_BACKTRACE` the user set is left as it is (they chose their settings).
public enum CrashReport {
    /// Set in the environment of the second start, holding the report's path.
    static let reportVariable = "INSTANTSEARCH_CRASH_REPORT"

    /// Call first in `main`, before reading standard input or starting threads: it may
    /// replace the process image (a debug build only). `program` names the report file and
    /// the message.
    public static func prepare(program: String) {
        if ccrash_settings_made() != 0 {
            // Read by the runtime already; the commands this process runs (previews, --bind
            // execute, a --tmux popup) start with the environment the user gave it.
            unsetenv("SWIFT_BACKTRACE")
            if let report = ccrash_report_path() {
                SignalGuard.installCrashHandlers(message: "\n\(program) crashed; the crash report is in \(String(cString: report))\n")
            } else {
                SignalGuard.installCrashHandlers()
            }
            return
        }
        if let report = environment(reportVariable), let settings = environment("SWIFT_BACKTRACE"),
            settings.contains("output-to=\(report)")
        {
            unsetenv(reportVariable)
            unsetenv("SWIFT_BACKTRACE")
            SignalGuard.installCrashHandlers(message: "\n\(program) crashed; the crash report is in \(report)\n")
            return
        }
        // A runtime linked in that the constructor did not prepare reads nothing again: no
        // second start for it.
        guard environment("SWIFT_BACKTRACE") == nil, runtimeIsShared(), let directory = reportDirectory() else {
            SignalGuard.installCrashHandlers()
            return
        }
        let report = "\(directory)/\(program)-\(timestamp())-\(getpid()).log"
        let executable = executablePath()
        setenv(reportVariable, report, 1)
        let backtracer = executable.flatMap(installedBacktracer)
        setenv("SWIFT_BACKTRACE", settings(report: report, backtracer: backtracer, runtimeFindsItsOwn: true), 1)
        fflush(nil)
        // The file /proc/self/exe points to, not the link: the process's name (`ps`, `pgrep`,
        // `killall`) comes from the path executed, and would otherwise read "exe".
        execv(executable ?? "/proc/self/exe", CommandLine.unsafeArgv)
        // Could not start again (no /proc?): no report file, but no prompt either from
        // our side; the runtime's defaults stay.
        unsetenv(reportVariable)
        unsetenv("SWIFT_BACKTRACE")
        SignalGuard.installCrashHandlers()
    }

    /// Non-interactive, plain text, the whole report (every thread, registers, images); the
    /// backtracer named when one is given. Without one, a runtime linked into the binary finds
    /// none either and says so on standard error at every start ("unable to locate
    /// swift-backtrace"), onto the prompt of a shell key: backtracing is then off, quietly.
    static func settings(report: String, backtracer: String? = nil, runtimeFindsItsOwn: Bool = true) -> String {
        guard backtracer != nil || runtimeFindsItsOwn else { return "enable=no" }
        return "enable=yes,interactive=no,color=no,timeout=0s,output-to=\(report)" + (backtracer.map { ",swift-backtrace=\($0)" } ?? "")
    }

    /// Whether Swift's runtime is a shared library (a debug build): it then finds the
    /// toolchain's backtracer beside itself. A release binary holds the runtime.
    static func runtimeIsShared() -> Bool {
        guard let handle = dlopen("libswiftCore.so", RTLD_LAZY | RTLD_NOLOAD) else { return false }
        dlclose(handle)
        return true
    }

    /// The backtracer beside the binary (where `make build` puts one in `.build/release`), else
    /// the one `make install` puts in `PREFIX/libexec/instantsearch` for a binary in
    /// `PREFIX/bin`, if it is there. `executable` is the binary's real path (/proc/self/exe),
    /// so a symbolic link to `.build/release/instantsearch` finds the build's. A release binary
    /// holds Swift's runtime (it is linked statically), and such a runtime looks only in the
    /// folder of the path it was started by; without one it reports no crash. A dynamically
    /// linked binary finds the toolchain's. Nil for a path with a comma, which would end the setting.
    static func installedBacktracer(executable: String) -> String? {
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let folder = String(executable[..<slash])
        return [folder + "/swift-backtrace", folder + "/../libexec/instantsearch/swift-backtrace"].first { path in
            !path.contains(",") && access(path, X_OK) == 0
        }
    }

    /// The crash folder, created (owner only: a report holds memory contents) if missing;
    /// nil if it cannot be, or if it is not a real folder of the user's (a link planted there
    /// would send the report elsewhere).
    static func reportDirectory(stateHome: String? = stateHome()) -> String? {
        guard let stateHome else { return nil }
        let path = stateHome + "/instantsearch/crashes"
        guard (try? StateFile.makeFolder(path)) != nil else { return nil }
        return access(path, W_OK) == 0 ? path : nil
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`; nil without an absolute one.
    private static func stateHome() -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.local/state" }
        return nil
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// UTC, sortable: 20261123T183012.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
