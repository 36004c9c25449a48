import CSystem
import CambioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the fetch helper writes on its standard output: `ok` and a newline, then the body;
/// or one JSON object that names the failure. Both sides of the pipe use this type.
public enum HelperReport {
    public static func encode(_ result: Result<[UInt8], FetchError>) -> [UInt8] {
        switch result {
        case .success(let body):
            return Array("ok\n".utf8) + body
        case .failure(let error):
            var fields: [(String, String)] = []
            func string(_ key: String, _ value: String) { fields.append((key, JSONText.string(value))) }
            func number(_ key: String, _ value: Int) { fields.append((key, String(value))) }
            switch error {
            case .offline(let host): string("error", "offline"); string("host", host.raw)
            case .connectionRefused(let host): string("error", "refused"); string("host", host.raw)
            case .timeout(let host, let seconds): string("error", "timeout"); string("host", host.raw); number("seconds", seconds)
            case .httpStatus(let host, let code, let retryAfter):
                string("error", "status"); string("host", host.raw); number("code", code)
                if let retryAfter { number("retryAfter", retryAfter) }
            case .invalidResponse(let host, let reason): string("error", "invalid"); string("host", host.raw); string("reason", reason.raw)
            case .tooLarge(let host, let limit): string("error", "tooLarge"); string("host", host.raw); number("limit", limit)
            case .tls(let host): string("error", "tls"); string("host", host.raw)
            case .redirected(let host, let target): string("error", "redirected"); string("host", host.raw); string("to", target.raw)
            case .insecureURL(let host): string("error", "insecure"); string("host", host.raw)
            case .badURL(let url): string("error", "badURL"); string("url", url.raw)
            case .cancelled: string("error", "cancelled")
            case .offlineMode: string("error", "offlineMode")
            case .other(let host, let description): string("error", "other"); string("host", host.raw); string("description", description.raw)
            case .helperMissing(let path): string("error", "helperMissing"); string("path", path.raw)
            }
            let members = fields.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ",")
            return Array("{\(members)}\n".utf8)
        }
    }

    /// `nil` when the bytes are not a report (the helper died, or is not ours).
    public static func decode(_ bytes: [UInt8]) -> Result<[UInt8], FetchError>? {
        let ok = Array("ok\n".utf8)
        if bytes.starts(with: ok) { return .success(Array(bytes[ok.count...])) }
        guard let value = try? JSONParser.parse(bytes), let kind = value["error"]?.stringValue else { return nil }
        func field(_ key: String) -> UntrustedText? { value[key]?.stringValue.map { UntrustedText($0) } }
        func number(_ key: String) -> Int? {
            if case .number(let digits)? = value[key] { return Int(digits) }
            return nil
        }
        let host = field("host") ?? UntrustedText("?")
        let error: FetchError? =
            switch kind {
            case "offline": .offline(host: host)
            case "refused": .connectionRefused(host: host)
            case "timeout": number("seconds").map { .timeout(host: host, seconds: $0) }
            case "status":
                number("code").map { .httpStatus(host: host, code: $0, retryAfter: number("retryAfter").map { min(max(0, $0), FetchError.maximumRetryAfter) }) }
            case "invalid": field("reason").map { .invalidResponse(host: host, reason: $0) }
            case "tooLarge": number("limit").map { .tooLarge(host: host, limit: $0) }
            case "tls": .tls(host: host)
            case "redirected": field("to").map { .redirected(host: host, to: $0) }
            case "insecure": .insecureURL(host: host)
            case "badURL": field("url").map { .badURL($0) }
            case "cancelled": .cancelled
            case "offlineMode": .offlineMode
            case "other": field("description").map { .other(host: host, description: $0) }
            case "helperMissing": field("path").map { .helperMissing(path: $0) }
            default: nil
            }
        return error.map { .failure($0) }
    }
}

/// Fetches through the helper program `cambio-fetch`, installed next to `cambio`: one process
/// per request, its report read from a pipe. Keeping URLSession (and with it libcurl, TLS and
/// their libraries) out of the program the user starts saves most of its start-up time.
public struct HelperTransport: Transport {
    public static let helperName = "cambio-fetch"
    /// The helper's path; `nil` for the one next to the running program, looked up when a
    /// request starts (most runs never fetch, so start-up does not pay for it).
    private let executable: String?

    public init(executable: String) { self.executable = executable }

    private init() { executable = nil }

    /// The helper next to the running program.
    public static func besideThisProgram() -> HelperTransport { HelperTransport() }

    /// `cambio-fetch` in the program's own directory (the build, or an install into one
    /// `bin/`), else in `../libexec/cambio/` beside it (`Scripts/install`'s layout). When
    /// neither exists, the first, which the error then names.
    static func pathBesideThisProgram() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let program = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let directory = program.lastIndex(of: "/").map { String(program[..<$0]) } ?? "."
        let beside = "\(directory)/\(helperName)"
        let libexec = "\(directory)/../libexec/cambio/\(helperName)"
        if access(beside, X_OK) != 0, access(libexec, X_OK) == 0 { return libexec }
        return beside
    }

    public func start(url: URL, timeout: TimeInterval) -> any TransportRequest {
        let request = HelperRequest(host: RequestPolicy.displayHost(url), timeout: timeout)
        request.launch(executable: executable ?? Self.pathBesideThisProgram(), url: url.absoluteString)
        return request
    }
}

/// One helper process.
final class HelperRequest: TransportRequest, @unchecked Sendable {
    private let host: UntrustedText
    private let timeout: TimeInterval
    private let lock = NSLock()
    private var pid: pid_t = 0
    private var outcome: Result<[UInt8], FetchError>?
    private var cancelled = false
    private var timedOut = false
    private let done = DispatchSemaphore(value: 0)

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
            finish(.failure(status == ENOENT ? .helperMissing(path: UntrustedText(executable)) : .other(host: host, description: UntrustedText(String(cString: strerror(status))))))
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
                guard self.outcome == nil, self.pid > 0 else { return 0 }
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

    private func finish(_ result: Result<[UInt8], FetchError>) {
        let first: Bool = lock.withLock {
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if first { done.signal() }
    }

    func cancel() {
        let target: pid_t = lock.withLock {
            cancelled = true
            return outcome == nil ? pid : 0
        }
        if target > 0 { kill(target, SIGKILL) }
    }

    func wait() -> Result<[UInt8], FetchError> {
        done.wait()
        done.signal()
        return lock.withLock { outcome } ?? .failure(.cancelled)
    }
}
