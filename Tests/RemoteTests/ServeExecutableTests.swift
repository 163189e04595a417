import Foundation
import Testing

/// `instantsearch serve` itself: where the admin key comes from, what a busy port
/// says, and a request that used to kill the process. A crash here fails one test, not the run.
@Suite("serve: the executable", .serialized)
struct ServeExecutableTests {
    static var binary: String {
        let directory =
            ProcessInfo.processInfo.environment["INSTANTSEARCH_BIN"].map {
                URL(fileURLWithPath: $0).deletingLastPathComponent()
            } ?? Demo.root.appendingPathComponent(".build/debug")
        return directory.appendingPathComponent("instantsearch").path
    }

    /// A running `instantsearch serve` on a free port; stopped by `stop()`.
    final class Served: @unchecked Sendable {
        let process = Process()
        let port: UInt16
        let errors = Pipe()

        /// `shell`: a prefix run by /bin/sh before the binary (such as "ulimit -n 256 && exec").
        init(_ arguments: [String], environment: [String: String] = [:], shell: String? = nil) throws {
            try #require(
                FileManager.default.isExecutableFile(atPath: ServeExecutableTests.binary),
                "build it first: swift build --product instantsearch")
            let arguments = ["serve"] + arguments + ["--port", "0", Demo.path("products.json")]
            if let shell {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "\(shell) \"$0\" \"$@\"", ServeExecutableTests.binary] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: ServeExecutableTests.binary)
                process.arguments = arguments
            }
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "INSTANTSEARCH_ADMIN_KEY")
            env.merge(environment) { $1 }
            process.environment = env
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // The start line says the port: "listening on http://127.0.0.1:PORT (indices: …)".
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
                let port = UInt16(text[range].split(separator: ":").last ?? "")
            else {
                process.terminate()
                throw HarnessError("no start line: \(text) \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
            }
            self.port = port
        }

        func status(key: String, body: String = "{}") async throws -> Int? {
            let port = self.port
            return try await offThread {
                let connection = try RawConnection.open(port: port)
                defer { connection.close() }
                connection.send(
                    rawRequest("POST", "/1/indexes/products/query", body: body)
                        .replacingOccurrences(of: "X-Algolia-API-Key: admin", with: "X-Algolia-API-Key: \(key)"))
                return connection.readResponse()?.status
            }
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// Runs the binary to its end; its exit status and standard error.
    static func runToEnd(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build it first: swift build --product instantsearch")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func theAdminKeyComesFromTheEnvironment() async throws {
        let served = try Served([], environment: ["INSTANTSEARCH_ADMIN_KEY": "from-env"])
        defer { served.stop() }
        #expect(try await served.status(key: "from-env") == 200)
        #expect(try await served.status(key: "wrong") == 403)
        #expect(try await served.status(key: "from-en") == 403)
    }

    @Test func theAdminKeyComesFromAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-key-\(UUID().uuidString)")
        try "from-file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let served = try Served(["--admin-key-file", file.path], environment: ["INSTANTSEARCH_ADMIN_KEY": "ignored"])
        defer { served.stop() }
        #expect(try await served.status(key: "from-file") == 200)
        #expect(try await served.status(key: "ignored") == 403)
        #expect(try await served.status(key: "FROM-FILE") == 403)
    }

    @Test func aMissingOrEmptyKeyFileIsAnError() throws {
        let missing = try Self.runToEnd(["--admin-key-file", "/nonexistent/key", Demo.path("products.json")])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("--admin-key-file /nonexistent/key"))
        let both = try Self.runToEnd(["--admin-key", "a", "--admin-key-file", "/dev/null", Demo.path("products.json")])
        #expect(both.status == 2)
        #expect(both.errors.contains("not both"))
    }

    @Test func aBusyPortIsSaidPlainlyWithItsOwnExitStatus() async throws {
        let served = try Served(["--admin-key", "k"])
        defer { served.stop() }
        let second = try Self.runToEnd(["--port", "\(served.port)", Demo.path("products.json")])
        #expect(second.status == 3)
        #expect(second.errors.contains("cannot listen on 127.0.0.1:\(served.port): address already in use"))
        #expect(!second.errors.contains("timeout"))
    }

    /// 1,100 idle connections under `ulimit -n 1024` made the server exit (EMFILE).
    /// Here the limit is lower still: the server lowers its cap to fit, says so, closes its
    /// longest idle connections for newcomers, and answers.
    @Test func aLowOpenFileLimitNeitherStopsTheServerNorLocksClientsOut() async throws {
        let served = try Served([], shell: "ulimit -n 256 && exec")
        defer { served.stop() }
        let port = served.port
        let idle = try await offThread { try (0..<1_100).map { _ in try RawConnection.open(port: port) } }
        defer { idle.forEach { $0.close() } }
        #expect(try await served.status(key: "any") == 200)  // no key configured: open
        #expect(served.process.isRunning)
        served.stop()
        let errors = String(decoding: served.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.contains("at most 192 connections: the open-file limit is 256"))
    }

    /// 70,000 nested parentheses in `filters` overflowed the filter parser's stack and
    /// killed the server; the filter parser now stops at 256 levels with a positioned error.
    @Test func aDeeplyNestedFilterGets400AndTheServerLives() async throws {
        let served = try Served(["--admin-key", "k"])
        defer { served.stop() }
        let nested = String(repeating: "(", count: 70_000) + "brand:Sony" + String(repeating: ")", count: 70_000)
        #expect(try await served.status(key: "k", body: #"{"filters": "\#(nested)"}"#) == 400)
        let negations = String(repeating: "NOT ", count: 200_000) + "brand:Sony"
        #expect(try await served.status(key: "k", body: #"{"filters": "\#(negations)"}"#) == 400)
        #expect(served.process.isRunning)
        #expect(try await served.status(key: "k") == 200)
    }
}
