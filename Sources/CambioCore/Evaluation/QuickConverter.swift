import Foundation

/// The line scripts send most, `AMOUNT CODE in CODE`, answered straight from its bytes:
/// no tokenizer, parser or `Decimal` arithmetic, and the result written into the output
/// buffer. It is a shortcut, not a second language: it takes only lines whose reading is
/// beyond doubt and whose answer is provably the engine's, character for character, and
/// returns `nil` for everything else (other forms, errors, symbols and names, separators
/// the locale reads otherwise, very large numbers, results within a hair of a rounding tie),
/// which the engine then evaluates as usual. `QuickConverterTests` compares the two over
/// random amounts, currencies and locales.
///
/// Arithmetic: amounts and rates are integers with a decimal scale. The result, in
/// thousandths, is `A × T × 10^e / F` rounded half to even, in 128-bit integers; the engine's
/// `Decimal` computes the same quotient to 38 significant digits before rounding, so the two
/// agree except when the exact value lies within 10⁻¹² of a thousandth's midpoint, and those
/// lines are left to the engine.
public final class QuickConverter {
    /// A conversion the shortcut answered, for `swap`.
    public struct Answer: Equatable, Sendable {
        public let from: CurrencyCode
        public let to: CurrencyCode
        /// The amount's integer significand and scale (`12,50` → 1250, 2).
        public let amountSignificand: UInt64
        public let amountScale: Int

        public var amount: Decimal {
            Decimal(sign: .plus, exponent: -amountScale, significand: Decimal(amountSignificand))
        }
    }

    private let formatter: MoneyFormatter
    /// Entry numbers by the three lower-case letters packed into an integer, in a small
    /// open-addressed table (1,024 slots, 6 KiB: a table of all 26³ combinations would touch
    /// 70 KiB, some 17 pages, on every start). Key 0 marks an empty slot.
    private let slotKeys: [UInt32]
    private let slotEntries: [Int16]
    private static let slotBits = 10
    private let codes: [CurrencyCode]
    private let rates: [Decimal]
    /// Each rate as an integer and a scale (`1.14326597` → 114326597, 8), worked out when the
    /// currency is first used; scale -1 until then, -2 when the rate does not fit.
    private var significands: [UInt128]
    private var scales: [Int]
    /// What stands before and after each currency's amounts, UTF-8, learned when first used:
    /// bytes `affixes[start[i]..<middle[i]]` before, `middle[i]..<end[i]` after.
    private var affixes: [UInt8] = []
    private var affixStart: [Int]
    private var affixMiddle: [Int]
    private var affixEnd: [Int]

    private let decimalMark: UInt8
    /// The grouping mark, when it is one this reader takes ('.' or ','); `readsGrouping`
    /// says whether it is (any byte value can arrive in a line, so there is no sentinel).
    private let groupingMark: UInt8
    private let readsGrouping: Bool
    private let primary: Int
    private let secondary: Int
    /// The locale's digits and separators as UTF-8, for writing numbers.
    private let digitBytes: [[UInt8]]
    private let asciiDigits: Bool
    private let outputDecimal: [UInt8]
    private let outputGrouping: [UInt8]
    private let outputPrimary: Int
    private let outputSecondary: Int
    /// Integer digits from which the output is grouped.
    private let outputGroupsFrom: Int

    /// One line's answer is written here, then appended to the caller's output at once.
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchSize = 4096

    /// The currencies answered, most recent first (entry numbers), not yet taken by the session.
    private var recentEntries: [Int] = []
    private var last: (from: Int, to: Int, amount: UInt64, scale: Int)?

    private static let tens: [UInt128] = (0...38).map { power in (0..<power).reduce(UInt128(1)) { value, _ in value * 10 } }

