import Foundation
import Testing

@testable import TerminalUI

/// `--preview` commands run for real (`sh -c`), off the test's thread; the test waits for the
/// runner's wake-ups, as the event loop does, never for a length of time.
@Suite struct PreviewCommandRunnerTests {
    /// A runner whose wake-ups a test can wait for.
    final class Harness: Sendable {
        let runner: PreviewCommandRunner
        private let wakes: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() {
            (wakes, continuation) = AsyncStream<Void>.makeStream()
            let continuation = continuation
            runner = PreviewCommandRunner(wake: { continuation.yield() })
        }

        /// Waits for the output of the latest run until `done` says it is complete.
        func output(until done: (PreviewOutput) -> Bool) async -> PreviewOutput? {
            for await _ in wakes {
                if let output = runner.take(), done(output) { return output }
            }
            return nil
        }
    }

    @Test func aCommandsOutputArrivesWithItsStatus() async throws {
        let harness = Harness()
        harness.runner.start("printf 'one\\ntwo\\n'; echo err >&2; exit 3")
        let output = try #require(await harness.output { $0.isFinished })
        #expect(output.texts == ["one", "two", "err"])
        #expect(output.status == 3)
        #expect(!output.isTruncated)
    }

    @Test func outputIsBoundedAndTheCommandKilled() async throws {
        let harness = Harness()
        harness.runner.start("yes preview")  // would never end on its own
        let output = try #require(await harness.output { $0.isFinished })
        #expect(output.isTruncated)
        #expect(output.status == nil, "killed by a signal")
        #expect(output.texts.count == PreviewCommandRunner.outputLimit / "preview\n".utf8.count + 1)
        #expect(output.texts.last?.hasPrefix("[output cut at") == true)
    }

    @Test func startingAnotherCommandKillsTheOneRunningAndItsOutputNeverShows() async throws {
        let harness = Harness()
        let first = harness.runner.start("echo $$; exec sleep 60")
        let started = try #require(await harness.output { !$0.texts.isEmpty })
        #expect(started.run == first)
        let pid = try #require(pid_t(started.texts[0]))
        let second = harness.runner.start("echo second")
        let output = try #require(await harness.output { $0.isFinished })
        #expect(output.run == second && output.texts == ["second"])
        // SIGKILL went to the first command's process group before `start` returned; its reader
        // reaps it. Bounded only so that a broken build fails instead of hanging.
        var gone = false
        for _ in 0..<2_000 where !gone {
            gone = kill(pid, 0) != 0 && errno == ESRCH
            if !gone { usleep(5_000) }
        }
        #expect(gone, "the first command (sleep 60) was killed")
    }
}
