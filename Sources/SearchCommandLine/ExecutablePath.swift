import Foundation

/// This binary's own path: to run itself again (`--tmux`'s popup) or a sibling beside it.
public enum ExecutablePath {
    public static var current: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
