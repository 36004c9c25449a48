import Foundation

/// A real directory under /tmp, removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        var template = Array("/tmp/cambio-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The XDG variables pointing into this directory, plus a fixed locale.
    public func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": path, "XDG_CONFIG_HOME": path + "/config", "XDG_STATE_HOME": path + "/state",
            "XDG_CACHE_HOME": path + "/cache", "PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8",
            // The euro as the base whatever the locale's region, unless a test removes it.
            "CAMBIO_BASE": "EUR",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    public func read(_ relative: String) -> String? {
        try? String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    public func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
