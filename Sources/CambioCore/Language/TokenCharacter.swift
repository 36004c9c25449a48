import Synchronization

/// What the tokenizer asks of a character: a `Character` for any line, a byte for ASCII ones.
protocol TokenCharacter: Equatable {
    var character: Character { get }
    /// Whether this is the one-scalar character `other` (a literal: compared without building
    /// a `Character`).
    func `is`(_ other: Unicode.Scalar) -> Bool
    var isDecimalDigit: Bool { get }
    var isLetter: Bool { get }
    var isUppercase: Bool { get }
    var isSkipped: Bool { get }
    var isBidiMark: Bool { get }
    var isCurrencySymbol: Bool { get }
    var isWordCharacter: Bool { get }
    var isSign: Bool { get }
    /// A separator inside a number: `.`, `,`, apostrophes, the Arabic marks.
    var isNumberMark: Bool { get }
    /// A space that may group digits (no-break and thin spaces).
    var isGroupSpace: Bool { get }
    static func text(_ characters: ArraySlice<Self>) -> String
}

extension TokenCharacter {
    /// A letter of the Hebrew alphabet (U+05D0 … U+05EA).
    var isHebrewLetter: Bool { character.unicodeScalars.first.map { (0x05D0...0x05EA).contains($0.value) } == true }
}

extension Character: TokenCharacter {
    var character: Character { self }
    func `is`(_ other: Unicode.Scalar) -> Bool {
        let scalars = unicodeScalars
        return scalars.first == other && scalars.count == 1
    }
    var isDecimalDigit: Bool {
        if let ascii = asciiValue { return ascii.isDecimalDigit }
        return isWholeNumber && wholeNumberValue.map { (0...9).contains($0) } == true
    }
    var isSkipped: Bool {
        if let ascii = asciiValue { return ascii.isSkipped }
        // A byte-order mark (a file saved by some editors starts with one) is no character.
        return isWhitespace || Sanitiser.bidiMarks.contains(self) || self == "\u{FEFF}"
    }
    var isBidiMark: Bool { !isASCII && Sanitiser.bidiMarks.contains(self) }
    var isCurrencySymbol: Bool {
        if let ascii = asciiValue { return ascii.isCurrencySymbol }
        return unicodeScalars.first?.properties.generalCategory == .currencySymbol
    }
    var isWordCharacter: Bool {
        if let ascii = asciiValue { return ascii.isWordCharacter }
        let category = unicodeScalars.first?.properties.generalCategory
        return isLetter || category == .nonspacingMark || category == .spacingMark || ["’", "ʻ"].contains(self)
    }
    var isSign: Bool { self == "-" || self == "+" || self == "−" }
    /// Marks inside a number: the ASCII and Arabic ones, and the full-width comma and full stop
    /// a Japanese or Chinese input method types (`１，２３４．５`).
    var isNumberMark: Bool { [".", ",", "'", "’", "٫", "٬", "，", "．"].contains(self) }
    var isGroupSpace: Bool { AmountParser.separators.contains(self) }
    static func text(_ characters: ArraySlice<Character>) -> String { String(characters) }
}

extension UInt8: TokenCharacter {
    var character: Character { Character(Unicode.Scalar(self)) }
    func `is`(_ other: Unicode.Scalar) -> Bool { other.value == UInt32(self) }
    var isDecimalDigit: Bool { self >= 48 && self <= 57 }
    var isLetter: Bool { (65...90).contains(self) || (97...122).contains(self) }
    var isUppercase: Bool { (65...90).contains(self) }
    var isSkipped: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
    var isBidiMark: Bool { false }
    var isCurrencySymbol: Bool { self == UInt8(ascii: "$") }
    var isWordCharacter: Bool { isLetter || self == UInt8(ascii: "'") || self == UInt8(ascii: "&") }
    var isSign: Bool { self == UInt8(ascii: "-") || self == UInt8(ascii: "+") }
    var isNumberMark: Bool { self == UInt8(ascii: ".") || self == UInt8(ascii: ",") || self == UInt8(ascii: "'") }
    var isGroupSpace: Bool { false }
    static func text(_ characters: ArraySlice<UInt8>) -> String {
        // Copied into the string's storage: a word of up to 15 ASCII bytes is then checked as
        // ASCII in one step, not validated byte by byte as decoding does.
        characters.withUnsafeBufferPointer { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { buffer in
                guard let from = bytes.baseAddress, let to = buffer.baseAddress else { return 0 }
                to.update(from: from, count: bytes.count)
                return bytes.count
            }
        }
    }
}

