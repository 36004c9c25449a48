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

    /// `C` and `POSIX` chosen by name mean what they mean in the environment: en_US.
    @Test(arguments: ["C", "POSIX", "C.UTF-8", "c", "C.utf8", "posix"]) func theCLocaleIsEnglishAsInTheEnvironment(_ name: String) {
        let outcome = run("locale \(name)", "de_DE")
        #expect(!outcome.reply.failed, "\(outcome.reply.lines)")
        #expect(outcome.state.locale.numbers == "en_US" && outcome.state.locale.money == "en_US", "\(outcome.state.locale)")
        #expect(LocaleSettings.chosen(name) == "en_US" && LocaleSettings.normalize(name) == nil)
    }
}
