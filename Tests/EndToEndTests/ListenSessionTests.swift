import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--listen` as a hostile web page on the same machine sees it, and as fzf 0.74 reads it: a
/// request carrying an `Origin` or a foreign `Host` (DNS rebinding) is refused, the key is
/// required when set, connections are served at once under a cap and a whole-request deadline
/// (idle and slowloris clients cannot lock a script out), a Unix socket and a bare `--listen`
/// work as fzf's, and actions that run commands come from another address only with
/// `--listen-unsafe`.
@Suite(.serialized) struct ListenSessionTests {
    static let fruits = "apple pie\nbanana split\ncherry tart\napple crumble\n"

    private func tmuxWithFruits() throws -> Tmux {
        let tmux = try Tmux(width: 110, height: 24)
        try Self.fruits.write(to: tmux.workDirectory.appendingPathComponent("fruits.txt"), atomically: true, encoding: .utf8)
        return tmux
    }

    private func port(_ offset: Int32) -> Int { 20_000 + Int((getpid() + offset) % 20_000) }

    /// curl's answer: the status (0 when nothing came back within `seconds`) and the body.
    private func curl(_ arguments: [String], seconds: Int = 5) throws -> (status: Int, body: String) {
        let bodyPath = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)").path
        defer { unlink(bodyPath) }
        let (_, written) = try spawn("curl", ["-s", "--max-time", String(seconds), "-o", bodyPath, "-w", "%{http_code}"] + arguments)
        let body = (try? String(contentsOfFile: bodyPath, encoding: .utf8)) ?? ""
        return (Int(written.suffix(3)) ?? 0, body)
    }

    @Test func aWebPageCanNeitherDriveNorReadIt() throws {
        let tmux = try tmuxWithFruits()
        let port = port(2)
        try tmux.shell("\(Project.binary) fruits.txt --listen \(port); echo \"exit=$?\"")
        try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
        let pwned = tmux.workDirectory.appendingPathComponent("pwned").path
        // What any page can send with fetch(…, {mode: "no-cors"}): no preflight.
        let page = try curl([
            "-X", "POST", "http://127.0.0.1:\(port)/", "-H", "Origin: http://evil.example", "-H", "Host: evil.example:\(port)",
            "-H", "Content-Type: text/plain", "--data-binary", "execute-silent(touch \(pwned))",
        ])
        #expect(page.status == 403)
        let origin = try curl(["-X", "POST", "http://127.0.0.1:\(port)/", "-H", "Origin: http://evil.example", "--data-binary", "change-query(cherry)"])
        #expect(origin.status == 403)
        // After DNS rebinding the page's requests are same-origin: no Origin, its own Host.
        let rebound = try curl(["http://127.0.0.1:\(port)/", "-H", "Host: evil.example:\(port)"])
        #expect(rebound.status == 403 && !rebound.body.contains("apple"))
        // A program on this machine is answered, by either name of loopback.
        let state = try curl(["http://localhost:\(port)/?limit=2"])
        #expect(state.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any])
        #expect(json["query"] as? String == "" && json["matchCount"] as? Int == 4 && json["totalCount"] as? Int == 4)
        #expect(json["position"] as? Int == 0 && json["reading"] as? Bool == false && json["progress"] as? Int == 100)
        let matches = try #require(json["matches"] as? [[String: Any]])
        #expect(matches.map { $0["text"] as? String } == ["apple pie", "banana split"])
        #expect(matches.map { $0["index"] as? Int } == [0, 1])
        #expect((json["current"] as? [String: Any])?["text"] as? String == "apple pie")
        #expect((json["selected"] as? [Any])?.isEmpty == true)
        let done = tmux.workDirectory.appendingPathComponent("done").path
        #expect(try curl(["-X", "POST", "http://127.0.0.1:\(port)/", "--data-binary", "execute-silent(touch \(done))"]).status == 200)
        try tmux.waitFor("the program's action carried out") { _ in FileManager.default.fileExists(atPath: done) }
        #expect(!FileManager.default.fileExists(atPath: pwned), "the page's action never ran")
        #expect(try tmux.screen().contains("  4/4 ─"), "the page's change-query never ran")
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    @Test func theKeyIsRequiredWhenSetByEitherName() throws {
        let tmux = try tmuxWithFruits()
        for (variable, offset) in [("FZF_API_KEY", Int32(3)), ("INSTANTSEARCH_API_KEY", Int32(4))] {
            let port = port(offset)
            try tmux.shell("clear; \(variable)=sesame \(Project.binary) fruits.txt --listen \(port); echo \"\(variable)=$?\"")
            try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
            #expect(try curl(["http://127.0.0.1:\(port)/"]).status == 401, "\(variable): a GET without the key")
            #expect(try curl(["-H", "x-api-key: sesamf", "http://127.0.0.1:\(port)/"]).status == 401, "\(variable): a wrong key")
            #expect(try curl(["-X", "POST", "http://127.0.0.1:\(port)/", "-d", "change-query(cherry)"]).status == 401)
            let keyed = try curl(["-H", "x-api-key: sesame", "-X", "POST", "http://127.0.0.1:\(port)/", "-d", "change-query(cherry)"])
            #expect(keyed.status == 200, "\(variable): the right key")
            try tmux.waitFor("the query sent with the key") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("1/4", width: 110), "> cherry"] }
            #expect(try curl(["-H", "x-api-key: sesame", "http://127.0.0.1:\(port)/"]).body.contains("\"query\":\"cherry\""))
            try tmux.press("C-c")
            try tmux.waitFor("\(variable)=130")
        }
    }

    /// 25 clients that connect and say nothing, one that sends its head a byte every 2 s: a
    /// script's requests are still answered, each within curl's 3 s.
    @Test func aLegitimateClientIsAnsweredWhileIdleAndSlowClientsHoldConnections() throws {
        let tmux = try tmuxWithFruits()
        let port = port(5)
        try tmux.shell("\(Project.binary) fruits.txt --listen \(port); echo \"exit=$?\"")
        try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
        let idle = try (0..<25).map { _ in try LoopbackClient(port: port) }
        let slow = try LoopbackClient(port: port)
        let trickling = Trickle(client: slow, text: "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 12\r\n\r\nchange-query")
        defer {
            trickling.stop()
            idle.forEach { $0.close() }
        }
        let state = try curl(["http://127.0.0.1:\(port)/"], seconds: 3)
        #expect(state.status == 200 && state.body.contains("\"matchCount\":4"))
        let posted = try curl(["-X", "POST", "http://127.0.0.1:\(port)/", "-d", "change-query(tart)"], seconds: 3)
        #expect(posted.status == 200)
        try tmux.waitFor("the script's action carried out") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("1/4", width: 110), "> tart"] }
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
    }

    /// fzf's `--listen PATH.sock`: a socket only its owner can use, named to commands in
    /// `FZF_SOCK`, gone when the session ends; and a bare `--listen`, a free port in `FZF_PORT`.
    @Test func aUnixSocketAndABareListenAsFzfTakesThem() throws {
        let tmux = try tmuxWithFruits()
        let socket = tmux.workDirectory.appendingPathComponent("is.sock").path
        try tmux.shell("\(Project.binary) fruits.txt --listen \(socket) --bind 'start:execute-silent(echo $FZF_SOCK > sock.txt)'; echo \"exit=$?\"")
        try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
        try tmux.waitFor("the socket named to commands") { _ in tmux.file("sock.txt") == socket + "\n" }
        var status = stat()
        #expect(lstat(socket, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK && status.st_mode & 0o777 == 0o600)
        #expect(try curl(["--unix-socket", socket, "-X", "POST", "http://localhost/", "-d", "change-query(banana)"]).status == 200)
        try tmux.waitFor("the action through the socket") { FzfScreen.rows($0).suffix(2) == [FzfScreen.info("1/4", width: 110), "> banana"] }
        #expect(try curl(["--unix-socket", socket, "http://localhost/"]).body.contains("\"text\":\"banana split\""))
        try tmux.press("C-c")
        try tmux.waitFor("exit=130")
        #expect(lstat(socket, &status) != 0, "the socket's file is removed")

        try tmux.shell("clear; \(Project.binary) fruits.txt --listen --bind 'start:execute-silent(echo $FZF_PORT > port.txt)'; echo \"bare=$?\"")
        try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
        try tmux.waitFor("the port named to commands") { _ in tmux.file("port.txt").flatMap { Int($0.dropLast()) } != nil }
        let chosen = try #require(tmux.file("port.txt").flatMap { Int($0.dropLast()) })
        #expect(try curl(["http://127.0.0.1:\(chosen)/"]).body.contains("\"matchCount\":4"))
        try tmux.press("C-c")
        try tmux.waitFor("bare=130")
    }

    /// On another address (with its key), actions that run commands need `--listen-unsafe`.
    @Test func anotherAddressRunsCommandsOnlyWhenUnsafe() throws {
        let tmux = try tmuxWithFruits()
        for (option, offset) in [("--listen", Int32(6)), ("--listen-unsafe", Int32(7))] {
            let port = port(offset)
            try tmux.shell("clear; FZF_API_KEY=k \(Project.binary) fruits.txt \(option) 0.0.0.0:\(port); echo \"\(option)=$?\"")
            try tmux.waitFor("every fruit") { $0.contains("  4/4 ─") }
            let marker = tmux.workDirectory.appendingPathComponent("ran\(option)").path
            let answer = try curl(["-H", "x-api-key: k", "-X", "POST", "http://127.0.0.1:\(port)/", "-d", "execute-silent(touch \(marker))+change-query(go)"])
            if option == "--listen" {
                #expect(answer.status == 403 && answer.body.contains("--listen-unsafe"))
            } else {
                #expect(answer.status == 200)
                try tmux.waitFor("the command ran") { _ in FileManager.default.fileExists(atPath: marker) }
            }
            try tmux.press("C-c")
            try tmux.waitFor("\(option)=130")
            #expect(FileManager.default.fileExists(atPath: marker) == (option == "--listen-unsafe"))
        }
    }
}

/// A TCP connection to loopback, held open by the test.
private final class LoopbackClient: @unchecked Sendable {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SpawnError(message: "cannot connect to 127.0.0.1:\(port)") }
    }

    func send(_ byte: UInt8) -> Bool {
        var byte = byte
        return Glibc.send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) == 1
    }

    func close() { Glibc.close(descriptor) }
}

/// A slowloris: a byte of `text` every 2 s on a thread of its own, until stopped.
private final class Trickle: @unchecked Sendable {
    private let stopped = NSCondition()
    private var isStopped = false

    init(client: LoopbackClient, text: String) {
        let bytes = Array(text.utf8)
        Thread.detachNewThread { [self] in
            for byte in bytes {
                guard client.send(byte) else { break }
                stopped.lock()
                if !isStopped { _ = stopped.wait(until: Date().addingTimeInterval(2)) }
                let done = isStopped
                stopped.unlock()
                if done { break }
            }
            client.close()
        }
    }

    func stop() {
        stopped.lock()
        isStopped = true
        stopped.signal()
        stopped.unlock()
    }
}
