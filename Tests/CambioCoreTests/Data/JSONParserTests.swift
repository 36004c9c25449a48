import Testing

@testable import CambioCore

@Suite struct JSONParserTests {
    @Test func keepsNumbersAsTheirText() throws {
        let value = try JSONParser.parse(#"{"a": 1.14326597000000000001, "b": 2e-5, "c": -0}"#)
        #expect(value["a"] == .number("1.14326597000000000001"))
        #expect(value["b"] == .number("2e-5"))
        #expect(value["c"] == .number("-0"))
    }

    @Test func readsNestedValuesAndEscapes() throws {
        let value = try JSONParser.parse(#"{"s": "T\u00fcrk \"lira\"\n", "l": [true, false, null], "o": {}}"#)
        #expect(value["s"]?.stringValue == "Türk \"lira\"\n")
        #expect(value["l"] == .array([.bool(true), .bool(false), .null]))
        #expect(value["o"] == .object([]))
    }

    @Test(arguments: [
        "", "{", #"{"a":}"#, #"{"a":1,}"#, "[1 2]", "01", "1.", "-", #""\x""#, "{} x", "nan", "1e", "\"abc",
    ])
    func refusesMalformedDocuments(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }

    @Test func reportsWhereReadingStopped() {
        #expect(throws: JSONParser.Failure(offset: 5, reason: "unexpected character")) {
            try JSONParser.parse(#"{"a":x}"#)
        }
    }
}
