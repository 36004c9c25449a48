import CambioCore

/// Turns a `Reply` into text for a terminal (aligned, with notes and styles, fitted to its
/// width) or for a pipe (results only, one a line). Styles come from the output layer; tables
/// are laid out here, from their cells.
struct ReplyRenderer {
    /// Terminal output: rate details, notes and headings are shown.
    var forTerminal: Bool
    let output: TerminalOutput
    /// The terminal's columns: longer lines are broken at spaces (`nil`: never).
    var width: Int?

    init(forTerminal: Bool, output: TerminalOutput) {
        self.forTerminal = forTerminal
        self.output = output
    }

    /// The text for standard output, and for standard error.
    /// - Parameters:
    ///   - input: the line as typed, to put a caret under an error's column.
    ///   - caretIndent: columns before the input on screen (the prompt), or `nil` to print the
    ///     input again above the caret.
    ///   - lineNumber: for pipes, errors start with `line N:`.
    func render(
        _ reply: Reply, input: String, caretIndent: Int?, lineNumber: Int? = nil, localized: Localization = Localization(localeID: "en")
    ) -> (out: String, err: String) {
        var bytes: [UInt8] = []
        let err = render(reply, into: &bytes, input: input, caretIndent: caretIndent, lineNumber: lineNumber, localized: localized)
        return (String(decoding: bytes, as: UTF8.self), err)
    }

    /// The same, with standard output's text appended to `bytes` (a pipe's buffer); the text
    /// for standard error is returned.
    func render(
        _ reply: Reply, into bytes: inout [UInt8], input: @autoclosure () -> String, caretIndent: Int?, lineNumber: Int? = nil,
        localized: Localization = Localization(localeID: "en")
    ) -> String {
        // A pipe's results without assumptions, warnings or errors: the text, one a line.
        let plain =
            !forTerminal
            && !reply.lines.contains { line in
                switch line {
                case .assumption, .error, .warning: true
                default: false
                }
            }
        if plain {
            reply.appendResults(to: &bytes)
            return ""
        }
        var out = ""
        let err = renderLines(reply, out: &out, input: input(), caretIndent: caretIndent, lineNumber: lineNumber, localized: localized)
        bytes += out.utf8
        return err
    }

    /// Only what a reply says on standard error (what was taken, warnings, errors): a machine
    /// format writes records instead of the text.
    func errors(_ reply: Reply, input: @autoclosure () -> String, lineNumber: Int?, localized: Localization) -> String {
        guard reply.lines.contains(where: { if case .result = $0 { false } else if case .table = $0 { false } else { true } }) else { return "" }
        var ignored = ""
        return renderLines(reply, out: &ignored, input: input(), caretIndent: nil, lineNumber: lineNumber, localized: localized)
    }

    private func renderLines(
        _ reply: Reply, out: inout String, input: String, caretIndent: Int?, lineNumber: Int?, localized: Localization
    ) -> String {
        var err = ""
        let resultWidth =
            reply.lines.compactMap { line -> Int? in
                if case .result(let text, let detail) = line, detail != nil { return DisplayWidth.of(text.string) }
                return nil
            }.max() ?? 0
        for line in reply.lines {
            switch line {
            case .result(let result, let detail):
                let text = result.string
                if forTerminal, let detail {
                    if let width, resultWidth + 4 + DisplayWidth.of(detail) > width {
                        // No room beside the result: the rate goes under it.
                        out += output.styled(text, .result) + "\n" + output.styled(fitted("  " + detail), .detail) + "\n"
                    } else {
                        out +=
                            output.styled(text, .result) + String(repeating: " ", count: resultWidth - DisplayWidth.of(text) + 4)
                            + output.styled(detail, .detail) + "\n"
                    }
                } else {
                    out += (forTerminal ? fitted(text) : text) + "\n"
                }
            case .table(let table):
                for row in TextWrap.table(table, width: forTerminal ? width : nil) { out += row + "\n" }
            case .heading(let text):
                if forTerminal { out += output.styled(fitted(text), .heading) + "\n" }
            case .chart(let text):
                out += output.styled(text, .chart) + "\n"
            case .note(let text), .source(let text):
                if forTerminal { out += output.styled(fitted(text), .detail) + "\n" }
            case .assumption(let text):
                // What was taken is said in every mode: beside the result on a terminal, on
                // standard error (with the line number) in a pipe.
                if forTerminal {
                    out += output.styled(fitted(text), .detail) + "\n"
                } else {
                    err += Self.pipeAssumption(text, lineNumber: lineNumber, localized)
                }
            case .warning(let text):
                err += forTerminal && caretIndent != nil ? fitted(text) + "\n" : "cambio: " + text + "\n"
            case .error(let error, let message):
                err += describe(error, message, input: input, caretIndent: caretIndent, lineNumber: lineNumber, localized)
            }
        }
        return err
    }

