import CambioCore
import CambioNetwork
import CambioTestSupport
import Foundation
import Testing

@testable import CambioRates

/// A TLS server on 127.0.0.1 with a self-signed certificate: verification stays on, so the
/// refresh fails as a TLS failure and nothing is read.
@Suite struct TLSTests {
    @Test func anUntrustedCertificateIsATLSFailure() throws {
        let home = try TemporaryDirectory()
        let certificate = home.path + "/cert.pem"
        let key = home.path + "/key.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
            "-subj", "/CN=127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl is needed for this test")

        let script = """
            import http.server, ssl, sys
            server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            server.socket = context.wrap_socket(server.socket, server_side=True)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, certificate, key]
        python.currentDirectoryURL = URL(fileURLWithPath: home.path)
        let output = Pipe()
        python.standardOutput = output
        python.standardError = FileHandle.nullDevice
        try python.run()
        // SIGKILL: the server may have inherited a blocked SIGTERM from the test's thread.
        defer {
            kill(python.processIdentifier, SIGKILL)
            python.waitUntilExit()
        }
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let port = try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))

        let cache = RateCache(directory: home.path + "/cache")
        let plan = RefreshPlan(providers: [.ecb], baseURLOverride: "https://127.0.0.1:\(port)", timeout: 5)
        let result = RefreshOperation(plan: plan, cache: cache, transport: CurlTransport()).runNow()
        #expect(result.table == nil)
        #expect(result.mainFailure == .tls(host: "127.0.0.1:\(port)"), "\(String(describing: result.mainFailure))")
    }
}
