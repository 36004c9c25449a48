import CambioCore
import CambioRates
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET over URLSession with a total time limit, a size limit, no redirects to other
/// hosts and TLS verification left on. Cancellable from any thread.
public final class HTTPFetcher: NSObject, URLSessionDataDelegate, TransportRequest, @unchecked Sendable {
    private let lock = NSLock()
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var body: [UInt8] = []
    private var response: HTTPURLResponse?
    private var finished = false
    private var outcome: Result<[UInt8], FetchError>?
    private let done = DispatchSemaphore(value: 0)
    private let host: UntrustedText
    private let url: URL
    private let timeout: TimeInterval

    public init(url: URL, timeout: TimeInterval) {
        self.url = url
        self.timeout = timeout
        host = RequestPolicy.displayHost(url)
        super.init()
    }

    /// Starts the request; `wait` or `cancel` afterwards.
    public func start() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No compression: a small compressed answer can inflate to gigabytes inside the HTTP
        // library before a byte reaches the size check. Answers that are compressed anyway
        // are refused from their headers.
        configuration.httpAdditionalHeaders = [
            "User-Agent": "cambio", "Accept": "application/json, application/xml, text/xml", "Accept-Encoding": "identity",
        ]
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let task = session.dataTask(with: request)
        lock.withLock {
            self.session = session
            self.task = task
        }
        task.resume()
        // Our own deadline, so the total time is bounded whatever the transport does.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
            guard let self else { return }
            self.finish(.failure(.timeout(host: self.host, seconds: Int(self.timeout.rounded()))))
        }
    }

    /// Cancels: the result becomes `.cancelled`.
    public func cancel() {
        finish(.failure(.cancelled))
    }

    /// Blocks until the request ends.
    public func wait() -> Result<[UInt8], FetchError> {
        wait(until: .distantFuture) ?? .failure(.cancelled)
    }

    /// Blocks until the request ends or `deadline`; `nil` when still running.
    public func wait(until deadline: DispatchTime) -> Result<[UInt8], FetchError>? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        done.signal()
        return lock.withLock { outcome }
    }

    private func finish(_ result: Result<[UInt8], FetchError>) {
        let (task, session): (URLSessionDataTask?, URLSession?) = lock.withLock {
            guard !finished else { return (nil, nil) }
            finished = true
            outcome = result
            return (self.task, self.session)
        }
        guard session != nil || task != nil else { return }
        task?.cancel()
        session?.invalidateAndCancel()
        done.signal()
    }

    // MARK: URLSessionDataDelegate

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            finish(.failure(.invalidResponse(host: host, reason: UntrustedText("not an HTTP response"))))
            return
        }
        if !(200..<300).contains(http.statusCode) {
            let retry = FetchError.retryAfter(http.value(forHTTPHeaderField: "Retry-After"))
            completionHandler(.cancel)
            finish(.failure(.httpStatus(host: host, code: http.statusCode, retryAfter: retry)))
            return
        }
        if let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased(),
            !encoding.isEmpty, encoding != "identity"
        {
            completionHandler(.cancel)
            finish(.failure(.invalidResponse(host: host, reason: UntrustedText("a compressed answer (\(encoding)), which was not asked for"))))
            return
        }
        if http.mimeType?.lowercased() == "text/html" {
            completionHandler(.cancel)
            finish(.failure(.invalidResponse(host: host, reason: UntrustedText("an HTML page (text/html), not rates"))))
            return
        }
        if http.expectedContentLength > Int64(RequestPolicy.sizeLimit) {
            completionHandler(.cancel)
            finish(.failure(.tooLarge(host: host, limit: RequestPolicy.sizeLimit)))
            return
        }
        lock.withLock { self.response = http }
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: Bool = lock.withLock {
            body.append(contentsOf: data)
            return body.count > RequestPolicy.sizeLimit
        }
        if tooLarge { finish(.failure(.tooLarge(host: host, limit: RequestPolicy.sizeLimit))) }
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // The same host and port (a path change) is followed; another host or port is not.
        if let target = request.url, target.host?.lowercased() == url.host?.lowercased(), Self.port(of: target) == Self.port(of: url),
            case .success = RequestPolicy.validate(target.absoluteString)
        {
            completionHandler(request)
        } else {
            // Answer the redirect before cancelling: FoundationNetworking traps on the reverse order.
            completionHandler(nil)
            finish(.failure(.redirected(host: host, to: request.url.map(RequestPolicy.displayHost) ?? UntrustedText("?"))))
        }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error else {
            let (body, response) = lock.withLock { (self.body, self.response) }
            if response == nil {
                finish(.failure(.invalidResponse(host: host, reason: UntrustedText("no response"))))
            } else if let expected = response?.expectedContentLength, expected >= 0, Int64(body.count) < expected {
                finish(.failure(.invalidResponse(host: host, reason: UntrustedText("the body was cut off after \(body.count) of \(expected) bytes"))))
            } else {
                finish(.success(body))
            }
            return
        }
        let (received, response) = lock.withLock { (body.count, self.response) }
        if let expected = response?.expectedContentLength, expected > received, (error as NSError).code != NSURLErrorCancelled {
            finish(.failure(.invalidResponse(host: host, reason: UntrustedText("the body was cut off after \(received) of \(expected) bytes"))))
            return
        }
        finish(.failure(Self.map(error, host: host, timeout: timeout)))
    }

    /// The port a URL connects to, its scheme's default when none is written.
    static func port(of url: URL) -> Int { url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443) }

    static func map(_ error: Error, host: UntrustedText, timeout: TimeInterval) -> FetchError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .other(host: host, description: UntrustedText(nsError.localizedDescription)) }
        switch nsError.code {
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorTimedOut: return .timeout(host: host, seconds: Int(timeout.rounded()))
        case NSURLErrorCannotConnectToHost: return .connectionRefused(host: host)
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateNotYetValid, NSURLErrorServerCertificateHasUnknownRoot,
            NSURLErrorClientCertificateRejected:
            return .tls(host: host)
        case NSURLErrorNetworkConnectionLost:
            return .invalidResponse(host: host, reason: UntrustedText("the connection closed before the body was complete"))
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed, NSURLErrorNotConnectedToInternet:
            return .offline(host: host)
        default:
            // FoundationNetworking reports many libcurl failures as “unknown” with curl's own
            // sentence, which names no URL: a certificate problem is still a TLS failure.
            let words = (nsError.userInfo[NSLocalizedDescriptionKey] as? String) ?? ""
            let lowered = words.lowercased()
            if lowered.contains("ssl") || lowered.contains("certificate") || lowered.contains("tls") {
                return .tls(host: host)
            }
            if lowered.contains("could not resolve") { return .offline(host: host) }
            if lowered.contains("connection refused") || lowered.contains("couldn't connect") {
                return .connectionRefused(host: host)
            }
            let said = words.isEmpty ? "" : ": " + words.prefix(120)
            return .other(host: host, description: UntrustedText("network error \(nsError.code)\(said)"))
        }
    }
}

/// Fetches in this process with URLSession.
public struct URLSessionTransport: Transport {
    public init() {}

    public func start(url: URL, timeout: TimeInterval) -> any TransportRequest {
        let fetcher = HTTPFetcher(url: url, timeout: timeout)
        fetcher.start()
        return fetcher
    }
}