    /// An assumption as a pipe says it on standard error: after the line's number, or the
    /// program's name for the arguments' one line.
    static func pipeAssumption(_ text: String, lineNumber: Int?, _ localized: Localization) -> String {
        var bytes: [UInt8] = []
        appendPipeAssumption(text, lineNumber: lineNumber, line: LineLabel(sentence: localized.prepared("pipe.line"), cut: nil), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The sentence that names a line (`line {0}`), looked up once and cut at its number (a
    /// pipe says the notes of thousands of days).
    struct LineLabel {
        let sentence: Localization.Prepared
        let cut: (pieces: [[UInt8]], order: [Int])?

        init(sentence: Localization.Prepared, cut: (pieces: [[UInt8]], order: [Int])?) {
            self.sentence = sentence
            self.cut = cut
        }

        init(_ localized: Localization) {
            sentence = localized.prepared("pipe.line")
            cut = sentence.split(1)
        }
    }

    /// The same, appended to `bytes`.
    static func appendPipeAssumption(_ text: String, lineNumber: Int?, line label: LineLabel, to bytes: inout [UInt8]) {
        if let lineNumber {
            if let cut = label.cut, cut.pieces.count == 2 {
                bytes += cut.pieces[0]
                bytes += String(lineNumber).utf8
                bytes += cut.pieces[1]
            } else {
                bytes += label.sentence(String(lineNumber)).utf8
            }
            bytes += ": ".utf8
        } else {
            bytes += "cambio: ".utf8
        }
        bytes += text.utf8
        bytes.append(0x0A)
    }

    /// An error: in a pipe with its line and column; on a terminal with a caret under the
    /// typed text (or, where the line wrapped on screen, its column) and a label.
    private func describe(
        _ error: CommandError, _ message: String, input: String, caretIndent: Int?, lineNumber: Int?, _ localized: Localization
    ) -> String {
        if let lineNumber {
            let place =
                error.range.map { localized("pipe.lineColumn", String(lineNumber), String($0.lowerBound + 1)) }
                ?? localized("pipe.line", String(lineNumber))
            return place + ": " + message + "\n"
        }
        var err = ""
        var message = message
        if let range = error.range, let width, let caretIndent, caretIndent + DisplayWidth.of(Sanitiser.visible(input)) > width {
            // The line wrapped on screen: a caret below it would stand under the wrong text, so
            // the column is said instead.
            message = localized("error.column", String(range.lowerBound + 1)) + ": " + message
        } else if let range = error.range {
            let characters = Array(input)
            let before = String(characters[..<min(range.lowerBound, characters.count)])
            let marked = String(characters[min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)])
            var indent = DisplayWidth.of(Sanitiser.visible(before))
            if let caretIndent {
                indent += caretIndent
            } else {
                err += "  " + Sanitiser.visible(input) + "\n"
                indent += 2
            }
            err +=
                String(repeating: " ", count: indent)
                + output.styled(String(repeating: "^", count: max(1, DisplayWidth.of(Sanitiser.visible(marked)))), .error) + "\n"
        }
        let label = localized("error.label")
        let lines = fitted(label + " " + message, hangAfter: label + " ")
        return err + output.styled(label, .error) + lines.dropFirst(label.count) + "\n"
    }

    private func fitted(_ text: String, hangAfter label: String = "") -> String {
        width.map { TextWrap.wrap(text, width: $0, hangAfter: label) } ?? text
    }
}
