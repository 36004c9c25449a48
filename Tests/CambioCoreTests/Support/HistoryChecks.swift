import Foundation

@testable import CambioCore

/// The ECB's own CSV (read from the bundled zip by Python's zipfile, an independent reader),
/// and lines evaluated on a fixed day against the history.
enum ECBCSV {
    static let archive = EmbeddedResourcesTests.resources.appendingPathComponent("History/ecb-eurofxref-hist.zip").path

    /// The CSV's rows, as the ECB published them.
    static let rows: [[String]] = {
        let script = """
            import sys, zipfile
            sys.stdout.write(zipfile.ZipFile(sys.argv[1] if len(sys.argv) > 1 else "\(archive)").read("eurofxref-hist.csv").decode())
            """
        guard let lines = try? PythonReference.run(script: script, input: []) else { return [] }
        return lines.filter { !$0.isEmpty }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }()
}

/// Lines evaluated with the history, at a fixed moment.
protocol HistoryChecks: UsesSeed {}

extension HistoryChecks {
    var now: Date { ISO8601DateFormatter().date(from: "2026-11-30T12:00:00Z") ?? Date() }

    func engine(_ locale: String = "en_US") -> Engine {
        Engine(locale: LocaleSettings(numbers: locale, money: locale, messages: locale), table: table)
    }

    func evaluate(_ line: String, _ locale: String = "en_US") -> Reply {
        let engine = engine(locale)
        var state = SessionState(base: .eur, recent: [], locale: engine.locale)
        return engine.evaluate(line, state: &state, now: now).reply
    }
}
