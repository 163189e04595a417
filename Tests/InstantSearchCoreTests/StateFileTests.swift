import Dispatch
import Foundation
import InstantSearchCore
import Testing

/// State files are only files: a symbolic link, a FIFO, a directory or a device in the place
/// of one is refused (never followed, never waited on), what is read is bounded and a file
/// past its cap is cut, and writers that meet lose nothing.
@Suite struct StateFileTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("state-file-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/instantsearch", withIntermediateDirectories: true)
    }

    static func click(_ objectID: String) -> InsightsEvent {
        InsightsEvent(
            eventType: .click, eventName: "Hit Picked", index: "products", userToken: "instantsearch-local", timestamp: 5,
            queryID: String(repeating: "a", count: 32), objectIDs: [objectID], positions: [1])
    }

    /// How many of this process's descriptors are open on `path`.
    private func descriptors(naming path: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }

    /// `body` on a thread of its own; false when it has not returned by the deadline (a hang).
    private func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func aLinkPlantedAtTheEventsFileIsNotWrittenThrough() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        let target = root + "/elsewhere.txt"
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: files.eventsPath, withDestinationPath: target)
        let refused = #expect(throws: StateFileError.self) { try files.append(queries: [], events: [Self.click("p1")]) }
        #expect(refused?.problem == .symbolicLink(target: target))
        #expect(
            refused?.description
                == "\(files.eventsPath): is a symbolic link (to '\(target)'); left as it is, neither read nor written (remove it to start afresh)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        // Nor read: the reader says so once, in one line naming the file.
        try #"{"eventType":"click"}"#.appending("\n").write(toFile: target, atomically: true, encoding: .utf8)
        let read = files.read()
        #expect(read.events.isEmpty && read.problems.refused == [refused?.description ?? "?"])
    }

    @Test func aFIFOOrADirectoryInTheirPlaceIsRefusedWithoutWaiting() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        #expect(mkfifo(files.eventsPath, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: files.queriesPath, withIntermediateDirectories: false)
        let outcome = Outcome()
        #expect(
            returns(within: 10) {
                outcome.read = files.read()
                do { try files.append(queries: [], events: [Self.click("p1")]) } catch { outcome.failure = error as? StateFileError }
            }, "opening a FIFO waited for a writer")
        #expect(outcome.read?.problems.refused.count == 2)
        #expect(outcome.read?.problems.refused.contains { $0.hasPrefix("\(files.eventsPath): is a FIFO, not a regular file") } == true)
        #expect(outcome.read?.problems.refused.contains { $0.hasPrefix("\(files.queriesPath): is a directory, not a regular file") } == true)
        #expect(outcome.failure?.problem == .notRegular("a FIFO"))
    }

    @Test func aDeviceIsRefusedAndNeverOpened() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: StateFileError(path: "/dev/null", problem: .notRegular("a device"))) {
            _ = try StateFile.open("/dev/null", for: .read, rules: .named)
        }
        // /dev is no folder of the user's: a state file there is refused for that first.
        if geteuid() != 0 {
            #expect(throws: StateFileError(path: "/dev/null", problem: .folderNotOurs("/dev"))) { _ = try StateFile.open("/dev/null", for: .read) }
        }
    }

    @Test func aFolderThatIsALinkIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        let files = InsightsFiles(directory: root + "/linked")
        #expect(throws: StateFileError(path: root + "/linked", problem: .folderNotOurs(root + "/linked"))) {
            try files.append(queries: [], events: [Self.click("p1")])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/real").isEmpty)
    }

    @Test func anotherUsersFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/instantsearch/events.ndjson"
        try "{}\n".write(toFile: path, atomically: true, encoding: .utf8)
        // Root can give a file away; anyone else finds root's own files under /etc.
        let foreign = geteuid() == 0 && chown(path, 65534, 65534) == 0 ? path : "/etc/hostname"
        #expect(throws: StateFileError(path: foreign, problem: .notOwned)) {
            _ = try StateFile.open(foreign, for: .read, rules: foreign == path ? .ours : .named)
        }
    }

    @Test func aLargeEventsFileIsReadWithinTheCapAndCutWhenWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch", maxBytes: 64 << 10)
        // 8 MiB of events, each naming its line: a reader must take only the newest 64 KiB.
        let lines = (0..<50_000).map { Self.click("p\($0)").json.serialized() + "\n" }
        try lines.joined().write(toFile: files.eventsPath, atomically: true, encoding: .utf8)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: files.eventsPath)[.size] as? Int)
        #expect(size > 8 << 20)
        let read = files.read()
        let newest = read.events.compactMap { $0.objectIDs?.first }
        let fitting = (64 << 10) / lines[49_999].utf8.count
        #expect(newest == (50_000 - newest.count..<50_000).map { "p\($0)" } && (fitting - 1...fitting).contains(newest.count))
        #expect(read.problems == InsightsFiles.Problems(), "the line cut by the cap is left out, not counted as unreadable")

        try files.append(queries: [], events: [Self.click("new")])
        let kept = try #require(FileManager.default.contents(atPath: files.eventsPath))
        #expect(kept.count <= 32 << 10 && kept.count > 31 << 10, "cut to half the cap, whole lines")
        let after = files.read().events.compactMap { $0.objectIDs?.first }
        #expect(after.last == "new" && after.dropLast() == (50_000 - after.count + 1..<50_000).map { "p\($0)" }[...])
        let mode = try FileManager.default.attributesOfItem(atPath: files.eventsPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aLastLineWithoutItsLineEndIsReadAndNotGluedTo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        // As a person or another program may leave it: no line end after the last line.
        try Self.click("theirs").json.serialized().write(toFile: files.eventsPath, atomically: true, encoding: .utf8)
        #expect(files.read().events.compactMap { $0.objectIDs?.first } == ["theirs"])
        try files.append(queries: [], events: [Self.click("ours")])
        let read = files.read()
        #expect(read.events.compactMap { $0.objectIDs?.first } == ["theirs", "ours"] && read.problems == InsightsFiles.Problems())
    }

    @Test func writersMeetingLoseNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        let group = DispatchGroup()
        for writer in 0..<4 {
            group.enter()
            Thread {
                for n in 0..<200 { try? files.append(queries: [], events: [Self.click("w\(writer)-\(n)")]) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let written = Set(files.read().events.compactMap { $0.objectIDs?.first })
        #expect(written == Set((0..<4).flatMap { writer in (0..<200).map { "w\(writer)-\($0)" } }))
    }

    @Test func aWriterThatWaitedWhileTheFileWasReplacedWritesToTheNewOne() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = InsightsFiles(directory: root + "/instantsearch")
        try files.append(queries: [], events: [Self.click("first")])
        var holder: StateFile? = try StateFile.locked(files.eventsPath)
        let done = DispatchSemaphore(value: 0)
        Thread {
            try? files.append(queries: [], events: [Self.click("waited")])
            done.signal()
        }.start()
        // The writer has opened the file (and waits for its lock) once two descriptors name it.
        var opened = false
        for _ in 0..<5_000 where !opened {
            opened = descriptors(naming: files.eventsPath) == 2
            if !opened { usleep(1_000) }
        }
        #expect(opened)
        // A trim while it waits: the file at the path is a new one.
        try holder?.replace(with: Array((Self.click("kept").json.serialized() + "\n").utf8))
        holder = nil
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(files.read().events.compactMap { $0.objectIDs?.first } == ["kept", "waited"])
    }
}

/// What a thread found, read once it has finished.
private final class Outcome: @unchecked Sendable {
    var read: InsightsFiles.Contents?
    var failure: StateFileError?
}
