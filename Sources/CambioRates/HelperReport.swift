import CambioCore

extension HelperReport {
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
