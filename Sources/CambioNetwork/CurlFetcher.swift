import CCurl
import CambioWire
import Dispatch
import FoundationEssentials
import Synchronization

/// One GET with libcurl's easy interface: a total time limit, bodies of at most 2 MiB as they
/// arrive on the wire (nothing is decompressed: a small gzip answer cannot inflate into
/// gigabytes), redirects only within the same host and port, http and https only, TLS
/// verification left on. libcurl waits on its socket, so a stalled server costs no CPU.
/// Cancellable from any thread.
public final class CurlFetcher: TransportRequest, @unchecked Sendable {
    private let url: URL
    private let timeout: TimeInterval
    private let cancelled = Mutex(false)
    private let outcome = RequestOutcome()

    // The transfer's state, touched only by the transfer thread (and its callbacks).
    private var body: [UInt8] = []
    private var overflow = false
    private var contentEncoding: String?
    private var retryAfter: String?

    /// Redirects followed at most (all within the same host and port).
    static let redirectLimit = 3

    public init(url: URL, timeout: TimeInterval) {
        self.url = url
        self.timeout = timeout
    }

    /// Starts the request on a thread of its own; `wait` or `cancel` afterwards.
    public func start() {
        Self.initialiseOnce
        // A thread of the pool: libcurl blocks on its socket for the whole transfer.
        DispatchQueue.global().async { [self] in outcome.finish(transfer()) }
    }

    /// Cancels: the result becomes `.cancelled` at once, and the transfer stops at its next
    /// progress report.
    public func cancel() {
        cancelled.withLock { $0 = true }
        outcome.finish(.failure(.cancelled))
    }

    public func wait() -> Result<[UInt8], FetchError> { outcome.wait() }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    private static let initialiseOnce: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    // MARK: The transfer

