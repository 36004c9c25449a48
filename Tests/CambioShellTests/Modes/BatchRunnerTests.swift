import CambioCore
import CambioShell
import CambioTestSupport
import Foundation
import Testing

@Suite struct BatchRunnerTests {
    @Test func oneShotConvertsAndExitsZero() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["12,50", "eur", "in", "usd"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(run.status == 0)
        #expect(run.stdout == "12,500\u{00A0}€ = 13,965\u{00A0}$\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func oneShotFailureExitsOneWithTheErrorOnStandardError() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["12,5,3", "eur", "in", "usd"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "  12,5,3 eur in usd\n      ^\nFehler: unerwartetes „,“ nach dem Dezimaltrennzeichen — Beträge schreibt man in de_DE so: 1.234,5\n"
        )
        let english = try Cambio.run(
            ["12,5,3", "eur", "in", "usd"], environment: home.environment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]))
        #expect(
            english.stderr
                == "  12,5,3 eur in usd\n      ^\nerror: unexpected “,” after the decimal separator — amounts in de_DE are written like 1.234,5\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["--frobnicate"], environment: home.environment())
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option “--frobnicate”"))
        let locale = try Cambio.run(["--locale", "xx_YY", "1", "eur"], environment: home.environment())
        #expect(locale.status == 2)
    }

    @Test func helpAndVersion() throws {
        let home = try TemporaryDirectory()
        let help = try Cambio.run(["--help"], environment: home.environment())
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage:\n  cambio [OPTIONS] [COMMAND …]\n"))
        #expect(help.stdout.contains("Exit status"))
        let version = try Cambio.run(["--version"], environment: home.environment())
        #expect(version.stdout.hasPrefix("cambio 0.1.0 · bundled rates of 2026-07-06 (currency-api) · ICU "))
        #expect(version.stdout.contains(", CLDR ") && !version.stdout.contains("?"))
        // Both speak the user's language, and follow --locale.
        let german = try Cambio.run(["--help"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(german.stdout.hasPrefix("Aufruf:\n  cambio [OPTIONEN] [BEFEHL …]\n") && german.stdout.contains("Rückgabewert:"))
        let turkish = try Cambio.run(["--version", "--locale", "tr_TR"], environment: home.environment())
        #expect(turkish.stdout.contains("tarihli paketlenmiş kurlar"))
        let misspelt = try Cambio.run(["--formt", "json"], environment: home.environment(["LANG": "de_DE.UTF-8"]))
        #expect(misspelt.status == 2 && misspelt.stderr.hasPrefix("cambio: unbekannte Option ") && misspelt.stderr.contains("--formt"))
    }

    @Test func pipeModeEvaluatesEveryLineAndNumbersErrors() throws {
        let home = try TemporaryDirectory()
        let input = "12.5 eur in usd\n\nfoo in usd\n1,234.5 jpy to kwd\n12,5,3 eur\n"
        let run = try Cambio.run([], stdin: input, environment: home.environment())
        #expect(run.status == 1)
        #expect(run.stdout == "€12.500 = $13.965\n¥1,234.500 = KWD\u{00A0}2.367\n")
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors[0].hasPrefix("line 3, column 1: unknown currency “foo”"))
        #expect(errors[1].hasPrefix("line 5, column 5: "))
    }

    @Test func pipeModeSucceedsWhenEveryLineDoes() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run([], stdin: "1 usd in eur\r\n2 usd in eur", environment: home.environment())
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 2)
    }

    @Test func localeComesFromTheEnvironmentPerCategory() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            ["12,50", "eur", "in", "usd"], environment: home.environment(["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]))
        // The symbol's place is en_US's; the digits and separators are de_DE's, the ones amounts
        // are read with, so that the result reads back as what it says.
        #expect(run.stdout == "€12,500 = $13,965\n")
        let back = try Cambio.run(
            ["€12,500", "in", "usd"], environment: home.environment(["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]))
        #expect(back.stdout == run.stdout)
        let overridden = try Cambio.run(["1500", "jpy", "in", "eur"], environment: home.environment(["CAMBIO_LOCALE": "ar_EG"]))
        #expect(overridden.stdout.contains("١٬٥٠٠٫٠٠٠"))
    }

    @Test func scriptsChangeNoSavedStateUnlessAskedTo() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment()
        // A pipe's own settings apply to its own lines…
        let piped = try Cambio.run([], stdin: "base gbp\n100\n", environment: environment)
        #expect(piped.stdout.contains("£100.000 = "), "\(piped.stdout)")
        // …and never move the shell's base or recents.
        _ = try Cambio.run(["1", "chf", "in", "gbp"], environment: environment)
        #expect(home.read("config/cambio/config") == nil)
        #expect(home.read("state/cambio/recent") == nil)
    }

    @Test func baseAndRecentsPersistAcrossRunsWithSave() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment()
        _ = try Cambio.run(["--save", "base", "jpy"], environment: environment)
        _ = try Cambio.run(["--save", "1", "chf", "in", "gbp"], environment: environment)
        #expect(home.read("config/cambio/config")?.contains("base = JPY") == true)
        #expect(home.read("state/cambio/recent") == "CHF\nGBP\n")
        let bare = try Cambio.run(["1000"], environment: environment)
        #expect(bare.stdout.split(separator: "\n").count == 2)
        #expect(bare.stdout.hasPrefix("¥1,000.000 = CHF"))
        _ = try Cambio.run(["recent", "clear", "--save"], environment: environment)
        #expect(home.read("state/cambio/recent") == "")
    }

    @Test func aCorruptConfigGivesAWarningAndDefaults() throws {
        let home = try TemporaryDirectory()
        try home.write("config/cambio/config", "base = ???\n\u{1B}[31mgarbage\n")
        try home.write("state/cambio/recent", "\u{0}\u{1}binary\n")
        let run = try Cambio.run(["1", "usd"], environment: home.environment())
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("$1.000 = €"))
        #expect(run.stderr.contains("warning"))
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func stateFilesArePrivate() throws {
        let home = try TemporaryDirectory()
        _ = try Cambio.run(["--save", "base", "usd"], environment: home.environment())
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/config/cambio/config")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: home.path + "/config/cambio")
        #expect((directory[.posixPermissions] as? Int) == 0o700)
    }

    @Test func strangeInputNeverCrashesThePipe() throws {
        let home = try TemporaryDirectory()
        var input = String(repeating: "x", count: 100_000) + "\n"
        input += "\u{1B}[2J\u{7}\n"
        input += String(decoding: [0xFF, 0xFE, 0x31, 0x0A], as: UTF8.self)
        input += "1 eur in usd\n"
        let run = try Cambio.run([], stdin: input, environment: home.environment())
        #expect(run.status == 1)
        #expect(run.stdout == "€1.000 = $1.117\n")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func jsonGivesExactDecimalsForEveryConversion() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["--format", "json", "12.5", "eur", "in", "usd,", "jpy"], environment: home.environment())
        #expect(run.status == 0)
        let objects = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 2)
        let strings = objects.first?.compactMapValues { $0 as? String }
        #expect(
            strings == [
                "type": "conversion", "amount": "12.5", "from": "EUR", "to": "USD", "result": "13.965", "rounded": "13.965",
                "rate": "1.1172", "date": "2026-10-30", "source": "ecb", "date_asked": "", "substitution": "", "period": "",
            ])
        #expect(objects.allSatisfy { $0["line"] as? Int == 1 })
        #expect(objects.first?["result_exact"] as? Bool == true && objects.first?["rate_exact"] as? Bool == true)
        #expect(objects.last?["rate"] as? String == "175.68")
        // From USD into JPY the rate has no finite decimal: 40 significant digits, said so.
        let cross = try Cambio.run(["--format", "json", "1", "usd", "in", "jpy"], environment: home.environment())
        let object = try JSONSerialization.jsonObject(with: Data(cross.stdout.utf8)) as? [String: Any]
        #expect(object?["rate"] as? String == "157.2502685284640171858216970998925886144")
        #expect(object?["rate_exact"] as? Bool == false && object?["result_exact"] as? Bool == false)
    }

    @Test func tsvGivesOneLinePerConversionWhateverTheLocale() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            ["--format=tsv"], stdin: "12,5 eur in usd\n-1.000 jpy in eur\n", environment: home.environment(["LANG": "de_DE.UTF-8"]))
        // A header names the columns; then the input line, the record's type and the conversion's
        // fields (those of a date, a fee and a label empty), the same list for every conversion.
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        // The table's columns start with a conversion's, up to its label, as they always did.
        let width = OutputFormat.tableColumns.count + 2
        #expect(rows.map(\.count) == [width, width, width])
        #expect(
            rows.first?.prefix(23).joined(separator: " ")
                == "line type amount from to rounded result rate date source date_asked substitution period period_days result_exact rate_exact"
                + " part fee_percent rounded_with_fee result_with_fee mid_rate markup_percent label")
        #expect(
            run.stdout.contains("\n1\tconversion\t12.5\tEUR\tUSD\t13.965\t13.965\t1.1172\t2026-10-30\tecb\t\t\t\t\ttrue\ttrue\tfalse\t\t\t\t\t\t\t"))
        #expect(run.stdout.contains("2\tconversion\t-1000\tJPY\tEUR\t-5.692\t"))
        let bad = try Cambio.run(["--format", "xml", "1", "eur"], environment: home.environment())
        #expect(bad.status == 2)
    }
}

