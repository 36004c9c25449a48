import Foundation

@testable import CambioCore

/// A host that records what the engine asked of it and answers as a test sets it up.
final class RecordingHost: SessionHost {
    var refreshes = 0
    var sources: [String?] = []
    var previews: [Bool?] = []
    var fetches: [HistoryNeed] = []
    var statusAsked = 0

    /// What `refresh` gives.
    var refreshed: RateTable?
    /// What `fetch` does (adds days to a history, or fails).
    var onFetch: (HistoryNeed) -> HistoryFetch = { _ in .unavailable }
    var previewOn = true

    var providerNames: [String] { ["currency-api", "ecb"] }

    func refresh() -> RefreshReport {
        refreshes += 1
        return RefreshReport(lines: [.note(refreshed == nil ? "refresh failed" : "rates updated")], table: refreshed)
    }

    func source(_ name: String?) throws(CommandError) -> SourceChoice {
        sources.append(name)
        guard let name else { return SourceChoice(lines: [.result("providers")], chosen: nil) }
        guard providerNames.contains(name) || name == "auto" else { throw CommandError(.unknownProvider(name, known: providerNames), at: nil) }
        return SourceChoice(lines: [.result("chose \(name)")], chosen: name == "auto" ? nil : (name, name.uppercased()))
    }

    func preview(_ on: Bool?) -> Bool {
        previews.append(on)
        if let on { previewOn = on }
        return previewOn
    }

    func fetch(_ need: HistoryNeed) -> HistoryFetch {
        fetches.append(need)
        return onFetch(need)
    }

    func statusFacts(now: Date, _ localized: Localization) -> (rates: [Fact], files: [Fact]) {
        statusAsked += 1
        return ([Fact("provider_test", "provider", "a recording host")], [Fact("config", "config", "/nowhere/config")])
    }

    func environmentLocale() -> LocaleSettings { LocaleSettings(numbers: "tr_TR", money: "tr_TR", messages: "tr_TR") }
}
