import Foundation
import Testing

@testable import CambioCore

/// The periods `average` reads, by its one rule, in the locale's forms and languages.
@Suite struct PeriodReaderTests {
    let today = Day(iso: "2026-12-01")!

    func read(_ text: String, _ locale: String, messages: String = "en_US") -> String {
        let reader = PeriodReader(dates: DateReader(localeID: locale), localeIDs: [locale, messages])
        switch reader.read(text, today: today) {
        case .success(let period): return "\(period.from.iso)..\(period.through.iso)"
        case .failure(let problem): return "\(problem)"
        }
    }

    @Test(arguments: [
        ("2024", "en_US", "2024-01-01..2024-12-31"),
        ("2024-03", "en_US", "2024-03-01..2024-03-31"),
        ("2024-02", "de_DE", "2024-02-01..2024-02-29"),
        ("03.2024", "de_DE", "2024-03-01..2024-03-31"),
        ("3/2024", "en_US", "2024-03-01..2024-03-31"),
        ("März 2024", "de_DE", "2024-03-01..2024-03-31"),
        ("märz 2024", "de_DE", "2024-03-01..2024-03-31"),
        ("Mart 2024", "tr_TR", "2024-03-01..2024-03-31"),
        ("Şubat 2023", "tr_TR", "2023-02-01..2023-02-28"),
        ("March 2024", "de_DE", "2024-03-01..2024-03-31"),
        ("Mar 2024", "en_US", "2024-03-01..2024-03-31"),
        ("2024 March", "en_US", "2024-03-01..2024-03-31"),
        ("٢٠٢٤-٠٣", "ar_EG", "2024-03-01..2024-03-31"),
        ("2024-01-01..2024-06-30", "en_US", "2024-01-01..2024-06-30"),
        ("01.01.2024..30.06.2024", "de_DE", "2024-01-01..2024-06-30"),
        ("1/1/2024…6/30/2024", "en_US", "2024-01-01..2024-06-30"),
        ("2024-03-15", "en_US", "2024-03-15..2024-03-15"),
    ])
    func readsEachForm(_ text: String, _ locale: String, _ expected: String) {
        #expect(read(text, locale) == expected, "\(text) in \(locale)")
    }

    @Test func eachMonthNameOfTheLanguagesReadsAsItsMonth() {
        for locale in ["en_US", "de_DE", "tr_TR", "fr_FR"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: locale)
            for (index, name) in calendar.monthSymbols.enumerated() {
                let first = Day(year: 2023, month: index + 1, day: 1)!
                #expect(read("\(name) 2023", locale).hasPrefix(first.iso + ".."), "\(name) in \(locale)")
            }
        }
    }

    @Test(arguments: [
        ("", "missing"), ("2024-13", "noSuchMonth"), ("2024-06-30..2024-01-01", "reversed"), ("someday", "unreadable"),
        ("Foo 2024", "unreadable"), ("2024-01-01..2024-02-31", "day"),
    ])
    func refusesWhatIsNoPeriod(_ text: String, _ problem: String) {
        #expect(read(text, "en_US").hasPrefix(problem), "\(text): \(read(text, "en_US"))")
    }
}
