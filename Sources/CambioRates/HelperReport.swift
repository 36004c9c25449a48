import CSystem
import CambioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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
            func strings(_ key: String, _ values: [String]) { fields.append((key, "[" + values.map(JSONText.string).joined(separator: ",") + "]")) }
            switch error {
            case .offline(let host): string("error", "offline"); string("host", host.raw)
            case .connectionRefused(let host): string("error", "refused"); string("host", host.raw)
            case .timeout(let host, let seconds): string("error", "timeout"); string("host", host.raw); number("seconds", seconds)
            case .httpStatus(let host, let code, let retryAfter):
                string("error", "status"); string("host", host.raw); number("code", code)
                if let retryAfter { number("retryAfter", retryAfter) }
            case .invalidResponse(let host, let reason):
                string("error", "invalid"); string("host", host.raw); string("reason", reason.key); strings("arguments", reason.arguments.map(\.raw))
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
        func list(_ key: String) -> [UntrustedText] {
            guard case .array(let items)? = value[key] else { return [] }
            return items.compactMap { $0.stringValue.map { UntrustedText($0) } }
        }
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
                number("code").map {
                    .httpStatus(host: host, code: $0, retryAfter: number("retryAfter").map { min(max(0, $0), FetchError.maximumRetryAfter) })
                }
            case "invalid": field("reason").map { .invalidResponse(host: host, reason: Problem(key: $0.raw, arguments: list("arguments"))) }
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
