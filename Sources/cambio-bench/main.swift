import CambioCore
import Foundation

// Measures, in process, the costs that must stay under a millisecond on every keystroke:
// completion over every code and name, and the live preview of the longest realistic line.
// Prints one line per measurement: name, median microseconds, runs. Used by Scripts/bench.

func medianMicroseconds(runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    samples.sort()
    return samples[samples.count / 2]
}

func report(_ name: String, _ runs: Int, _ microseconds: Double) {
    let padded = name + String(repeating: " ", count: max(0, 46 - name.count))
    print(padded + String(format: "%8.1f µs   (median of %d)", microseconds, runs))
}

guard let table = try? SeedTableDecoder.bundled() else {
    print("the bundled table is unreadable")
    exit(1)
}
for localeID in ["en_US", "de_DE", "tr_TR"] {
    let locale = LocaleSettings(numbers: localeID, money: localeID, messages: localeID)
    let engine = Engine(locale: locale, table: table)
    let state = SessionState(base: .eur, recent: ["USD", "GBP", "JPY"].compactMap(CurrencyCode.init), locale: locale)
    _ = engine.directory.entries  // names are built once per session, on first use

    // Completion: an empty word (every currency), a short prefix, a name word, a multi-word name.
    for typed in ["12 eur in ", "12 eur in u", "12 eur in peso", "12 eur in japanese y", "schw"] {
        let runs = 2000
        let median = medianMicroseconds(runs: runs) {
            _ = Completer.complete(typed, engine: engine, recent: state.recent)
        }
        report("\(localeID) complete “\(typed)”", runs, median)
    }

    // Preview: every prefix of the longest realistic line, as typed key by key.
    let line = localeID == "en_US" ? "1,234,567.89 japanese yen in swiss franc" : "1.234.567,89 japanese yen in swiss franc"
    let prefixes = (1...line.count).map { String(line.prefix($0)) }
    let runs = 200
    let perLine = medianMicroseconds(runs: runs) {
        for prefix in prefixes { _ = engine.preview(prefix, in: state) }
    }
    report("\(localeID) preview per keystroke (\(line.count) keys)", runs, perLine / Double(prefixes.count))
    let full = medianMicroseconds(runs: 2000) { _ = engine.preview(line, in: state) }
    report("\(localeID) preview of the whole line", 2000, full)

    // A calculation, key by key.
    let calculation = localeID == "en_US" ? "(1,234.5 eur + 99.90 usd) × 3 in gbp + 2 %" : "(1.234,5 eur + 99,90 usd) × 3 in gbp + 2 %"
    let calculationPrefixes = (1...calculation.count).map { String(calculation.prefix($0)) }
    let perCalculation = medianMicroseconds(runs: runs) {
        for prefix in calculationPrefixes { _ = engine.preview(prefix, in: state) }
    }
    report("\(localeID) preview of a calculation per keystroke (\(calculation.count) keys)", runs, perCalculation / Double(calculationPrefixes.count))
}
