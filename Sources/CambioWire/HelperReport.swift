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
}