extension BatchRunnerTests {
    @Test func aByteOrderMarkAndCommentsInPipedInputAreNoErrors() throws {
        let home = try TemporaryDirectory()
        let input = "\u{FEFF}1 eur in usd\n# a comment\n2 eur in usd # lunch\n   # indented\n"
        let run = try Cambio.run([], stdin: input, environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "€1.000 = $1.117\n€2.000 = $2.234\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func whatWasTakenIsSaidOnStandardErrorInPipes() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run([], stdin: "1 eur in usd\n100 peso in usd\n5 peso in eur\n", environment: home.environment())
        #expect(run.stdout.split(separator: "\n").count == 3)
        // Once, where it was first taken.
        #expect(run.stderr == "line 2: “peso” taken as MXN (Mexican Peso)\n", "\(run.stderr)")
        let oneShot = try Cambio.run(["100", "peso", "in", "usd"], environment: home.environment())
        #expect(oneShot.stderr == "cambio: “peso” taken as MXN (Mexican Peso)\n")
    }

    /// A day without rates is said once in a pipe, where it was first asked, in the user's
    /// language; another day and another reason each get their own note.
    @Test(arguments: [
        (
            "en_US.UTF-8", "1.5",
            "line 2: Sat 2024-03-30 has no ECB reference rates (a weekend): rates of Thu 2024-03-28\n"
                + "line 4: Fri 2024-03-29 has no ECB reference rates (a holiday): rates of Thu 2024-03-28\n"
                + "line 5: Sun 2024-03-31 has no ECB reference rates (a weekend): rates of Thu 2024-03-28\n"
        ),
        (
            "de_DE.UTF-8", "1,5",
            "Zeile 2: Sa. 2024-03-30 hat keine EZB-Referenzkurse (Wochenende): Kurse vom Do. 2024-03-28\n"
                + "Zeile 4: Fr. 2024-03-29 hat keine EZB-Referenzkurse (Feiertag): Kurse vom Do. 2024-03-28\n"
                + "Zeile 5: So. 2024-03-31 hat keine EZB-Referenzkurse (Wochenende): Kurse vom Do. 2024-03-28\n"
        ),
        (
            "tr_TR.UTF-8", "1,5",
            "satır 2: Cmt 2024-03-30 için ECB referans kuru yok (hafta sonu): Per 2024-03-28 kurları\n"
                + "satır 4: Cum 2024-03-29 için ECB referans kuru yok (tatil): Per 2024-03-28 kurları\n"
                + "satır 5: Paz 2024-03-31 için ECB referans kuru yok (hafta sonu): Per 2024-03-28 kurları\n"
        ),
    ])
    func aDayWithoutRatesIsSaidOnceWhereItWasFirstAsked(_ lang: String, _ amount: String, _ said: String) throws {
        let home = try TemporaryDirectory()
        let input = ["2024-03-28", "2024-03-30", "2024-03-30", "2024-03-29", "2024-03-31", "2024-03-30"].map { "\(amount) eur in usd on \($0)\n" }
            .joined()
        let run = try Cambio.run([], stdin: input, environment: home.environment(["LANG": lang, "LC_ALL": lang, "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 6, "\(run.stdout)")
        #expect(run.stderr == said, "\(run.stderr)")
    }

    /// Status names the language the messages are actually in when the locale has none of
    /// its own.
    @Test(arguments: [("ar_EG.UTF-8", true), ("he_IL.UTF-8", true), ("de_AT.UTF-8", false), ("tr_TR.UTF-8", false), ("en_GB.UTF-8", false)])
    func statusSaysWhenMessagesFallBackToEnglish(_ lang: String, _ fallsBack: Bool) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["status"], environment: home.environment(["LANG": lang, "LC_ALL": lang, "CAMBIO_OFFLINE": "1"]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(no texts in this language yet: English)") == fallsBack, "\(run.stdout)")
    }

    /// In a pipe too, an amount with more than three decimals is echoed whole.
    @Test func aPipeEchoesEveryDecimalOfTheAmountGiven() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(
            [], stdin: "0.0001 eur in vnd\n16.5405 cve in eur\n16.5400 cve in eur\n12.5 eur in usd\n", environment: home.environment())
        let echoed = run.stdout.split(separator: "\n").map { $0.components(separatedBy: " = ")[0] }
        #expect(echoed == ["€0.0001", "CVE\u{A0}16.5405", "CVE\u{A0}16.540", "€12.500"], "\(run.stdout)")
    }

    /// Choosing a provider pins it: offline, `source ecb` is the ECB's bundled history; a
    /// provider none of whose rates are held says so, and its lines fail until they come.
    @Test func choosingAProviderPinsItsNewestDayHeld() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["CAMBIO_OFFLINE": "1"])
        let chosen = try Cambio.run(["--format", "json"], stdin: "source ecb\n1 eur in usd\n12 aed in usd\n", environment: environment)
        let records = chosen.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.map { $0["type"] as? String } == ["text", "text", "conversion", "error"], "\(chosen.stdout)")
        #expect((records[1]["text"] as? String)?.contains("2026-10-30") == true)
        #expect(records[2]["source"] as? String == "ecb" && records[2]["date"] as? String == "2026-10-30")
        // AED is no ECB currency: with the ECB pinned it has no rate, and the error says how to unpin.
        #expect(records.last?["type"] as? String == "error" && (records.last?["message"] as? String)?.contains("source auto") == true)
        let none = try Cambio.run([], stdin: "source exchangerate-api\n1 eur in usd\n", environment: environment)
        #expect(none.status == 1)
        #expect(none.stderr.contains("line 1: no ExchangeRate-API rates are held yet"), "\(none.stderr)")
        #expect(none.stderr.contains("line 2: no rates of exchangerate-api are held yet"), "\(none.stderr)")
        let same = try Cambio.run([], stdin: "source currency-api\nsource auto\n", environment: environment)
        #expect(
            same.stderr == "cambio: settings changed by a script or one-shot command apply to this run only; --save keeps them\n", "\(same.stderr)")
    }

    /// A control character or bytes that are not UTF-8 get an error that says what to do.
    @Test func aStrayCharacterOrByteIsNamedWithWhatToDo() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.shell("printf '12 eur in usd\\033\\n12 \\377 eur\\n' | '\(Cambio.executable)'", environment: home.environment())
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "line 1, column 14: unexpected character “U+001B” — remove it: a line holds amounts, currencies and words (“help” shows them)\n"
                + "line 2, column 4: bytes that are not UTF-8 text — cambio reads UTF-8 lines\n", "\(run.stderr)")
    }

    /// A question is answered in a pipe too: `base` and `preview` without an argument.
    @Test func questionsAreAnsweredInPipes() throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run([], stdin: "preview\nbase\n", environment: home.environment())
        #expect(run.stdout == "live results while typing: on\nEUR (Euro)\n", "\(run.stdout)")
    }

    /// Calculations and the fee in a pipe, as text and as JSON; a saved fee is in the config and
    /// applies to the next run.
    @Test func calculationsAndTheFeeInAPipe() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment(["LANG": "de_DE.UTF-8"])
        let text = try Cambio.run([], stdin: "3 × 12,50 eur\n12 eur * 5 usd\n129*1,07\n", environment: environment)
        #expect(text.stdout == "3 × 12,500\u{00A0}€ = 37,500\u{00A0}€\n129 × 1,07 = 138,030\n", "\(text.stdout)")
        #expect(text.stderr.contains("Zeile 2, Spalte 8: Geld lässt sich nicht mit Geld multiplizieren"), "\(text.stderr)")
        #expect(text.status != 0)
        let json = try Cambio.run(["--format", "json"], stdin: "12 eur + 5 usd in gbp\n", environment: environment)
        let records = json.stdout.split(separator: "\n")
        #expect(records.count == 3, "\(json.stdout)")
        #expect(records.last?.contains("\"type\": \"expression\", \"typed\": \"12 eur + 5 usd in gbp\"") == true, "\(json.stdout)")
        #expect(records.first?.contains("\"from\": \"USD\", \"to\": \"EUR\"") == true, "\(json.stdout)")
        // A fee set with --save is kept and shown beside the next run's results.
        _ = try Cambio.run(["--save", "fee", "1,75", "%"], environment: environment)
        #expect(home.read("config/cambio/config")?.contains("fee = 1.75") == true, "\(home.read("config/cambio/config") ?? "")")
        let fee = try Cambio.run(["100", "eur", "in", "usd"], environment: environment)
        #expect(fee.stdout.contains("mit 1,75\u{00A0}% Gebühr"), "\(fee.stdout)")
    }

    /// The place of a problem in a pipe is said in the user's language, like the problem.
    @Test(arguments: [("de_DE.UTF-8", "Zeile 2, Spalte 1: "), ("tr_TR.UTF-8", "satır 2, sütun 1: "), ("en_US.UTF-8", "line 2, column 1: ")])
    func aPipesProblemIsPlacedInTheUsersLanguage(_ lang: String, _ place: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run([], stdin: "1 eur in usd\nqqq in usd\n", environment: home.environment(["LANG": lang, "LC_ALL": lang]))
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix(place), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1)
    }

    /// A script that changes the base without --save is told, once, that the change is for
    /// this run; with --save it is kept and nothing is said.
    @Test func aSettingChangedInAPipeIsSaidToLastForTheRunOnly() throws {
        let home = try TemporaryDirectory()
        let script = "base usd\n1 eur\nbase gbp\n1 eur\n"
        let run = try Cambio.run([], stdin: script, environment: home.environment())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "cambio: settings changed by a script or one-shot command apply to this run only; --save keeps them\n", "\(run.stderr)")
        // Each change is confirmed on standard output, where its record would be.
        #expect(
            run.stdout == "base currency: USD (US Dollar)\n€1.000 = $1.117\nbase currency: GBP (British Pound)\n€1.000 = £0.834\n", "\(run.stdout)")
        let after = try Cambio.run(["status"], environment: home.environment())
        #expect(!after.stdout.contains("GBP"), "\(after.stdout)")
        let saved = try Cambio.run(["--save"], stdin: script, environment: home.environment())
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.isEmpty, "\(saved.stderr)")
        #expect(saved.stdout.hasPrefix("base currency: USD (US Dollar)\n"), "\(saved.stdout)")
    }

    /// Every setting command says what it did in a one-shot run, and the run-only notice fits
    /// each (it named base, locale and source for `fee off`; `recent clear` said nothing).
    @Test(arguments: [
        (["recent", "clear"], "recent currencies cleared"), (["preview", "off"], "live results while typing: off"),
        (["fee", "off"], "no card fee: results are mid-market"), (["fee", "2"], "card fee on every conversion: 2%"),
        (["base", "chf"], "base currency: CHF (Swiss Franc)"),
    ])
    func aOneShotSettingSaysWhatItDid(_ words: [String], _ said: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(words, environment: home.environment())
        #expect(run.status == 0 && run.stdout == said + "\n", "\(run.stdout)")
        #expect(run.stderr == "cambio: settings changed by a script or one-shot command apply to this run only; --save keeps them\n", "\(run.stderr)")
        let saved = try Cambio.run(["--save"] + words, environment: home.environment())
        #expect(saved.stdout == said + "\n" && saved.stderr.isEmpty, "\(saved.stdout) \(saved.stderr)")
    }

    /// After `recent clear` a bare amount shows the default currencies without making them
    /// recent: the list stays empty until the user converts.
    @Test func recentClearLasts() throws {
        let home = try TemporaryDirectory()
        let environment = home.environment()
        _ = try Cambio.run(["--save", "1", "eur", "in", "jpy"], environment: environment)
        _ = try Cambio.run(["--save", "recent", "clear"], environment: environment)
        let bare = try Cambio.run(["--save", "100"], environment: environment)
        #expect(bare.stdout.split(separator: "\n").count == 4, "\(bare.stdout)")
        #expect(try Cambio.run(["recent"], environment: environment).stdout == "no recent currencies yet\n")
        _ = try Cambio.run(["--save", "1", "eur", "in", "try"], environment: environment)
        // A header and two currencies.
        #expect(try Cambio.run(["--format", "tsv", "recent"], environment: environment).stdout.split(separator: "\n").count == 3)
    }

    @Test(arguments: [("$", ["USD", "CAD", "AUD", "MXN"], "EUR"), ("€", ["EUR"], "USD"), ("₺", ["TRY"], "EUR")])
    func listWithASignListsTheCurrenciesWrittenWithIt(_ sign: String, _ expected: [String], _ absent: String) throws {
        let home = try TemporaryDirectory()
        let run = try Cambio.run(["list", sign], environment: home.environment())
        let codes = Set(run.stdout.split(separator: "\n").map { String($0.prefix(3)) })
        #expect(Set(expected).isSubset(of: codes), "\(run.stdout)")
        #expect(!codes.contains(absent))
        #expect(codes.count < 30)
    }

    @Test func aCurrencyTheTableLacksSaysWhichTableAndWhatWouldHaveIt() throws {
        let home = try TemporaryDirectory()
        // An ECB table in the cache: 31 currencies, no Argentine peso.
        let table = """
            {"format": 1, "provider": "ecb", "base": "EUR", "date": "2026-11-27", "fetched": "2026-11-30T06:00:00Z", "rates": {"EUR": 1, "USD": 1.16, "JPY": 181.2}}
            """
        try home.write("cache/cambio/rates-ecb.json", table)
        let run = try Cambio.run(["1", "eur", "in", "ars"], environment: home.environment(["CAMBIO_PROVIDER": "ecb"]))
        #expect(run.status == 1)
        #expect(run.stderr.contains("no rate in the rates of ecb held (2026-11-27, 3 currencies), the source pinned"), "\(run.stderr)")
        #expect(run.stderr.contains("the bundled table of 2026-07-06 has it"))
        #expect(run.stderr.contains("“source auto”"))
        // The cached day is newer than the bundled history's: the pinned source's newest answers.
        let usd = try Cambio.run(["1", "eur", "in", "usd"], environment: home.environment(["CAMBIO_PROVIDER": "ecb"]))
        #expect(usd.stdout == "€1.000 = $1.160\n", "\(usd.stderr)")
    }
}

