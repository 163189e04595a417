import Foundation
import Testing

@testable import InstantSearchCore

/// Work started off the UI thread runs below it.
@Suite struct WorkerPriorityTests {
    @Test func aWorkerRunsFiveNiceStepsBelowTheProcessWithinTheSystemsBound() {
        #expect(WorkerPriority.target(base: 0) == 5)
        #expect(WorkerPriority.target(base: 10) == 15)
        #expect(WorkerPriority.target(base: 17) == 19, "19 is the lowest priority there is")
    }

    #if os(Linux)
    @Test func aPoolThreadIsLoweredOnceHoweverOftenItIsAsked() async {
        let nice = await Task.detached {
            WorkerPriority.lowerCurrentThread()
            WorkerPriority.lowerCurrentThread()  // a pool thread runs many searches: still one step
            return WorkerPriority.currentNice()
        }.value
        #expect(nice == WorkerPriority.workerNice)
    }
    #endif
}
