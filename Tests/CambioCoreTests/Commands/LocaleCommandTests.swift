import Foundation
import Testing

@testable import CambioCore

/// `locale`: shown, set and confirmed in the language chosen.
@Suite struct LocaleCommandTests: LineChecks {

    @Test(.tags(.misread)) func choosingALocaleAnswersInItsLanguage() {
        let outcome = run("locale tr_TR", "de_DE")
        let notes = outcome.reply.lines.compactMap { if case .note(let text) = $0 { text } else { nil } }
        #expect(notes.first?.hasPrefix("yerel ayar") == true, "\(notes)")
    }
}
