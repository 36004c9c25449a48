import Foundation

/// The lane of repeated lines (`LineRecogniser`): a line whose shape was read before goes
/// straight to the conversion it was, with its own amount and day; a line the parser read is
/// taught to the recogniser once it has evaluated.
extension Engine {
    /// Evaluates a line of a known shape; false (and the line as it was) when its amount or
    /// date does not read so: the parser then reads the line and says what is wrong.
    func evaluate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape, as reading: LineRecogniser.Reading, _ context: inout LineContext
    ) -> Bool {
        let digits = UnsafeBufferPointer(rebasing: bytes[shape.run])
        var value = Rational.zero
        var notes: [String] = []
        if !amountParser.readPlain(sign: reading.sign, digits: digits, into: &value) {
            guard case .success(let amount) = amountParser.parse(sign: reading.sign, digits: digits) else { return false }
            if amount.separatorReadAsDecimal {
                notes.append(resolver.readAsNote(reading.sign + String(decoding: digits, as: UTF8.self), amount))
            }
            value = amount.exact
        }
        let conversion = reading.conversion
        do throws(CommandError) {
            if let date = reading.date {
                try convert(value, conversion, notes: notes, on: date, in: bytes, shape, &context)
            } else {
                // The conversion changes the state only once it has succeeded.
                try converter.convert(value, conversion, notes: notes, &context)
            }
        } catch {
            context.reply.clear()
            return false
        }
        shapeHits &+= 1
        return true
    }

    /// A known shape's conversion on its day or over its period, read from the line's runs
    /// after the first (or the shape's words).
    private func convert(
        _ value: Rational, _ conversion: ResolvedConversion, notes: [String], on date: LineRecogniser.DateForm,
        in bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape, _ context: inout LineContext
    ) throws(CommandError) {
        // The converter as a local: the closures then hold no reference to the engine.
        let converter = converter
        let dateBytes = UnsafeBufferPointer(rebasing: bytes[shape[1].lowerBound..<shape[shape.count - 1].upperBound])
        let today = Day.utc(context.now)
        if date.averaged {
            let period = try dates.readPeriod(date.fixed ?? String(decoding: dateBytes, as: UTF8.self), range: nil, today: today)
            try dates.withAverage(period, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
                try converter.convert(value, conversion, notes: notes, &line)
            }
            return
        }
        // An ISO date (a ledger's) is read from its bytes.
        let day: Day
        if date.fixed == nil, let iso = Day(isoBytes: dateBytes) {
            day = try dates.checked(iso, range: nil, today: today)
        } else {
            day = try dates.checkedDay(date.fixed ?? String(decoding: dateBytes, as: UTF8.self), range: nil, today: today)
        }
        try dates.withDay(day, at: nil, &context) { (line: inout LineContext) throws(CommandError) in
            try converter.convert(value, conversion, notes: notes, &line)
        }
    }

    /// What a line that evaluated was read as, when that reads the same for every line of its
    /// shape: a conversion of an amount that is its first run (after at most a sign), at the
    /// current rates or on a date that is its other runs exactly as written (or has no digits).
    func reading(of command: Command, _ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>) -> LineRecogniser.Reading? {
        let date: LineRecogniser.DateForm?
        let inner: Command
        switch command {
        case .convert:
            guard shape.count == 1 else { return nil }
            (inner, date) = (command, nil)
        case .dated(let command, let reference):
            guard let form = Self.dateForm(reference, averaged: false, shape, in: bytes) else { return nil }
            (inner, date) = (command, form)
        case .averaged(let command, let reference):
            guard let form = Self.dateForm(reference, averaged: true, shape, in: bytes) else { return nil }
            (inner, date) = (command, form)
        default:
            return nil
        }
        guard case .convert(let amount?, let from, let to) = inner,
            let sign = Self.sign(of: amount.text, digits: String(decoding: UnsafeBufferPointer(rebasing: bytes[shape.run]), as: UTF8.self)),
            let conversion = try? resolve(from, to)
        else { return nil }
        return LineRecogniser.Reading(sign: sign, conversion: conversion, date: date)
    }

    /// A dated line's date as its shape holds it: the runs after the first when they are its
    /// text exactly, else its words when it has no digits.
    private static func dateForm(
        _ date: DateReference, averaged: Bool, _ shape: LineShape, in bytes: UnsafeBufferPointer<UInt8>
    ) -> LineRecogniser.DateForm? {
        if shape.count == 1 {
            guard !date.text.utf8.contains(where: { $0 &- 48 < 10 }) else { return nil }
            return LineRecogniser.DateForm(fixed: date.text, averaged: averaged)
        }
        let span = shape[1].lowerBound..<shape[shape.count - 1].upperBound
        guard date.text.utf8.elementsEqual(bytes[span]) else { return nil }
        return LineRecogniser.DateForm(fixed: nil, averaged: averaged)
    }

    /// What stands before `digits` in an amount as the parser gave it, when that is all of it
    /// but a sign (`-12,50` → `-`); `nil` otherwise.
    static func sign(of text: String, digits: String) -> String? {
        guard text.hasSuffix(digits) else { return nil }
        let sign = String(text.dropLast(digits.count))
        return ["", "-", "+", "−"].contains(sign) ? sign : nil
    }
}
