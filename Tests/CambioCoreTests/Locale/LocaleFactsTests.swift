import CambioTestSupport
import Foundation
import Testing

@testable import CambioCore

@Suite struct LocaleFactsTests {
    /// What a fact may hold, stated through Unicode's categories alone: at most 200 scalars,
    /// no control but the newline, no format character but the bidi marks, the joiner and the
    /// isolates ICU writes.
    static func plausibleByCategory(_ text: String) -> Bool {
        text.unicodeScalars.count <= 200
            && text.unicodeScalars.allSatisfy { scalar in
                let category = scalar.properties.generalCategory
                if category == .control { return scalar == "\n" }
                return category != .format || Sanitiser.bidiMarks.contains(Character(scalar))
                    || scalar == "\u{200D}" || scalar == "\u{2068}" || scalar == "\u{2069}"
            }
    }

    /// Scalars near every edge the fast checks draw, and any other.
    static func scalar(_ random: inout SplitMix64) -> Unicode.Scalar {
        let edges: [UInt32] = [
            0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xAD, 0xAE, 0x5FF, 0x600, 0x605, 0x61C, 0x6DD,
            0x70F, 0x180E, 0x200B, 0x200D, 0x200E, 0x200F, 0x202A, 0x202F, 0x2060, 0x2066, 0x2068, 0x2069, 0xFEFF, 0xFFFB,
            0x110BD, 0xE0001, 0xE007F,
        ]
        let value: UInt32
        switch Int.random(in: 0..<4, using: &random) {
        case 0: value = edges[Int.random(in: 0..<edges.count, using: &random)]
        case 1: value = UInt32.random(in: 0x20..<0x7F, using: &random)
        case 2: value = UInt32.random(in: 0x80..<0x3000, using: &random)
        default: value = UInt32.random(in: 0..<0x11_0000, using: &random)
        }
        return Unicode.Scalar(value) ?? "?"
    }

    @Test func theFastCheckAgreesWithTheCategoriesOnRandomText() {
        var random = SplitMix64(seed: 20_261_202)
        var refused = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<12, using: &random) { text.unicodeScalars.append(Self.scalar(&random)) }
            if Bool.random(using: &random) { text = String(repeating: "a", count: Int.random(in: 185..<215, using: &random)) + text }
            #expect(LocaleFacts.plausible(text) == Self.plausibleByCategory(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if !Self.plausibleByCategory(text) { refused += 1 }
        }
        // Both answers occur often, so the agreement means something.
        #expect(refused > 2_000 && refused < 18_000, "\(refused)")
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(LocaleFacts.plausible(String(scalar)) == Self.plausibleByCategory(String(scalar)), "U+\(String(value, radix: 16))")
        }
    }

    /// Facts of every kind, with every escaped character, read back exactly as written.
    /// A locale's conventions and date reader, kept for the process, are the ones made from
    /// the facts, for every locale asked (and for one ICU does not know).
    @Test(arguments: ["de_DE", "en_US", "en_IN", "tr_TR", "ar_EG", "fa_IR", "de_CH", "xx_YY"])
    func keptConventionsAreTheOnesMade(_ localeID: String) {
        #expect(NumberConventions.of(localeID) == NumberConventions(localeID: localeID))
        #expect(NumberConventions.of(localeID) == NumberConventions.of(localeID))
        let (kept, made) = (DateReader.of(localeID), DateReader(localeID: localeID))
        #expect(kept.localeID == made.localeID && kept.order == made.order && kept.separator == made.separator)
    }

    @Test func writtenFactsReadBackAsWritten() {
        var random = SplitMix64(seed: 7)
        let pieces = ["€", "1.234", "\u{00A0}", "\u{202F}", "\u{200F}", "\\", "x", " ", "ر.س.", "\u{2068}€\u{2069}"]
        for _ in 0..<300 {
            let written = LocaleFacts()
            var expected: [String: String] = [:]
            for index in 0..<Int.random(in: 1..<20, using: &random) {
                var value = ""
                for _ in 0..<Int.random(in: 0..<6, using: &random) { value += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                let key = ["money de_DE EUR +", "number-grouping de_DE", "name tr \\ USD"][index % 3] + " \(index)"
                if key.hasPrefix("number-grouping"), Bool.random(using: &random) { value += "\n10.000" }
                expected[key] = written.value(key) { value }
            }
            let stamp = "0.1.0 \\ \(Int.random(in: 0..<1000, using: &random))"
            let read = LocaleFacts()
            #expect(read.load(written.serialized(stamp: stamp), stamp: stamp))
            #expect(!read.hasChanges)
            for (key, value) in expected { #expect(read.value(key) { "asked again" } == value, "\(key.debugDescription)") }
            #expect(!LocaleFacts().load(written.serialized(stamp: stamp), stamp: stamp + "x"))
        }
    }

    final class Reads: @unchecked Sendable { var count = 0 }

    /// A file given for first use is read when the first fact is asked, once, and only if it
    /// has the stamp; what it lacks is asked and learned.
    @Test func aFileForFirstUseIsReadWhenTheFirstFactIsAsked() {
        let written = LocaleFacts()
        _ = written.value("currency-name de EUR") { "Euro" }
        let text = written.serialized(stamp: "s")
        for (stamp, remembered) in [("s", true), ("other", false)] {
            let reads = Reads()
            let facts = LocaleFacts()
            facts.loadOnFirstUse(stamp: stamp) {
                reads.count += 1
                return text
            }
            #expect(reads.count == 0)
            #expect(!facts.hasChanges)
            #expect(facts.value("currency-name de EUR") { "asked" } == (remembered ? "Euro" : "asked"))
            #expect(facts.value("currency-name de USD") { "US-Dollar" } == "US-Dollar")
            #expect(reads.count == 1)
            #expect(facts.hasChanges)
            #expect(facts.count == 2)
        }
    }

    @Test(arguments: [
        "", "\n", "cambio-locale-facts 1 s", "cambio-locale-facts 1 s\nkey\tvalue", "cambio-locale-facts 1 s\n\n",
        "cambio-locale-facts 1 s\nkey\n", "cambio-locale-facts 1 s\nkey\tvalue\tmore\n", "cambio-locale-facts 1 s\n\tvalue\n",
        "cambio-locale-facts 1 s\nkey\tbad\\qescape\n", "cambio-locale-facts 1 s\nkey\tends in \\\n",
    ])
    func aDamagedFileTakesNothing(_ text: String) {
        let facts = LocaleFacts()
        #expect(!facts.load(text, stamp: "s"))
        #expect(facts.count == 0)
    }

    @Test func anEmptyFileOfTheStampHoldsNoFacts() {
        let facts = LocaleFacts()
        #expect(facts.load("cambio-locale-facts 1 s\n", stamp: "s"))
        #expect(facts.count == 0)
    }
}
