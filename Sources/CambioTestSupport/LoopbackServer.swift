import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 with a random port, for tests: each path answers with
/// a configured response, including faults (stalls, cut bodies, any status).
public final class LoopbackServer: @unchecked Sendable {
    /// What one path answers.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]
        /// Wait this long before answering.
        public var stall: TimeInterval
        /// Send only this many body bytes (with the full Content-Length), then close.
        public var cutAfter: Int?
        /// Send the body alone, without a status line or headers (an HTTP/0.9 answer, another
        /// protocol on the port).
        public var raw = false

        public init(
            status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")], body: [UInt8],
            stall: TimeInterval = 0, cutAfter: Int? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.stall = stall
            self.cutAfter = cutAfter
        }

        public init(status: Int = 200, contentType: String = "application/json", text: String, stall: TimeInterval = 0) {
            self.init(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8), stall: stall)
        }

        /// Bytes sent as they are, with no status line or headers.
        public static func raw(_ bytes: [UInt8]) -> Response {
            var response = Response(headers: [], body: bytes)
            response.raw = true
            return response
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Response] = [:]
    private var stopped = false
    private var requests: [String] = []

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init() throws {
        // A client that hangs up before the answer is written (a time-out test, a cancelled
        // refresh) must not end the test process with SIGPIPE: the write fails with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = descriptor
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Sets what `path` answers.
    public func route(_ path: String, _ response: Response) {
        lock.withLock { routes[path] = response }
    }

    /// The paths requested so far.
    public var requestedPaths: [String] { lock.withLock { requests } }

    /// Waits until a request has come (at most `timeout` seconds), then a moment more, so that
    /// the client is waiting for the answer; whether one came.
    @discardableResult
    public func waitForRequest(timeout: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while requestedPaths.isEmpty, Date() < deadline { usleep(20_000) }
        usleep(200_000)
        return !requestedPaths.isEmpty
    }

    /// Stops accepting; later connections are refused.
    public func stop() {
        let first: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(connection)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(subsequence: Array("\r\n\r\n".utf8)), request.count < 65536 {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let path = line.count > 1 ? String(line[1]) : "/"
        let response: Response = lock.withLock {
            requests.append(path)
            return routes[path] ?? Response(status: 404, contentType: "text/plain", text: "not found\n")
        }
        if response.stall > 0 {
            let deadline = Date().addingTimeInterval(response.stall)
            while Date() < deadline, !lock.withLock({ stopped }) { usleep(20_000) }
        }
        if response.raw {
            send(connection, response.body)
            return
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let body = response.cutAfter.map { Array(response.body.prefix($0)) } ?? response.body
        send(connection, Array(head.utf8) + body)
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}
