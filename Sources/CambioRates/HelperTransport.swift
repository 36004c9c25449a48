import CSystem
import CambioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Fetches through the helper program `cambio-fetch`, installed next to `cambio`: one process
/// per request, its report read from a pipe. Keeping the HTTP stack (libcurl, TLS
/// and their libraries) out of the program the user starts saves most of its start-up time.
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
