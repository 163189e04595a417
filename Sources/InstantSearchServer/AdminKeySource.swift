#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where the admin key comes from. On the command line every local user sees it in `ps`, so
/// it can also come from a file only its owner reads, or from the environment.
public enum AdminKeySource {
    public static let environmentVariable = "INSTANTSEARCH_ADMIN_KEY"

    /// `--admin-key`, else `--admin-key-file`, else the environment variable (empty counts as
    /// unset). Both options at once is an error: which one was meant cannot be guessed.
    public static func resolve(option: String?, file: String?, environment: [String: String]) throws -> String? {
        if option != nil, file != nil {
            throw ServerError.badRequest("give --admin-key or --admin-key-file, not both")
        }
        if let option {
            guard !option.isEmpty else { throw ServerError.badRequest("--admin-key cannot be empty") }
            return option
        }
        if let file { return try read(file) }
        if let value = environment[environmentVariable], !value.isEmpty { return value }
        return nil
    }

    /// The file's first line, without surrounding whitespace (editors add a final newline).
    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerError.badRequest("--admin-key-file \(path): no such file, or not readable")
        }
        let text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        let key = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingBlanks() } ?? ""
        guard !key.isEmpty else { throw ServerError.badRequest("--admin-key-file \(path): the file holds no key") }
        return key
    }
}
