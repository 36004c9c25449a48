import CambioTestSupport
import Foundation
import Testing

/// What is generated from the declarations — the man page and the completion scripts — as
/// snapshot files beside the tests, so that a change of a declaration or a text shows as a
/// diff of what users get. `CAMBIO_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests`
/// writes them anew.
@Suite struct SnapshotTests {
    static let directory = Repository.url("Tests/CambioShellTests/Snapshots")

    @Test(arguments: [
        (["--man"], "cambio.1"), (["--completion", "bash"], "cambio.bash"), (["--completion", "zsh"], "_cambio.zsh"),
        (["--completion", "fish"], "cambio.fish"),
    ])
    func theGeneratedTextIsItsSnapshot(_ arguments: [String], _ name: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(arguments, environment: home.environment(["LANG": "C.UTF-8"]))
        #expect(run.status == 0, "\(run.stderr)")
        let path = Self.directory.appendingPathComponent(name).path
        if ProcessInfo.processInfo.environment["CAMBIO_UPDATE_SNAPSHOTS"] == "1" {
            try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let snapshot = try String(contentsOfFile: path, encoding: .utf8)
        #expect(run.stdout == snapshot, "\(name) differs from its snapshot: run with CAMBIO_UPDATE_SNAPSHOTS=1 and read the diff")
    }
}