extension BatchRunnerTests {
    @Test func everyCommandGivesARecordWithItsLineNumber() throws {
        let home = try TemporaryDirectory()
        let input = "eur in usd\n\nrates usd gbp\nlist chf\nbase\nstatus\nfoo in usd\nhelp swap\n"
        let run = try Cambio.run(["--format", "json"], stdin: input, environment: home.environment(["LANG": "de_DE.UTF-8"]))
        let objects = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let summary = objects.map { "\($0["line"] as? Int ?? 0) \($0["type"] as? String ?? "?")" }
        #expect(summary == ["1 rate", "3 rate", "3 rate", "4 currency", "5 base", "6 status", "7 error", "8 text"], "\(run.stdout)")
        // Numbers are plain decimals with a point whatever the locale; names stay English keys.
        #expect(objects.first?["rate"] as? String == "1.1172")
        #expect(objects.first?["inverse"] as? String == "0.8950948800572860723236663086287146437522")
        #expect(objects[3]["minor_units"] as? Int == 2)
        // The newest rates held are the ECB's bundled day: 29 currencies and the euro.
        #expect(objects[5]["currencies"] as? Int == 30 && objects[5]["locale_numbers"] as? String == "de_DE")
        #expect(objects[5]["held_ecb"] as? String == "2026-10-30" && objects[5]["held_currency_api"] as? String == "2026-07-06")
        #expect(objects[6]["column"] as? Int == 1)
        // A command that changes a setting says so in a record too.
        for line in ["fee 1,75 %", "fee off", "recent clear", "preview off"] {
            let set = try Cambio.run(["--format", "json"], stdin: line + "\n", environment: home.environment(["LANG": "de_DE.UTF-8"]))
            #expect(set.stdout.hasPrefix("{\"line\": 1, \"type\": \"text\""), "\(line): \(set.stdout) \(set.stderr)")
        }
        // An error without a column has none: null, not a string where a number stands.
        let dated = try Cambio.run(["--format", "json", "source", "nowhere"], environment: home.environment())
        let error = dated.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.first
        #expect(error?["type"] as? String == "error" && error?["column"] is NSNull, "\(dated.stdout)")
        let tsv = try Cambio.run(["--format", "tsv"], stdin: "rates usd\nfoo\n", environment: home.environment())
        // One header; each record's fields under their names.
        let table = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(table.first)
        #expect(header.prefix(4) == ["line", "type", "amount", "from"] && table.dropFirst().allSatisfy { $0[0] != "line" }, "\(tsv.stdout)")
        func cell(_ row: [String], _ name: String) -> String? { header.firstIndex(of: name).map { row[$0] } }
        let rate = try #require(table.first { $0.count > 1 && $0[1] == "rate" })
        #expect(cell(rate, "from") == "EUR" && cell(rate, "to") == "USD" && cell(rate, "rate") == "1.1172")
        #expect(cell(rate, "inverse") == "0.8950948800572860723236663086287146437522" && cell(rate, "date") == "2026-10-30")
        let failed = try #require(table.first { $0.count > 1 && $0[1] == "error" })
        #expect(failed[0] == "2" && cell(failed, "column") == "1" && cell(failed, "message")?.hasPrefix("unknown currency") == true)
    }
}
