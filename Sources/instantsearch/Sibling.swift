import ArgumentParser
import Foundation
import SearchCommandLine

/// Runs a program installed beside this one in place of this process, the way git runs `git-foo`.
enum Sibling {
    static func exec(_ name: String, _ arguments: [String], for feature: String) throws -> Never {
        let folder = URL(fileURLWithPath: ExecutablePath.current).deletingLastPathComponent()
        guard let path = candidates(name, besideFolder: folder).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            FileHandle.standardError.write(
                Data(
                    """
                    instantsearch: \(feature) needs \(name) beside this binary, in \(folder.path), and it is not there.
                    \(howToGet(name, besideFolder: folder))

                    """.utf8))
            throw ExitCode(2)
        }
        fflush(nil)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        FileHandle.standardError.write(Data("instantsearch: cannot run \(path): \(String(cString: strerror(errno)))\n".utf8))
        throw ExitCode(2)
    }

    /// Where to look: this binary's folder; in a SwiftPM build folder (`.build/<triple>/release`
    /// or `/debug`) the other configuration's folder too, so `make run`'s release binary finds a
    /// sibling built with a plain `swift build --product …` and the other way round.
    static func candidates(_ name: String, besideFolder folder: URL) -> [String] {
        var folders = [folder]
        if let other = otherConfiguration(of: folder) { folders.append(other) }
        return folders.map { $0.appendingPathComponent(name).path }
    }

    /// The exact command that puts the sibling where it is looked for.
    static func howToGet(_ name: String, besideFolder folder: URL) -> String {
        if otherConfiguration(of: folder) != nil {
            let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            // The flags `make build` uses: other flags would rebuild every module of the release build.
            let configuration = folder.lastPathComponent == "release" ? "-c release --static-swift-stdlib " : ""
            return "Build it with: cd \(root.path) && swift build \(configuration)--product \(name)"
        }
        let prefix = folder.deletingLastPathComponent().path
        return "Install it beside this binary with: make install PREFIX=\(prefix) (from the instantsearch source folder)"
    }

    /// `.build/<triple>/release` ↔ `.build/<triple>/debug`; nil outside a SwiftPM build folder.
    private static func otherConfiguration(of folder: URL) -> URL? {
        let parent = folder.deletingLastPathComponent()
        guard parent.deletingLastPathComponent().lastPathComponent.hasPrefix(".build") else { return nil }
        switch folder.lastPathComponent {
        case "release": return parent.appendingPathComponent("debug")
        case "debug": return parent.appendingPathComponent("release")
        default: return nil
        }
    }
}