/// A scalar of a line whose every character is one scalar (most lines with `€`, `ü` or Arabic
/// digits): the same answers as the `Character` it is, without segmenting the line into
/// grapheme clusters.
extension Unicode.Scalar: TokenCharacter {
    var character: Character { Character(self) }
    func `is`(_ other: Unicode.Scalar) -> Bool { self == other }
    // An ASCII scalar answers as its byte; any other as its Character (remembered).
    var isDecimalDigit: Bool { byte?.isDecimalDigit ?? answers.contains(.decimalDigit) }
    var isLetter: Bool { byte?.isLetter ?? answers.contains(.letter) }
    var isUppercase: Bool { byte?.isUppercase ?? answers.contains(.uppercase) }
    var isSkipped: Bool { byte?.isSkipped ?? answers.contains(.skipped) }
    var isBidiMark: Bool { byte?.isBidiMark ?? answers.contains(.bidiMark) }
    var isCurrencySymbol: Bool { byte?.isCurrencySymbol ?? answers.contains(.currencySymbol) }
    var isWordCharacter: Bool { byte?.isWordCharacter ?? answers.contains(.wordCharacter) }
    var isSign: Bool { value == 0x2D || value == 0x2B || value == 0x2212 }
    var isNumberMark: Bool { byte?.isNumberMark ?? answers.contains(.numberMark) }
    var isGroupSpace: Bool { byte?.isGroupSpace ?? answers.contains(.groupSpace) }

    /// The scalar as a byte when it is ASCII.
    private var byte: UInt8? { isASCII ? UInt8(truncatingIfNeeded: value) : nil }

    /// What the `Character` of a scalar outside ASCII answers, asked once for each scalar below
    /// U+3000 and remembered (a Character's properties are slow to ask, and the tokenizer asks
    /// several about each `€` of every line); any other scalar is asked each
    /// time.
    private var answers: ScalarAnswers {
        guard value < ScalarAnswers.rememberedBelow else { return ScalarAnswers(character) }
        let index = Int(value)
        let known = ScalarAnswers.remembered.withLock { $0[index] }
        if known.contains(.known) { return known }
        let answers = ScalarAnswers(character)
        ScalarAnswers.remembered.withLock { $0[index] = answers }
        return answers
    }
    static func text(_ characters: ArraySlice<Unicode.Scalar>) -> String {
        // Encoded into bytes and decoded once: a scalar view appended to one by one grows and
        // checks the string at every scalar.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: characters.count * 4) { buffer in
            var count = 0
            for scalar in characters {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }
}

/// The answers of a one-scalar `Character` to the tokenizer's questions.
private struct ScalarAnswers: OptionSet {
    let rawValue: UInt16

    static let known = ScalarAnswers(rawValue: 1 << 0)
    static let decimalDigit = ScalarAnswers(rawValue: 1 << 1)
    static let letter = ScalarAnswers(rawValue: 1 << 2)
    static let uppercase = ScalarAnswers(rawValue: 1 << 3)
    static let skipped = ScalarAnswers(rawValue: 1 << 4)
    static let bidiMark = ScalarAnswers(rawValue: 1 << 5)
    static let currencySymbol = ScalarAnswers(rawValue: 1 << 6)
    static let wordCharacter = ScalarAnswers(rawValue: 1 << 7)
    static let numberMark = ScalarAnswers(rawValue: 1 << 8)
    static let groupSpace = ScalarAnswers(rawValue: 1 << 9)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    init(_ character: Character) {
        var answers: ScalarAnswers = .known
        if character.isDecimalDigit { answers.insert(.decimalDigit) }
        if character.isLetter { answers.insert(.letter) }
        if character.isUppercase { answers.insert(.uppercase) }
        if character.isSkipped { answers.insert(.skipped) }
        if character.isBidiMark { answers.insert(.bidiMark) }
        if character.isCurrencySymbol { answers.insert(.currencySymbol) }
        if character.isWordCharacter { answers.insert(.wordCharacter) }
        if character.isNumberMark { answers.insert(.numberMark) }
        if character.isGroupSpace { answers.insert(.groupSpace) }
        self = answers
    }

    static let rememberedBelow: UInt32 = 0x3000
    /// One slot a scalar below `rememberedBelow`; without `known` until asked.
    static let remembered = Mutex([ScalarAnswers](repeating: [], count: Int(rememberedBelow)))
}