    private func transfer() -> Result<[UInt8], FetchError> {
        let deadline = Date().addingTimeInterval(timeout)
        let seconds = Int(timeout.rounded())
        var current = url
        for _ in 0...Self.redirectLimit {
            let host = RequestPolicy.displayHost(current)
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .failure(.timeout(host: host, seconds: seconds)) }
            guard let handle = curl_easy_init() else {
                return .failure(.other(host: host, description: "libcurl could not start a transfer"))
            }
            defer { curl_easy_cleanup(handle) }
            body = []
            overflow = false
            contentEncoding = nil
            retryAfter = nil
            var headers: UnsafeMutablePointer<curl_slist>?
            for header in ["Accept: application/json, application/xml, text/xml", "Accept-Encoding: identity", "Expect:"] {
                headers = curl_slist_append(headers, header)
            }
            defer { curl_slist_free_all(headers) }
            let context = Unmanaged.passUnretained(self).toOpaque()
            let milliseconds = max(1, Int(remaining * 1000))
            cambio_curl_set_string(handle, CURLOPT_URL, current.absoluteString)
            cambio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            cambio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            cambio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            cambio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
            cambio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
            cambio_curl_set_long(handle, CURLOPT_MAXFILESIZE, RequestPolicy.sizeLimit)
            cambio_curl_set_string(handle, CURLOPT_USERAGENT, "cambio")
            cambio_curl_set_headers(handle, headers)
            cambio_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody)
            cambio_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
            cambio_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader)
            cambio_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
            cambio_curl_set_progress_callback(handle, reportProgress)
            cambio_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
            cambio_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)

            let code = curl_easy_perform(handle)
            if isCancelled { return .failure(.cancelled) }
            if overflow || code == CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge(host: host, limit: RequestPolicy.sizeLimit)) }
            guard code == CURLE_OK else { return .failure(Self.map(code, handle: handle, host: host, seconds: seconds, received: body.count)) }

            // Plain http was allowed for a loopback name: the address actually reached must be
            // loopback too (`localhost` could be made to resolve elsewhere).
            if current.scheme?.lowercased() == "http" {
                var address: UnsafeMutablePointer<CChar>?
                cambio_curl_get_string(handle, CURLINFO_PRIMARY_IP, &address)
                guard let address, RequestPolicy.isLoopback(String(cString: address)) else {
                    return .failure(.insecureURL(host: host))
                }
            }
            var status = 0
            cambio_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
            if (300..<400).contains(status) {
                var location: UnsafeMutablePointer<CChar>?
                cambio_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
                let target = location.map { String(cString: $0) }.flatMap { URL(string: $0) }
                // The same host and port (a path change) is followed; another host or port is not.
                guard let target, target.host?.lowercased() == current.host?.lowercased(), Self.port(of: target) == Self.port(of: current),
                    case .success = RequestPolicy.validate(target.absoluteString)
                else {
                    return .failure(.redirected(host: host, to: target.map(RequestPolicy.displayHost) ?? UntrustedText("?")))
                }
                current = target
                continue
            }
            guard (200..<300).contains(status) else {
                return .failure(.httpStatus(host: host, code: status, retryAfter: FetchError.retryAfter(retryAfter)))
            }
            if let encoding = contentEncoding, !encoding.isEmpty, encoding != "identity" {
                return .failure(.invalidResponse(host: host, reason: Problem("problem.compressed", encoding)))
            }
            var type: UnsafeMutablePointer<CChar>?
            cambio_curl_get_string(handle, CURLINFO_CONTENT_TYPE, &type)
            if let type, String(cString: type).lowercased().hasPrefix("text/html") {
                return .failure(.invalidResponse(host: host, reason: Problem("problem.html")))
            }
            return .success(body)
        }
        // Redirected on the same host past the limit: a loop, not another host.
        return .failure(.invalidResponse(host: RequestPolicy.displayHost(url), reason: Problem("problem.redirectLoop", String(Self.redirectLimit))))
    }

    /// The port a URL connects to, its scheme's default when none is written.
    static func port(of url: URL) -> Int { url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443) }

    fileprivate func receive(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        guard body.count + count <= RequestPolicy.sizeLimit else {
            overflow = true
            return 0  // libcurl stops with a write error
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }

    fileprivate func header(_ data: UnsafeMutablePointer<CChar>, _ count: Int) {
        let line = data.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        // Without the line's end (CR LF is one character) and the spaces around the value.
        let raw = line[line.index(after: colon)...]
        let value = (raw.last?.isNewline == true ? raw.dropLast() : raw).trimmingSpaces()
        if name == "content-encoding" { contentEncoding = value.lowercased() }
        if name == "retry-after" { retryAfter = value }
    }

    fileprivate var shouldStop: Bool { isCancelled }

    static func map(_ code: CURLcode, handle: UnsafeMutableRawPointer, host: UntrustedText, seconds: Int, received: Int) -> FetchError {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .offline(host: host)
        case CURLE_COULDNT_CONNECT: return .connectionRefused(host: host)
        case CURLE_OPERATION_TIMEDOUT: return .timeout(host: host, seconds: seconds)
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            return .tls(host: host)
        case CURLE_PARTIAL_FILE:
            var expected: curl_off_t = -1
            cambio_curl_get_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
            return .invalidResponse(
                host: host,
                reason: expected > 0 ? Problem("problem.cutOf", String(received), String(expected)) : Problem("problem.cut", String(received)))
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .invalidResponse(host: host, reason: Problem("problem.closed"))
        case CURLE_URL_MALFORMAT:
            return .badURL(host)
        // The URL passed the policy before the transfer: refused now, it is the answer that is
        // no HTTP (HTTP/0.9, another protocol on the port).
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            return .invalidResponse(host: host, reason: Problem("problem.notHTTP"))
        // libcurl gives up on headers past its limit as being out of memory.
        case CURLE_OUT_OF_MEMORY:
            return .invalidResponse(host: host, reason: Problem("problem.headersTooLarge"))
        default:
            return .other(host: host, description: UntrustedText("network error \(code.rawValue): " + String(cString: curl_easy_strerror(code))))
        }
    }
}

// libcurl's callbacks: plain C functions that find their fetcher through the context pointer.

private let receiveBody: cambio_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    return CurlFetcher.fromContext(context).receive(data, size * count)
}

private let receiveHeader: cambio_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    CurlFetcher.fromContext(context).header(data, size * count)
    return size * count
}

private let reportProgress: cambio_curl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 1 }
    return CurlFetcher.fromContext(context).shouldStop ? 1 : 0
}

extension CurlFetcher {
    fileprivate static func fromContext(_ context: UnsafeMutableRawPointer) -> CurlFetcher {
        Unmanaged<CurlFetcher>.fromOpaque(context).takeUnretainedValue()
    }
}
