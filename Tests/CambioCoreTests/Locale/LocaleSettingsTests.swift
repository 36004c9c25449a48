import Testing

@testable import CambioCore

@Suite struct LocaleSettingsTests {
    @Test(arguments: [
        ("de_DE.UTF-8", "de_DE"), ("de_DE.utf8@euro", "de_DE"), ("de-DE", "de_DE"), ("tr_TR", "tr_TR"),
        ("sr_Latn_RS", "sr_Latn_RS"), ("ar", "ar"),
    ])
    func normalizesPOSIXNames(_ raw: String, _ expected: String) {
        #expect(LocaleSettings.normalize(raw) == expected)
    }

    @Test(arguments: ["C", "POSIX", "", "C.UTF-8", "../../etc", "x", "de_DE_\u{1B}[31m"])
    func neutralOrMalformedNamesGiveNothing(_ raw: String) {
        #expect(LocaleSettings.normalize(raw) == nil)
    }

    @Test func eachCategoryFollowsPOSIXPrecedence() {
        let settings = LocaleSettings.resolve(environment: [
            "LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LC_MONETARY": "fr_FR.UTF-8", "LC_MESSAGES": "tr_TR.UTF-8",
        ])
        #expect(settings.numbers == "de_DE")
        #expect(settings.money == "fr_FR")
        #expect(settings.messages == "tr_TR")
        #expect(settings.language == "tr")
    }

    @Test func lcAllWinsAndLanguageListIsReadForMessages() {
        let all = LocaleSettings.resolve(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "hi_IN.UTF-8", "LC_NUMERIC": "de_DE"])
        #expect(all.numbers == "hi_IN" && all.money == "hi_IN" && all.messages == "hi_IN")
        let language = LocaleSettings.resolve(environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "de_AT:de:en"])
        #expect(language.messages == "de_AT")
        #expect(language.numbers == "en_US")
    }

    @Test func cOrNothingGivesTheNeutralDefault() {
        #expect(LocaleSettings.resolve(environment: [:]).money == LocaleSettings.neutral)
        #expect(LocaleSettings.resolve(environment: ["LANG": "C.UTF-8", "LC_NUMERIC": "POSIX"]).numbers == LocaleSettings.neutral)
    }

    @Test func anOverrideWinsOverTheEnvironment() {
        let settings = LocaleSettings.resolve(environment: ["LC_ALL": "en_US.UTF-8"], override: "de-CH")
        #expect(settings == LocaleSettings(numbers: "de_CH", money: "de_CH", messages: "de_CH", override: "de_CH"))
    }

    @Test func knownLocalesAreRecognised() {
        #expect(LocaleSettings.isKnown("de_DE"))
        #expect(LocaleSettings.isKnown("ar_EG"))
        #expect(!LocaleSettings.isKnown("xx_YY"))
        #expect(!LocaleSettings.isKnown("qq"))
    }
}