    /// `nil` when the locale's amounts cannot be read from ASCII bytes (other digits, or a
    /// separator outside ASCII), so every line goes to the engine.
    public init?(table: RateTable, amountConventions: NumberConventions, formatter: MoneyFormatter) {
        let numbers = amountConventions
        guard numbers.digits == Array("0123456789"), let decimal = numbers.decimalSeparator.asciiValue,
            decimal == UInt8(ascii: ".") || decimal == UInt8(ascii: ",")
        else { return nil }
        decimalMark = decimal
        if let grouping = numbers.groupingSeparator {
            // A grouping mark outside ASCII is not taken here (the engine accepts its look-alikes).
            let mark = grouping.asciiValue.flatMap { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") ? $0 : nil }
            groupingMark = mark ?? 0
            readsGrouping = mark != nil
        } else {
            groupingMark = 0
            readsGrouping = false
        }
        primary = numbers.primaryGroupSize
        secondary = numbers.secondaryGroupSize
        self.formatter = formatter
        let out = formatter.conventions
        digitBytes = out.digits.map { Array(String($0).utf8) }
        asciiDigits = out.digits == Array("0123456789")
        outputDecimal = Array(String(out.decimalSeparator).utf8)
        outputGrouping = out.groupingSeparator.map { Array(String($0).utf8) } ?? []
        outputPrimary = out.primaryGroupSize
        outputSecondary = out.secondaryGroupSize
        outputGroupsFrom = out.groupingSeparator == nil ? Int.max : out.primaryGroupSize + out.minimumGroupingDigits
        guard digitBytes.allSatisfy({ $0.count <= 4 }), outputDecimal.count <= 4, outputGrouping.count <= 4 else { return nil }

        var slotKeys = [UInt32](repeating: 0, count: 1 << Self.slotBits)
        var slotEntries = [Int16](repeating: -1, count: 1 << Self.slotBits)
        var codes: [CurrencyCode] = []
        var rates: [Decimal] = []
        for (code, rate) in table.rates {
            let letters = Array(code.rawValue.utf8)
            guard rate > 0, codes.count < (1 << Self.slotBits) / 2, letters.count == 3,
                let key = Self.key(letters[0], letters[1], letters[2])
            else { continue }
            var slot = Self.slot(key)
            while slotKeys[slot] != 0 { slot = (slot + 1) & ((1 << Self.slotBits) - 1) }
            slotKeys[slot] = key
            slotEntries[slot] = Int16(codes.count)
            codes.append(code)
            rates.append(rate)
        }
        self.slotKeys = slotKeys
        self.slotEntries = slotEntries
        self.codes = codes
        self.rates = rates
        significands = [UInt128](repeating: 0, count: codes.count)
        scales = [Int](repeating: -1, count: codes.count)
        affixStart = [Int](repeating: -1, count: codes.count)
        affixMiddle = affixStart
        affixEnd = affixStart
        scratch = .allocate(capacity: Self.scratchSize)
    }

    deinit { scratch.deallocate() }

    /// `Decimal` → integer significand and scale, when it fits in 128 bits.
    static func integer(_ value: Decimal) -> (UInt128, Int)? {
        let digits = value.significand.description
        guard !digits.isEmpty, digits.count <= 38, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        var significand: UInt128 = 0
        for byte in digits.utf8 { significand = significand * 10 + UInt128(byte - 48) }
        let exponent = value.exponent
        if exponent > 0 {
            guard exponent <= 38 else { return nil }
            let (scaled, overflow) = significand.multipliedReportingOverflow(by: tens[exponent])
            return overflow ? nil : (scaled, 0)
        }
        return (significand, -exponent)
    }

    /// Three letters in any case packed into an integer; `nil` unless all are ASCII letters.
    @inline(__always) private static func key(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt32? {
        let (x, y, z) = (a | 0x20, b | 0x20, c | 0x20)
        guard x >= 97, x <= 122, y >= 97, y <= 122, z >= 97, z <= 122 else { return nil }
        return UInt32(x) << 16 | UInt32(y) << 8 | UInt32(z)
    }

    @inline(__always) private static func slot(_ key: UInt32) -> Int {
        Int((key &* 2_654_435_761) >> (32 - UInt32(slotBits)))
    }

    /// The currencies answered since the last call, most recent first, for the session's
    /// recent list (`SessionState.use`); and the last answer, for `swap`.
    public func takeRecent() -> (codes: [CurrencyCode], last: Answer?) {
        let taken = recentEntries.map { codes[$0] }
        recentEntries.removeAll(keepingCapacity: true)
        let answer = last.map {
            Answer(from: codes[$0.from], to: codes[$0.to], amountSignificand: $0.amount, amountScale: $0.scale)
        }
        last = nil
        return (taken, answer)
    }

    /// Answers one line (without its newline), appending `AMOUNT = RESULT` and a newline to
    /// `output`; false (and nothing appended) when the engine must answer.
    public func convert(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        let count = answer(line)
        guard count > 0 else { return false }
        output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: count))
        return true
    }

