import Foundation

/// Reads amounts in a locale, checking every character: `Decimal(string:)` would stop at
/// the first character it does not understand and return what came before.
public struct AmountParser: Sendable {
    public let conventions: NumberConventions

    /// Significant digits accepted in one amount: bounded, and enough that every amount the
    /// program prints reads back (a calculation stops at 4,096 bits, 1,234 digits, and a
    /// result longer than this is refused rather than printed).
    public static let digitLimit = 1_250

    /// The locale's decimal and grouping marks when they are ASCII `.` or `,` (0 otherwise),
    /// for reading the common amount straight from its bytes.
    private let decimalByte: UInt8
    private let groupingByte: UInt8
    /// The locale's digits when they are not ASCII (`٠…٩` in ar_EG), else empty.
    private let localDigits: [Character]

    public init(conventions: NumberConventions) {
        self.conventions = conventions
        let ascii = { (mark: Character?) -> UInt8 in
            guard let value = mark?.asciiValue, value == UInt8(ascii: ".") || value == UInt8(ascii: ",") else { return 0 }
            return value
        }
        decimalByte = ascii(conventions.decimalSeparator)
        localDigits = conventions.digits.allSatisfy(\.isASCII) ? [] : conventions.digits
        let grouping = ascii(conventions.groupingSeparator)
        groupingByte = grouping == decimalByte ? 0 : grouping
    }

    /// Whether `parse` may take the byte path (tests compare the two paths).
    var readsBytes = true

    /// Characters that separate digit groups or the fraction in some locale: with the group
    /// marks of Ge'ez (`ወ`, a letter elsewhere), N'Ko (`،`, the Arabic comma) and Adlam (`⹁`),
    /// which the tokenizer keeps in a number only between digits.
    public static let separators: Set<Character> = [
        ".", ",", "'", "’", "٫", "٬", "\u{00A0}", "\u{202F}", "\u{2009}", "\u{12C8}", "\u{060C}", "\u{2E41}",
    ]

    private enum Piece { case digit(Int), separator(Character) }

