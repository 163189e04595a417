import CManualPage

#if canImport(Glibc)
import Glibc
#endif

/// `--man`: the manual this binary was built with, shown by `man` as fzf's `--man` does (the
/// page written to a private temporary file, `man` run on its path), or printed as it is when
/// `man` cannot show it.
enum ManualPage {
    static var text: [UInt8] {
        Array(UnsafeBufferPointer(start: instantsearch_manual_page(), count: instantsearch_manual_page_length()))
    }

    static func show() {
        let page = text
        if let path = writeTemporaryCopy(page) {
            defer { unlink(path) }
            if runMan(on: path) == 0 { return }
        }
        _ = writeAll(page, to: STDOUT_FILENO)
    }

    /// A file only we can read, named by mkstemps (O_EXCL): nothing else can be put in its place.
    private static func writeTemporaryCopy(_ page: [UInt8]) -> String? {
        let folder = temporaryFolder
        var template = Array("\(folder)/instantsearch-man.XXXXXX.1".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 2) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let path = String(cString: template)
        guard writeAll(page, to: descriptor) else {
            unlink(path)
            return nil
        }
        return path
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// `man PATH` in the foreground, with our standard streams; its exit status, or -1 when it
    /// could not start.
    private static func runMan(on path: String) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = ["man", path].map { word in word.withCString { strdup($0) } } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "man", nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// $TMPDIR when it is set, else /tmp.
    private static var temporaryFolder: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty, value.utf8.count < 4000 else { return "/tmp" }
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }
}
