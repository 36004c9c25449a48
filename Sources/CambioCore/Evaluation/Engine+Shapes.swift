import Foundation

/// The lane of repeated lines: a line whose shape (its words and the bytes around its runs of
/// digits) was read before goes straight to the conversion or calculation it was, with its own
/// amounts; a new line's shape is kept once the parser's reading of it has succeeded.
extension Engine {
    /// The candidate of a line of this shape.
    func shapeCandidate(_ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>) -> ShapeCandidate {
        var codeContext: [UInt8]?
        var codeColumns: [Range<Int>]?
        var codeWords: [String] = []
        if shape.codeCount > 0 {
            codeContext = shape.context(bytes, codes: true)
            // A code word has an ASCII separator before it, where a character always ends: the
            // characters before it are those of the bytes before it.
            codeColumns = (0..<shape.codeCount).map { index in
                let start = shape.codeStart(index)
                let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<start]), as: UTF8.self).count
                codeWords.append(shape.codeWord(index, in: bytes))
                return column..<column + 3
            }
        }
        return ShapeCandidate(
            shape: shape, context: shape.context(bytes), runs: shape.texts(bytes), codeContext: codeContext, codeColumns: codeColumns,
            codeWords: codeWords)
    }

    /// Keeps a reading of a candidate's shape: with its code words taken out when `codes` says
    /// where each goes, else with its words as written.
    func keep(_ candidate: ShapeCandidate, _ reading: ShapeTable.Reading, codes: [ShapeTable.CodeSlot]?) {
        if let codes, let codeContext = candidate.codeContext, codes.count == candidate.shape.codeCount {
            shapes.remember(candidate.shape, context: codeContext, reading, codes: codes)
        } else {
            shapes.remember(candidate.shape, context: candidate.context, reading)
        }
    }

    /// Where a conversion's code words go: each must be the source or one target, written
    /// alone and read as that code, with no note about any currency of the line; else `nil`.
    func codeSlots(
        _ candidate: ShapeCandidate, from: CurrencyReference?, to targets: [CurrencyReference], _ conversion: ResolvedConversion
    ) -> [ShapeTable.CodeSlot]? {
        guard let columns = candidate.codeColumns, conversion.notes.isEmpty, conversion.targets.count == targets.count else { return nil }
        var slots: [ShapeTable.CodeSlot] = []
        for (column, word) in zip(columns, candidate.codeWords) {
            let code = CurrencyCode(word)
            if let from, from.range == column, from.text == word, conversion.from == code {
                slots.append(.from)
            } else if let index = targets.firstIndex(where: { $0.range == column }), targets[index].text == word, conversion.targets[index] == code {
                slots.append(.target(index))
            } else {
                return nil
            }
        }
        return slots
    }

    /// Puts the line's code words in their places in the entry's conversion (`Entry.placed`);
    /// false when a word is no plain code. A line that is not placed whole is not evaluated
    /// through it, and the next line writes every place again.
    func place(_ entry: ShapeTable.Entry, _ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let slots = entry.codes, entry.places else { return false }
        for index in slots.indices {
            guard let code = plainCode(shape, index, in: bytes) else { return false }
            switch slots[index] {
            case .from: entry.placed.from = code
            case .target(let target): entry.placed.targets[target] = code
            case .reference: return false
            }
        }
        return true
    }

    /// The code a shape's code word is, when it is a plain one: a word the parser reads as no
    /// keyword and no command in any language, and the directory as that code without a note;
    /// `nil` otherwise. Each word is asked once (by its letters and case).
    @inline(__always) func plainCode(_ shape: LineShape, _ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CurrencyCode? {
        guard let base = bytes.baseAddress else { return nil }
        return plainCode(base + shape.codeStart(index))
    }

    /// The same for three ASCII letters of one case.
    @inline(__always) func plainCode(_ letters: UnsafePointer<UInt8>) -> CurrencyCode? {
        let letter = { (offset: Int) in Int((letters[offset] | 0x20) &- 97) }
        let slot = (letters[0] & 0x20 == 0 ? 26 * 26 * 26 : 0) + (letter(0) * 26 + letter(1)) * 26 + letter(2)
        switch plainCodes[slot] {
        case 0:
            let word = String(decoding: UnsafeBufferPointer(start: letters, count: 3), as: UTF8.self)
            let folded = TextFolding.fold(word)
            var notes: [String] = []
            // A code the directory does not hold is never read as itself without a note.
            guard let code = CurrencyCode(word), directory.contains(code), Token.Keywords.of(folded).isEmpty,
                Self.grammar.declaration(folded) == nil, Keywords.meaning(of: folded) == nil,
                let resolved = try? resolver.currency(CurrencyReference(text: word, range: 0..<3), notes: &notes),
                notes.isEmpty, resolved == code
            else {
                plainCodes[slot] = 1
                return nil
            }
            plainCodes[slot] = code.packed
            return code
        case 1: return nil
        case let packed: return CurrencyCode(packed: packed)
        }
    }

    /// The dated shape of the line being evaluated, when its date is read from its runs after
    /// the first exactly as the parser gave it (or is words without digits).
    func datedShape(_ date: DateReference, averaged: Bool, typed: String)
        -> (candidate: ShapeCandidate, fixedDate: String?, averaged: Bool)?
    {
        guard let candidate else { return nil }
        let shape = candidate.shape
        if shape.count == 1 {
            guard !date.text.utf8.contains(where: { $0 &- 48 < 10 }) else { return nil }
            return (candidate, date.text, averaged)
        }
        let span = shape[1].lowerBound..<shape[shape.count - 1].upperBound
        let bytes = typed.utf8
        guard span.upperBound <= bytes.count, date.text.utf8.elementsEqual(bytes.dropFirst(span.lowerBound).prefix(span.count)) else {
            return nil
        }
        return (candidate, nil, averaged)
    }

    /// Evaluates a line whose shape is known; false (and the line as it was) for a new shape
    /// or an amount that does not read: the full path then reads the line and says what is
    /// wrong.
    func recognised(_ bytes: UnsafeBufferPointer<UInt8>, _ context: inout LineContext) -> Bool {
        // A rule or a pinned central bank answers through the parser's reading alone.
        guard configuration.recognisesShapes, BankLines.sessionChoice(context.state) == nil, var shape = LineShape(written: bytes) else {
            return false
        }
        // The shape as written; else the shape with its code words (plain codes only) taken out,
        // when one is kept.
        var found = shapes.lookup(shape, in: bytes)
        if found == nil {
            shape.takeCodes(bytes) { plainCode($0) != nil }
            if shape.codeCount > 0, let entry = shapes.lookup(shape, in: bytes, codes: true) {
                if !entry.places {
                    found = entry
                } else if place(entry, shape, in: bytes) {
                    found = entry
                    // A line seen again as written is kept so too (while there is room): a
                    // ledger's repeats then cost no second look.
                    if shapes.hasRoom, shapes.seenBefore(shape.key) { shapes.remember(shape, context: shape.context(bytes), entry.placedReading) }
                }
            }
        }
        guard let entry = found else {
            if shapes.seenBefore(shape.codeKey) { candidate = shapeCandidate(shape, bytes) }
            return false
        }
        do {
            switch entry.reading {
            case .conversion(let sign, let read):
                guard shape.count == 1 else { return false }
                let digits = UnsafeBufferPointer(rebasing: bytes[shape.run])
                // The conversion changes the state only once it has succeeded.
                var value = Rational.zero
                var notes: [String] = []
                if !amountParser.readPlain(sign: sign, digits: digits, into: &value) {
                    guard case .success(let amount) = amountParser.parse(sign: sign, digits: digits) else { return false }
                    if amount.separatorReadAsDecimal {
                        notes.append(resolver.readAsNote(sign + String(decoding: digits, as: UTF8.self), amount))
                    }
                    value = amount.exact
                }
                if entry.places {
                    try converter.convert(value, entry.placed, notes: notes, &context)
                } else {
                    try converter.convert(value, read, notes: notes, &context)
                }
            case .datedConversion(let dated):
                let digits = UnsafeBufferPointer(rebasing: bytes[shape.run])
                var value = Rational.zero
                var notes: [String] = []
                if !amountParser.readPlain(sign: dated.sign, digits: digits, into: &value) {
                    guard case .success(let amount) = amountParser.parse(sign: dated.sign, digits: digits) else { return false }
                    if amount.separatorReadAsDecimal {
                        notes.append(resolver.readAsNote(dated.sign + String(decoding: digits, as: UTF8.self), amount))
                    }
                    value = amount.exact
                }
                let dateBytes = UnsafeBufferPointer(rebasing: bytes[shape[1].lowerBound..<shape[shape.count - 1].upperBound])
                let today = Day.utc(context.now)
                let conversion = entry.places ? entry.placed : dated.conversion
                if dated.averaged {
                    let text = dated.fixedDate ?? String(decoding: dateBytes, as: UTF8.self)
                    let period = try dates.readPeriod(text, range: nil, today: today)
                    try dates.withAverage(period, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                        try converter.convert(value, conversion, notes: notes, &line)
                    }
                } else {
                    // An ISO date (a ledger's) is read from its bytes.
                    let day =
                        try (dated.fixedDate == nil ? Day(isoBytes: dateBytes) : nil).map { (day) throws(CommandError) in
                            try dates.checked(day, range: nil, today: today)
                        }
                        ?? dates.checkedDay(dated.fixedDate ?? String(decoding: dateBytes, as: UTF8.self), range: nil, today: today)
                    // The converter as a local: the closure then holds no reference to the engine.
                    let converter = converter
                    try dates.withDay(day, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                        try converter.convert(value, conversion, notes: notes, &line)
                    }
                }
            case .calculation(let calculation):
                guard try calculate(calculation, entry, shape, bytes, &context) else { return false }
            }
        } catch {
            context.reply = Reply()
            return false
        }
        shapeHits &+= 1
        return true
    }

    /// A calculation read by its shape: the one kept, with the line's amounts and code words in
    /// their places. False when the line does not fit it after all.
    @inline(never)
    func calculate(
        _ calculation: ShapeTable.Calculation, _ entry: ShapeTable.Entry, _ shape: LineShape, _ bytes: UnsafeBufferPointer<UInt8>,
        _ context: inout LineContext
    ) throws(CommandError) -> Bool {
        if context.keepsRecords { context.typed = String(decoding: bytes, as: UTF8.self) }
        guard case .calculate(let expression, var targets, let adjust) = calculation.command, calculation.signs.count == shape.count
        else { return false }
        // The line's code words in the places of the currencies written there.
        var words: [(Range<Int>, String)] = []
        func place(_ reference: CurrencyReference) -> CurrencyReference {
            words.first { $0.0 == reference.range }.map { CurrencyReference(text: $0.1, range: reference.range) } ?? reference
        }
        if let codes = entry.codes, !codes.isEmpty {
            words.reserveCapacity(codes.count)
            for (index, slot) in codes.enumerated() {
                guard case .reference(let column) = slot else { return false }
                words.append((column, shape.codeWord(index, in: bytes)))
            }
            targets = targets.map(place)
            // A line seen again as written is kept so too, as a conversion's is.
            if shapes.hasRoom, shapes.seenBefore(shape.key) {
                let placed = adjust.map { Adjustment(subtract: $0.subtract, percent: $0.percent.replacingCurrencies(place), range: $0.range) }
                let command = Command.calculate(expression.replacingCurrencies(place), to: targets, adjust: placed)
                shapes.remember(shape, context: shape.context(bytes), .calculation(ShapeTable.Calculation(command, signs: calculation.signs)))
            }
        }
        // The line's amounts (each run's digits after its sign) and currencies, in one pass over
        // the calculation kept.
        var amounts: [String] = []
        amounts.reserveCapacity(shape.count)
        for (index, sign) in calculation.signs.enumerated() {
            let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[shape[index]]), as: UTF8.self)
            amounts.append(sign.isEmpty ? digits : sign + digits)
        }
        var texts = amounts.makeIterator()
        let newExpression = expression.replacing(amounts: &texts, currencies: place)
        let newAdjust = adjust.map {
            Adjustment(subtract: $0.subtract, percent: $0.percent.replacing(amounts: &texts, currencies: place), range: $0.range)
        }
        try calculator.calculate(newExpression, targets: targets, adjust: newAdjust, &context)
        return true
    }

    /// What stands before `digits` in an amount as the parser gave it, when that is all of it
    /// but a sign (`-12,50` → `-`); `nil` otherwise.
    static func sign(of text: String, digits: String) -> String? {
        guard text.hasSuffix(digits) else { return nil }
        let sign = String(text.dropLast(digits.count))
        return ["", "-", "+", "−"].contains(sign) ? sign : nil
    }
}