    public func parse(_ text: String) -> Result<ParsedAmount, AmountError> {
        var value = Rational.zero
        if readsBytes, text.utf8.withContiguousStorageIfAvailable({ plain($0, into: &value) }) == true {
            return .success(ParsedAmount(exact: value, separatorReadAsDecimal: false))
        }
        var pieces: [(piece: Piece, offset: Int)] = []
        var negative = false
        for (offset, typed) in text.enumerated() {
            // The full-width comma and full stop of East Asian input methods are the ASCII ones.
            let character: Character = typed == "，" ? "," : typed == "．" ? "." : typed
            if offset == 0, character == "-" || character == "−" || character == "+" {
                negative = character != "+"
                continue
            }
            if let value = digitValue(character) {
                pieces.append((.digit(value), offset))
            } else if Self.separators.contains(character) {
                pieces.append((.separator(character), offset))
            } else if Sanitiser.bidiMarks.contains(character) {
                continue
            } else {
                return .failure(AmountError(kind: .unexpectedCharacter(character), offset: offset))
            }
        }
        let separatorIndices = pieces.indices.filter { if case .separator = pieces[$0].piece { true } else { false } }
        guard pieces.contains(where: { if case .digit = $0.piece { true } else { false } }) else {
            return .failure(AmountError(kind: .noDigits, offset: 0))
        }
        let decimalIndices = separatorIndices.filter { isDecimal(pieces[$0].piece) }

        var integerEnd = pieces.count
        var readAsDecimal = false
        if let point = decimalIndices.first {
            integerEnd = point
            if let error = checkFraction(pieces, from: point) { return .failure(error) }
        } else if !separatorIndices.isEmpty {
            let allGrouping = separatorIndices.allSatisfy { isGrouping(pieces[$0].piece) }
            let groupingError = allGrouping ? checkGrouping(pieces, upTo: pieces.count) : nil
            if !allGrouping || groupingError != nil {
                // The locale's grouping mark alone, where no group can end: the user may have
                // meant either; say both rather than guess.
                if separatorIndices.count == 1, isGrouping(pieces[separatorIndices[0]].piece),
                    case .separator(let mark) = pieces[separatorIndices[0]].piece
                {
                    return .failure(
                        AmountError(
                            kind: .ambiguousSeparator(
                                mark, decimalReading: readings(pieces, at: separatorIndices[0]).decimal,
                                wholeReading: readings(pieces, at: separatorIndices[0]).whole),
                            offset: pieces[separatorIndices[0]].offset))
                }
                // One '.' or ',' that is not the locale's mark but stands where a group of
                // thousands would end (`1,500` in ar_EG, `12.500` in fr_FR) could be either:
                // both readings are shown, as for the locale's own mark.
                if separatorIndices.count == 1, case .separator(let mark) = pieces[separatorIndices[0]].piece,
                    mark == "." || mark == ",", couldGroupThousands(pieces, at: separatorIndices[0])
                {
                    let (decimal, whole) = readings(pieces, at: separatorIndices[0])
                    return .failure(
                        AmountError(
                            kind: .unclearSeparator(mark, decimalReading: decimal, wholeReading: whole),
                            offset: pieces[separatorIndices[0]].offset))
                }
                // One '.' or ',' that cannot be grouping is the decimal point, as typed.
                if separatorIndices.count == 1, case .separator(let mark) = pieces[separatorIndices[0]].piece,
                    mark == "." || mark == ","
                {
                    integerEnd = separatorIndices[0]
                    readAsDecimal = true
                    if let error = checkFraction(pieces, from: integerEnd) { return .failure(error) }
                } else if let groupingError {
                    return .failure(groupingError)
                } else if let first = separatorIndices.first(where: { !isGrouping(pieces[$0].piece) }),
                    case .separator(let mark) = pieces[first].piece
                {
                    return .failure(AmountError(kind: .unexpectedSeparator(mark), offset: pieces[first].offset))
                }
            }
        }
        // Without a decimal point the grouping was checked above; before one, check it now.
        if integerEnd < pieces.count, !readAsDecimal, let error = checkGrouping(pieces, upTo: integerEnd) {
            return .failure(error)
        }

        // Significant digits run from the first non-zero digit to the last non-zero one:
        // trailing zeros of the fraction (12,500) add no precision.
        var digitOffsets: [(value: Int, offset: Int)] = []
        for entry in pieces {
            switch entry.piece {
            case .digit(let value): digitOffsets.append((value, entry.offset))
            case .separator: continue
            }
        }
        let integerDigits = pieces[..<integerEnd].filter { if case .digit = $0.piece { true } else { false } }.count
        if let first = digitOffsets.firstIndex(where: { $0.value != 0 }) {
            var last = digitOffsets.count - 1
            while last > first, last >= integerDigits, digitOffsets[last].value == 0 { last -= 1 }
            if last - first + 1 > Self.digitLimit {
                return .failure(
                    AmountError(kind: .tooManyDigits(limit: Self.digitLimit), offset: digitOffsets[first + Self.digitLimit].offset))
            }
        }
        guard !digitOffsets.isEmpty else {
            return .failure(AmountError(kind: .noDigits, offset: 0))
        }
        // The exact value from the digits themselves: the significand and the fraction's length.
        var significand = BigUInt.zero
        var small: UInt64 = 0
        if digitOffsets.count <= 19 {
            for digit in digitOffsets { small = small * 10 + UInt64(digit.value) }
            significand = BigUInt(small)
        } else {
            significand = BigUInt(decimal: String(digitOffsets.map { Character(String($0.value)) })) ?? .zero
        }
        let exact = Rational(negative: negative, significand: significand, exponent: -(digitOffsets.count - integerDigits))
        return .success(ParsedAmount(exact: exact, separatorReadAsDecimal: readAsDecimal))
    }

    /// `sign` (`-`, `+`, `−` or nothing) and the digits of an amount, as a line's shape gives
    /// them: read as `parse(sign + digits)` reads them.
    public func parse(sign: String, digits: UnsafeBufferPointer<UInt8>) -> Result<ParsedAmount, AmountError> {
        let byte: UInt8 = sign.isEmpty ? 0 : sign == "-" ? UInt8(ascii: "-") : sign == "+" ? UInt8(ascii: "+") : 1
        var value = Rational.zero
        if readsBytes, byte != 1, plain(digits, sign: byte, into: &value) {
            return .success(ParsedAmount(exact: value, separatorReadAsDecimal: false))
        }
        return parse(sign + String(decoding: digits, as: UTF8.self))
    }

    /// The same as `parse(sign:digits:)` for the plain amounts of a pipe: the value into
    /// `value` and true, or false when the full reader must read it (then nothing is set).
    public func readPlain(sign: String, digits: UnsafeBufferPointer<UInt8>, into value: inout Rational) -> Bool {
        let byte: UInt8 = sign.isEmpty ? 0 : sign == "-" ? UInt8(ascii: "-") : sign == "+" ? UInt8(ascii: "+") : 1
        return readsBytes && byte != 1 && plain(digits, sign: byte, into: &value)
    }

    /// `plain` for a caller with bytes (a document's cell): the value, or `nil` for the full
    /// reader to read or explain.
    func plainValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Rational? {
        var value = Rational.zero
        return readsBytes && plain(bytes, into: &value) ? value : nil
    }

