import ArgumentParser
import Foundation

/// Runs a program installed beside this one in place of this process, the way git runs `git-foo`.
enum Sibling {
    static func exec(_ name: String, _ arguments: [String], for feature: String) throws -> Never {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            let configuration = path.contains("/release/") ? "-c release " : ""
            FileHandle.standardError.write(Data("""
                instantsearch: \(feature) needs \(name) beside this binary (\(path)), and it is not built.
                Build it with: swift build \(configuration)--product \(name)

                """.utf8))
            throw ExitCode(2)
        }
        fflush(nil)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        FileHandle.standardError.write(Data("instantsearch: cannot run \(path): \(String(cString: strerror(errno)))\n".utf8))
        throw ExitCode(2)
    }
}
