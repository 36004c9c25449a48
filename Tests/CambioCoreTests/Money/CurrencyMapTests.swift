import Testing

@testable import CambioCore

@Suite struct CurrencyMapTests {
    /// Random codes, pairs and packed keys set, overwritten, looked up and forgotten, with the
    /// table growing from its smallest size: the map answers as a `Dictionary` does.
    @Test func answersAsADictionaryDoes() throws {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func randomCode() throws -> CurrencyCode {
            try #require(CurrencyCode(String((0..<3).map { _ in letters.randomElement(using: &generator) ?? "A" })))
        }
        for round in 0..<20 {
            var map = CurrencyMap<String>(capacity: 1)
            var reference: [CurrencyCode: String] = [:]
            var pairs: [String: Int] = [:]
            var pairMap = CurrencyMap<Int>(capacity: 2)
            for step in 0..<(50 * (round + 1)) {
                let code = try randomCode()
                let value = "\(round).\(step)"
                map[code] = value
                reference[code] = value
                let other = try randomCode()
                pairMap[code, other] = step
                pairs[code.rawValue + other.rawValue] = step
                // A value of nil changes nothing.
                map[other] = nil
            }
            #expect(map.count == reference.count)
            for _ in 0..<500 {
                let code = try randomCode()
                #expect(map[code] == reference[code])
                #expect(map.contains(code) == (reference[code] != nil))
            }
            for (code, value) in reference {
                #expect(map[code] == value)
                #expect(map.contains(code))
            }
            for (key, value) in pairs {
                let from = try #require(CurrencyCode(String(key.prefix(3))))
                let to = try #require(CurrencyCode(String(key.suffix(3))))
                #expect(pairMap[from, to] == value)
            }
            map.removeAll()
            #expect(map.count == 0)
            for code in reference.keys {
                #expect(map[code] == nil)
                #expect(!map.contains(code))
            }
            // Filled again after being emptied.
            for (code, value) in reference { map[code] = value + "!" }
            for (code, value) in reference { #expect(map[code] == value + "!") }
        }
    }

    @Test func shortTextsAreKeysOfTheirBytes() {
        #expect(CurrencyMap<Int>.key("") == nil)
        #expect(CurrencyMap<Int>.key("12345678") == nil)
        #expect(CurrencyMap<Int>.key("€") != nil)
        #expect(CurrencyMap<Int>.key("ab") != CurrencyMap<Int>.key("ba"))
        #expect(CurrencyMap<Int>.key("a") != CurrencyMap<Int>.key("a\0"))
        var map = CurrencyMap<Int>()
        for (index, text) in ["$", "€", "kr", "usd", "US$", "yen"].enumerated() {
            if let key = CurrencyMap<Int>.key(text) { map[packed: key] = index }
        }
        for (index, text) in ["$", "€", "kr", "usd", "US$", "yen"].enumerated() {
            #expect(CurrencyMap<Int>.key(text).flatMap { map[packed: $0] } == index)
        }
    }
}