    /// The amount most lines carry, read from its bytes: an optional sign, ASCII digits, the
    /// locale's grouping mark where its groups end and its decimal mark once, with digits after
    /// it; at most 19 digits. `nil` for anything else (other marks, misplaced groups, errors),
    /// which the full reader above then reads or explains — with the same value wherever both
    /// read a text (`AmountParserTests` compares them).
    private func plain(_ bytes: UnsafeBufferPointer<UInt8>, sign: UInt8 = 0, into result: inout Rational) -> Bool {
        var index = 0
        var negative = sign == UInt8(ascii: "-")
        if sign == 0, let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var fraction = -1
        // Group lengths: the first, the last so far, and whether the middle ones fit.
        var marks = 0
        var firstGroup = 0
        var group = 0
        var middleSecondary = true
        var middlePrimary = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 48, byte <= 57 {
                digits += 1
                guard digits <= 19 else { return false }
                significand = significand &* 10 &+ UInt64(byte &- 48)
                if fraction >= 0 { fraction += 1 } else { group += 1 }
            } else if byte == decimalByte, byte != 0, fraction < 0 {
                guard group > 0 else { return false }
                fraction = 0
            } else if byte == groupingByte, byte != 0, fraction < 0 {
                guard group > 0 else { return false }
                if marks == 0 {
                    firstGroup = group
                } else {
                    middleSecondary = middleSecondary && group == conventions.secondaryGroupSize
                    middlePrimary = middlePrimary && group == conventions.primaryGroupSize
                }
                marks += 1
                group = 0
            } else {
                return false
            }
            index += 1
        }
        guard digits > 0, fraction != 0 else { return false }
        if marks > 0 {
            // A grouped number never starts with 0: the full reader says so.
            if bytes[sign == 0 && (bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+")) ? 1 : 0] == UInt8(ascii: "0") { return false }
            let primary = conventions.primaryGroupSize
            let secondary = conventions.secondaryGroupSize
            // The locale's grouping (1.234.567, 12,34,567), or groups of the primary size
            // throughout where the locale groups otherwise (250,000 in en_IN).
            let local = (1...secondary).contains(firstGroup) && middleSecondary && group == primary
            let western = secondary != primary && (1...primary).contains(firstGroup) && middlePrimary && group == primary
            guard local || western else { return false }
        }
        let scale = max(fraction, 0)
        result = Rational(negative: negative, significand: BigUInt(significand), exponent: -scale)
        return true
    }

    /// ASCII digits, the locale's own, and any other decimal digit a keyboard or input method
    /// gives (full-width `１５００`, Bengali `১২৩` where Foundation reports Latin digits).
    private func digitValue(_ character: Character) -> Int? {
        // No other ASCII character is a digit, in any locale.
        if let ascii = character.asciiValue { return (48...57).contains(ascii) ? Int(ascii - 48) : nil }
        if let local = localDigits.firstIndex(of: character) { return local }
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.generalCategory == .decimalNumber, let value = scalar.properties.numericValue
        else { return nil }
        return Int(exactly: value)
    }

    private func isDecimal(_ piece: Piece) -> Bool {
        guard case .separator(let mark) = piece else { return false }
        return mark == conventions.decimalSeparator
    }

    private func isGrouping(_ piece: Piece) -> Bool {
        guard case .separator(let mark) = piece, let grouping = conventions.groupingSeparator else { return false }
        if mark == grouping { return true }
        let spaces: Set<Character> = ["\u{00A0}", "\u{202F}", "\u{2009}"]
        let apostrophes: Set<Character> = ["'", "’"]
        return (spaces.contains(grouping) && spaces.contains(mark)) || (apostrophes.contains(grouping) && apostrophes.contains(mark))
    }

    /// After the decimal separator only digits may follow, at least one.
    private func checkFraction(_ pieces: [(piece: Piece, offset: Int)], from point: Int) -> AmountError? {
        guard case .separator(let mark) = pieces[point].piece else { return nil }
        if point + 1 == pieces.count { return AmountError(kind: .nothingAfterSeparator(mark), offset: pieces[point].offset) }
        for entry in pieces[(point + 1)...] {
            if case .separator(let other) = entry.piece {
                return AmountError(kind: .separatorInFraction(other), offset: entry.offset)
            }
        }
        return nil
    }

    /// Grouping separators in the integer part must stand where the locale puts them:
    /// `1.234.567` (de_DE), `12,34,567` (hi_IN).
    private func checkGrouping(_ pieces: [(piece: Piece, offset: Int)], upTo end: Int) -> AmountError? {
        var groups: [(length: Int, separatorBefore: Int?, start: Int)] = [(0, nil, 0)]
        for index in 0..<end {
            switch pieces[index].piece {
            case .digit:
                groups[groups.count - 1].length += 1
            case .separator(let mark):
                guard isGrouping(pieces[index].piece) else {
                    return AmountError(kind: .unexpectedSeparator(mark), offset: pieces[index].offset)
                }
                groups.append((0, index, index + 1))
            }
        }
        guard groups.count > 1 else { return nil }
        // A grouped number never starts with 0 (`0,500`, `00.500`): that mark is no grouping,
        // and the amount is not read as 500.
        if case .digit(0)? = pieces.first?.piece, let separator = groups[1].separatorBefore {
            return misplaced(pieces, at: separator)
        }
        let primary = conventions.primaryGroupSize
        // Groups of the primary size throughout are read too where the locale groups otherwise:
        // most people in India type 250,000 and 1,000,000.
        if conventions.secondaryGroupSize != primary, (1...primary).contains(groups[0].length),
            groups.dropFirst().allSatisfy({ $0.length == primary })
        {
            return nil
        }
        let secondary = conventions.secondaryGroupSize
        for (number, group) in groups.enumerated() {
            let isLast = number == groups.count - 1
            let expected = isLast ? primary : secondary
            let valid = number == 0 ? (1...secondary).contains(group.length) : group.length == expected
            if valid { continue }
            if number == 0 {
                // The first group is too long (or empty): the separator after it is misplaced.
                let separator = groups[1].separatorBefore ?? 0
                return misplaced(pieces, at: group.length == 0 ? separator : separator)
            }
            if group.length > expected {
                // The message names the mark, so the caret is under the mark that starts the
                // group, not under a digit.
                return AmountError(
                    kind: .misplacedGrouping(groupingMark(pieces, groups[number].separatorBefore)),
                    offset: pieces[group.separatorBefore ?? group.start].offset)
            }
            // Too short: the separator that ends it (or, for the last group, starts it) is wrong.
            let wrong = isLast ? (group.separatorBefore ?? 0) : (groups[number + 1].separatorBefore ?? 0)
            return misplaced(pieces, at: wrong)
        }
        return nil
    }

    /// Whether a separator has one to three digits before it and exactly three after it, as
    /// the grouping of thousands in many locales would.
    private func couldGroupThousands(_ pieces: [(piece: Piece, offset: Int)], at index: Int) -> Bool {
        let before = pieces[..<index].count { if case .digit = $0.piece { true } else { false } }
        let after = pieces[(index + 1)...].count { if case .digit = $0.piece { true } else { false } }
        // A group of thousands never follows a leading 0 (`0,500` is a fraction).
        if case .digit(0)? = pieces.first?.piece { return false }
        return (1...3).contains(before) && after == 3 && pieces[(index + 1)...].allSatisfy { if case .digit = $0.piece { true } else { false } }
    }

    /// The two readings of an amount whose one separator is the grouping mark: as a decimal
    /// point (`1.50`) and as nothing (`150`), written in the locale.
    private func readings(_ pieces: [(piece: Piece, offset: Int)], at index: Int) -> (decimal: String, whole: String) {
        func digits(_ range: Range<Int>) -> [Int] {
            pieces[range].compactMap { if case .digit(let value) = $0.piece { value } else { nil } }
        }
        let integer = digits(0..<index)
        let fraction = digits((index + 1)..<pieces.count)
        let local = { (values: [Int]) in String(values.map { self.conventions.digits[$0] }) }
        let decimal = local(integer.isEmpty ? [0] : integer) + String(conventions.decimalSeparator) + local(fraction)
        // The whole number, grouped as the locale groups it.
        let all = Array((integer + fraction).drop { $0 == 0 })
        var whole = ""
        for (position, value) in all.enumerated() {
            let remaining = all.count - position
            let primary = conventions.primaryGroupSize
            if position > 0, conventions.groups(all.count), let mark = conventions.groupingSeparator,
                remaining == primary || (remaining > primary && (remaining - primary) % conventions.secondaryGroupSize == 0)
            {
                // A space one can see and type where the locale groups with an invisible one.
                whole.append(mark.isWhitespace ? " " : mark)
            }
            whole.append(conventions.digits[value])
        }
        return (decimal, whole.isEmpty ? String(conventions.digits[0]) : whole)
    }

    private func groupingMark(_ pieces: [(piece: Piece, offset: Int)], _ index: Int?) -> Character {
        guard let index, case .separator(let mark) = pieces[index].piece else { return conventions.groupingSeparator ?? "," }
        return mark
    }

    private func misplaced(_ pieces: [(piece: Piece, offset: Int)], at index: Int) -> AmountError {
        AmountError(kind: .misplacedGrouping(groupingMark(pieces, index)), offset: pieces[index].offset)
    }
}
