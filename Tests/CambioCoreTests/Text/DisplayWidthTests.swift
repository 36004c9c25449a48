import Glibc
import Testing

@testable import CambioCore

/// The columns Cambio counts for text are the columns the C library's `wcwidth` gives, which
/// terminals and libedit lay text out by: scalar by scalar, over the scripts people type and
/// the signs Cambio prints.
@Suite struct DisplayWidthTests {
    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x52F, 0x591...0x5F4, 0x600...0x6FF, 0x900...0x9FF, 0xA00...0xAFF,
        0xB80...0xBFF, 0xE00...0xE7F, 0x1100...0x11FF, 0x1200...0x137C, 0x2000...0x206F, 0x20A0...0x20C0, 0x3000...0x303F,
        0x3041...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80, 0xFF01...0xFFEE, 0x1E900...0x1E95F,
    ]

    /// The C library's `wcwidth`, which its headers declare only for X/Open programs.
    static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = dlsym(dlopen(nil, RTLD_NOW), "wcwidth").map {
        unsafeBitCast($0, to: (@convention(c) (wchar_t) -> Int32).self)
    }

    @Test func everyScalarIsAsWideAsWcwidthSays() throws {
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        let wcwidth = try #require(Self.wcwidth)
        var differing: [String] = []
        for range in Self.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
                let expected = Int(wcwidth(wchar_t(value)))
                // Unprintable for the C library: no column.
                let ours = DisplayWidth.of(String(scalar))
                if ours != max(0, expected) { differing.append("U+\(String(value, radix: 16, uppercase: true)) \(ours) vs \(expected)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(40).joined(separator: ", "))")
    }

    /// The line being edited as libedit draws it: a control character typed with Ctrl-V as two
    /// cells (`^A`), a C1 one too (`^Û` for U+009B), a tab to the next stop; the rest as `of`.
    /// The preview is erased from where the line ends, so a count short by one a control
    /// character erased the end of the line.
    @Test func theEditedLineCountsControlCharactersAsLibeditDrawsThem() {
        #expect(DisplayWidth.asEdited("abc", from: 6) == 9)
        #expect(DisplayWidth.asEdited("# abc\u{1}\u{2}\u{5}XYZW", from: 6) == 6 + 5 + 6 + 4)
        #expect(DisplayWidth.asEdited("\u{1B}[31mROT", from: 0) == 2 + 7)
        #expect(DisplayWidth.asEdited("\u{7F}\u{9B}", from: 0) == 4)
        #expect(DisplayWidth.asEdited("\t", from: 5) == 8 && DisplayWidth.asEdited("\t", from: 8) == 16)
        #expect(DisplayWidth.asEdited("円 रुपया", from: 0) == DisplayWidth.of("円 रुपया"))
    }

    /// A word with vowel signs: each spacing sign a column, each other mark none.
    @Test func devanagariCountsItsSpacingVowelSigns() {
        #expect(DisplayWidth.of("रुपया") == 4)
        #expect(DisplayWidth.of("100 रुपया in usd") == 15)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("円") == 2)
    }
}
