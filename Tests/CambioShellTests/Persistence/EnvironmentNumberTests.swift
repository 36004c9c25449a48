import CambioTestSupport
import Foundation
import Testing

/// A number from the environment outside its range is said, and the default is used.
@Suite struct EnvironmentNumberTests {
    @Test(arguments: [
        ("CAMBIO_REFRESH_MINUTES", "-5", "using 60"), ("CAMBIO_REFRESH_MINUTES", "525601", "using 60"),
        ("CAMBIO_REFRESH_MINUTES", "abc", "using 60"), ("CAMBIO_TIMEOUT", "0", "using 10"), ("CAMBIO_TIMEOUT", "301", "using 10"),
        ("CAMBIO_TIMEOUT", "99999999999999999999", "using 10"),
    ])
    func anOutOfRangeNumberIsWarnedAbout(_ name: String, _ value: String, _ used: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment([name: value, "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0 && run.stdout == "€1.000 = $1.117\n", "\(run.stderr)")
        #expect(run.stderr.contains("warning: \(name)=") && run.stderr.contains(used), "\(run.stderr)")
    }

    @Test func aNumberInRangeIsSilent() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            ["1", "eur", "in", "usd"], environment: home.environment(["CAMBIO_REFRESH_MINUTES": "5", "CAMBIO_TIMEOUT": "30", "CAMBIO_OFFLINE": "1"]))
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
