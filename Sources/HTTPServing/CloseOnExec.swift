#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FlyingSocks opens its event queue (epoll, and an eventfd to wake it) without close-on-exec,
/// and keeps the descriptors to itself: the ones that appeared while it prepared are marked
/// here, so that the commands a session starts inherit none of them.
enum CloseOnExec {
    static func forDescriptorsOpened<T>(during body: () async throws -> T) async rethrows -> T {
        let before = openDescriptors()
        let result = try await body()
        for descriptor in openDescriptors().subtracting(before) {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
        return result
    }

    /// The descriptors open now, from /proc (empty where there is none: nothing is marked).
    private static func openDescriptors() -> Set<Int32> {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var found: Set<Int32> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name) { found.insert(descriptor) }
        }
        return found
    }
}