    /// Writes the answer into `scratch`; its length, or 0.
    private func answer(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        let end = line.count
        @inline(__always) func skipBlanks() {
            while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        }
        skipBlanks()

        // The amount: digits, grouping marks where the locale puts them, one decimal mark.
        var amount: UInt64 = 0
        var digits = 0
        var scale = 0
        // Grouping: how many marks, the length of the first group, whether every middle
        // group had `secondary` digits.
        var marks = 0
        var firstGroup = 0
        var middleGroupsFit = true
        var groupLength = 0
        var inFraction = false
        while index < end, line[index] != 0x20, line[index] != 0x09 {
            let byte = line[index]
            if byte >= 48, byte <= 57 {
                digits += 1
                guard digits <= 19 else { return 0 }
                amount = amount &* 10 &+ UInt64(byte &- 48)
                if inFraction { scale += 1 } else { groupLength += 1 }
            } else if byte == decimalMark, !inFraction {
                inFraction = true
                guard index + 1 < end, line[index + 1] >= 48, line[index + 1] <= 57 else { return 0 }
            } else if readsGrouping, byte == groupingMark, !inFraction {
                if marks == 0 {
                    firstGroup = groupLength
                } else if groupLength != secondary {
                    middleGroupsFit = false
                }
                marks += 1
                groupLength = 0
            } else {
                return 0
            }
            index += 1
        }
        guard digits > 0 else { return 0 }
        if marks > 0 {
            // 1.234.567 (de_DE), 12,34,567 (hi_IN): the first group 1…secondary digits, the
            // middle ones `secondary`, the last `primary`.
            guard firstGroup >= 1, firstGroup <= secondary, groupLength == primary, middleGroupsFit else { return 0 }
        }

        // CODE, a connector, CODE.
        skipBlanks()
        let from = code(line, &index)
        guard from >= 0 else { return 0 }
        skipBlanks()
        guard connector(line, &index) else { return 0 }
        skipBlanks()
        let to = code(line, &index)
        guard to >= 0, from != to else { return 0 }
        skipBlanks()
        guard index == end else { return 0 }

        guard learnRate(from), learnRate(to) else { return 0 }
        // Thousandths of the result: A × T × 10^e / F, e = 3 + scale(F) − scale(A) − scale(T).
        let exponent = 3 + scales[from] - scale - scales[to]
        guard exponent >= -38, exponent <= 38 else { return 0 }
        var (numerator, overflow) = UInt128(amount).multipliedReportingOverflow(by: significands[to])
        guard !overflow else { return 0 }
        var denominator = significands[from]
        if exponent >= 0 {
            (numerator, overflow) = numerator.multipliedReportingOverflow(by: Self.tens[exponent])
        } else {
            (denominator, overflow) = denominator.multipliedReportingOverflow(by: Self.tens[-exponent])
        }
        guard !overflow, denominator > 0, denominator < (UInt128(1) << 126) else { return 0 }
        var (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        guard quotient < Self.tens[20] else { return 0 }
        let twice = remainder &* 2
        let distance = twice > denominator ? twice - denominator : denominator - twice
        // Within 10⁻¹² of a midpoint the engine's 38 digits decide; leave it to them.
        guard distance > denominator / Self.tens[12] else { return 0 }
        if twice > denominator { quotient += 1 }

        // The amount in thousandths, rounded half to even like every amount shown.
        var shown = UInt128(amount)
        if scale <= 3 {
            shown *= Self.tens[3 - scale]
        } else {
            // An amount with more than three decimals is echoed with all of them: the engine.
            let divisor = Self.tens[scale - 3]
            let (whole, rest) = shown.quotientAndRemainder(dividingBy: divisor)
            guard rest == 0 else { return 0 }
            shown = whole
        }

        learnAffixes(from)
        learnAffixes(to)
        guard affixEnd[from] - affixStart[from] + affixEnd[to] - affixStart[to] < Self.scratchSize - 512 else { return 0 }
        var written = write(shown, from, at: 0)
        scratch[written] = 0x20
        scratch[written + 1] = UInt8(ascii: "=")
        scratch[written + 2] = 0x20
        written = write(quotient, to, at: written + 3)
        scratch[written] = 0x0A

        // Both currencies become the most recent, `from` first (as `SessionState.use`).
        if !(recentEntries.count >= 2 && recentEntries[0] == from && recentEntries[1] == to) {
            note(to)
            note(from)
        }
        last = (from, to, amount, scale)
        return written + 1
    }

    private func note(_ entry: Int) {
        if let position = recentEntries.firstIndex(of: entry) { recentEntries.remove(at: position) }
        recentEntries.insert(entry, at: 0)
        if recentEntries.count > SessionState.recentLimit { recentEntries.removeLast() }
    }

    /// The entry for three letters in any case that the table has, or -1.
    private func code(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int {
        guard index + 3 <= line.count, index + 3 == line.count || line[index + 3] == 0x20 || line[index + 3] == 0x09 else {
            return -1
        }
        guard let key = Self.key(line[index], line[index + 1], line[index + 2]) else { return -1 }
        var slot = Self.slot(key)
        while slotKeys[slot] != key {
            if slotKeys[slot] == 0 { return -1 }
            slot = (slot + 1) & ((1 << Self.slotBits) - 1)
        }
        let entry = slotEntries[slot]
        index += 3
        return Int(entry)
    }

    /// `in`, `to`, `into` in any case, `->` or `=`.
    private func connector(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        var end = index
        while end < line.count, line[end] != 0x20, line[end] != 0x09 { end += 1 }
        let length = end - index
        func letter(_ offset: Int) -> UInt8 { line[index + offset] | 0x20 }
        let matches: Bool
        switch length {
        case 1: matches = line[index] == UInt8(ascii: "=")
        case 2:
            matches =
                (line[index] == UInt8(ascii: "-") && line[index + 1] == UInt8(ascii: ">"))
                || (letter(0) == UInt8(ascii: "i") && letter(1) == UInt8(ascii: "n"))
                || (letter(0) == UInt8(ascii: "t") && letter(1) == UInt8(ascii: "o"))
        case 4:
            matches =
                letter(0) == UInt8(ascii: "i") && letter(1) == UInt8(ascii: "n") && letter(2) == UInt8(ascii: "t")
                && letter(3) == UInt8(ascii: "o")
        default: matches = false
        }
        if matches { index = end }
        return matches
    }

    private func learnRate(_ entry: Int) -> Bool {
        if scales[entry] == -1 {
            if let (significand, scale) = Self.integer(rates[entry]) {
                significands[entry] = significand
                scales[entry] = scale
            } else {
                scales[entry] = -2
            }
        }
        return scales[entry] >= 0
    }

    private func learnAffixes(_ entry: Int) {
        guard affixStart[entry] < 0 else { return }
        let (prefix, suffix) = formatter.affixes(for: codes[entry])
        affixStart[entry] = affixes.count
        affixes += prefix.utf8
        affixMiddle[entry] = affixes.count
        affixes += suffix.utf8
        affixEnd[entry] = affixes.count
    }

    private func copy(_ bytes: [UInt8], _ range: Range<Int>, to offset: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var at = offset
            for index in range {
                scratch[at] = buffer[index]
                at += 1
            }
            return at
        }
    }

    /// Thousandths as money of one currency at `offset` of the scratch buffer: prefix,
    /// grouped digits, decimal mark, three digits, suffix, exactly as `MoneyFormatter`
    /// writes them. Returns the offset after it.
    private func write(_ thousandths: UInt128, _ entry: Int, at offset: Int) -> Int {
        var at = copy(affixes, affixStart[entry]..<affixMiddle[entry], to: offset)
        var (whole, fraction) = thousandths.quotientAndRemainder(dividingBy: 1000)
        // The integer digits, least significant first (at most 39 of them).
        var reversed: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &reversed) { digits in
            repeat {
                digits[count] = UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            let grouped = count >= outputGroupsFrom
            for position in 0..<count {
                let remaining = count - position
                if position > 0, grouped,
                    remaining == outputPrimary || (remaining > outputPrimary && (remaining - outputPrimary) % outputSecondary == 0)
                {
                    at = copy(outputGrouping, 0..<outputGrouping.count, to: at)
                }
                at = digit(digits[remaining - 1], at)
            }
        }
        at = copy(outputDecimal, 0..<outputDecimal.count, to: at)
        let small = Int(truncatingIfNeeded: fraction)
        at = digit(UInt8(small / 100), at)
        at = digit(UInt8(small / 10 % 10), at)
        at = digit(UInt8(small % 10), at)
        return copy(affixes, affixMiddle[entry]..<affixEnd[entry], to: at)
    }

    @inline(__always) private func digit(_ value: UInt8, _ at: Int) -> Int {
        if asciiDigits {
            scratch[at] = 48 + value
            return at + 1
        }
        return copy(digitBytes[Int(value)], 0..<digitBytes[Int(value)].count, to: at)
    }
}
