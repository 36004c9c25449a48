import Foundation
import Testing

@testable import CambioCore

extension Tag {
    /// Found by trying the program as its users would (a misread: a plausible wrong number,
    /// or a line read otherwise than meant).
    @Tag static var misread: Self
    /// Found by an exact reference (Python's fractions, the ECB's CSV, ICU).
    @Tag static var reference: Self
}

/// The bundled seed table, read once for every test that needs it.
enum Seed {
    static let table: RateTable = {
        guard let table = try? SeedTableDecoder.bundled() else { fatalError("the bundled seed table does not read") }
        return table
    }()
}

/// Tests that use the seed table.
protocol UsesSeed {}

extension UsesSeed {
    var table: RateTable { Seed.table }
}

/// Lines evaluated in a locale with the seed table, and what their replies say.
protocol LineChecks: UsesSeed {}

extension LineChecks {
    func run(_ line: String, _ locale: String = "en_US") -> Outcome {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        return Engine(locale: settings, table: Seed.table).evaluate(
            line, in: SessionState(base: .eur, recent: [], locale: settings))
    }

    func preview(_ line: String, _ locale: String = "en_US") -> String? {
        let settings = LocaleSettings(numbers: locale, money: locale, messages: locale)
        return Engine(locale: settings, table: Seed.table).preview(
            line, in: SessionState(base: .eur, recent: [], locale: settings))
    }

    func converted(_ outcome: Outcome) -> [String] { outcome.reply.conversions.map { "\($0.from)>\($0.to)" } }

    func notes(_ outcome: Outcome) -> [String] {
        outcome.reply.lines.compactMap { if case .assumption(let text) = $0 { text } else { nil } }
    }

    func error(_ outcome: Outcome) -> CommandError? {
        for case .error(let error, _) in outcome.reply.lines { return error }
        return nil
    }
}
