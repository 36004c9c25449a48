import CSystem
import CambioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One helper process.
final class HelperRequest: TransportRequest, @unchecked Sendable {
    private let host: UntrustedText
    private let timeout: TimeInterval
    private let lock = NSLock()
    /// The helper while it runs: 0 before it starts and from the moment it is reaped, so a
    /// late cancel or time limit never signals another process.
    private var pid: pid_t = 0
    private var cancelled = false
    private var timedOut = false
    private let outcome = RequestOutcome()

    init(host: UntrustedText, timeout: TimeInterval) {
        self.host = host
        self.timeout = timeout
    }

    func launch(executable: String, url: String) {
        guard access(executable, X_OK) == 0 else {
            finish(.failure(.helperMissing(path: UntrustedText(executable))))
            return
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard cambio_pipe_cloexec(&pipeEnds) == 0 else {
            finish(.failure(.other(host: host, description: UntrustedText(String(cString: strerror(errno))))))
            return
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so that Ctrl-C at the prompt does not reach it; every signal
        // unblocked and at its default, whatever the shell's threads had set.
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let seconds = String(max(1, Int(timeout.rounded())))
        let arguments = [executable, "--timeout", seconds, url]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            finish(
                .failure(
                    status == ENOENT
                        ? .helperMissing(path: UntrustedText(executable))
                        : .other(host: host, description: UntrustedText(String(cString: strerror(status))))))
            return
        }
        let readEnd = pipeEnds[0]
        let spawned = child
        let cancelNow: Bool = lock.withLock {
            pid = spawned
            return cancelled
        }
        if cancelNow { kill(spawned, SIGKILL) }
        Thread.detachNewThread { [self] in collect(from: readEnd, child: spawned) }
        // The helper keeps its own time limit; this one only guards against a helper that hangs.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout + 5) { [weak self] in
            guard let self else { return }
            let target: pid_t = self.lock.withLock {
                guard self.pid > 0 else { return 0 }
                self.timedOut = true
                return self.pid
            }
            if target > 0 { kill(target, SIGKILL) }
        }
    }

    private func collect(from descriptor: Int32, child: pid_t) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let limit = RequestPolicy.sizeLimit + (1 << 12)
        var overflow = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            if bytes.count + count > limit {
                overflow = true
                kill(child, SIGKILL)
                break
            }
            bytes += chunk[0..<count]
        }
        close(descriptor)
        // Until it is reaped the pid stays ours, so a late cancel cannot hit another process.
        lock.withLock { pid = 0 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let (wasCancelled, wasTimedOut) = lock.withLock { (cancelled, timedOut) }
        if wasCancelled {
            finish(.failure(.cancelled))
        } else if wasTimedOut {
            finish(.failure(.timeout(host: host, seconds: Int(timeout.rounded()))))
        } else if overflow {
            finish(.failure(.tooLarge(host: host, limit: RequestPolicy.sizeLimit)))
        } else if let report = HelperReport.decode(bytes), (status & 0x7f) == 0 {
            finish(report)
        } else {
            let how = (status & 0x7f) == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
            finish(.failure(.other(host: host, description: UntrustedText("the fetch helper stopped without an answer (\(how))"))))
        }
    }

    private func finish(_ result: Result<[UInt8], FetchError>) { outcome.finish(result) }

    func cancel() {
        let target: pid_t = lock.withLock {
            cancelled = true
            return pid
        }
        if target > 0 { kill(target, SIGKILL) }
    }

    func wait() -> Result<[UInt8], FetchError> { outcome.wait() }
}
