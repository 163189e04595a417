import Synchronization

/// What `--listen` asks of the interface: a chain of actions to run, or its state to tell.
enum RemoteRequest: Sendable {
    case actions([BoundAction])
    case state(StateWindow, StateReply)
}

/// Which matches and marks a `GET` wants (fzf's `limit` and `offset`).
struct StateWindow: Sendable, Equatable {
    static let standard = StateWindow(limit: 100, offset: 0)
    var limit: Int
    var offset: Int
}

/// Where the interface sends a state asked for: the first answer counts (the interface's, or
/// the timeout's nil), later ones are dropped.
final class StateReply: Sendable {
    private let waiting: Mutex<CheckedContinuation<String?, Never>?>

    init(_ continuation: CheckedContinuation<String?, Never>) {
        waiting = Mutex(continuation)
    }

    func answer(_ json: String?) {
        waiting.withLock { continuation in
            continuation?.resume(returning: json)
            continuation = nil
        }
    }
}

/// The requests `--listen` received, waiting for the interface to take them between two
/// frames; bounded, so a client cannot queue work without end.
final class RemoteInbox: Sendable {
    private struct State {
        var requests: [RemoteRequest] = []
        var closed = false
    }
    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Queues a request and wakes the interface; false when too many are waiting or the
    /// session has ended.
    func post(_ request: RemoteRequest) -> Bool {
        let taken = state.withLock { state in
            guard !state.closed, state.requests.count < RemoteControl.maxWaiting else { return false }
            state.requests.append(request)
            return true
        }
        if taken { wake() }
        return taken
    }

    /// The state as the interface tells it, or nil if it does not within `timeout`.
    func state(_ window: StateWindow, timeout: Duration) async -> String? {
        await withCheckedContinuation { continuation in
            let reply = StateReply(continuation)
            guard post(.state(window, reply)) else {
                reply.answer(nil)
                return
            }
            Task {
                try? await Task.sleep(for: timeout)
                reply.answer(nil)
            }
        }
    }

    func take() -> [RemoteRequest] {
        state.withLock { state in
            defer { state.requests = [] }
            return state.requests
        }
    }

    /// The session has ended: states still asked for are answered nil (503) at once.
    func close() {
        let left = state.withLock { state in
            state.closed = true
            defer { state.requests = [] }
            return state.requests
        }
        for case .state(_, let reply) in left { reply.answer(nil) }
    }
}
