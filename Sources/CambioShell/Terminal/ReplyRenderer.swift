import CambioCore

/// Turns a `Reply` into text for a terminal (aligned, with notes and colour) or for a pipe
/// (results only, one a line).
public struct ReplyRenderer: Sendable {
    /// Terminal output: rate details, notes and headings are shown.
    public var forTerminal: Bool
    /// ANSI colours (never with `NO_COLOR`, `TERM=dumb` or `--plain`).
    public var color: Bool

    public init(forTerminal: Bool, color: Bool) {
        self.forTerminal = forTerminal
        self.color = color
    }

    private func style(_ code: String, _ text: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The text for standard output, and for standard error.
    /// - Parameters:
    ///   - input: the line as typed, to put a caret under an error's column.
    ///   - caretIndent: columns before the input on screen (the prompt), or `nil` to print the
    ///     input again above the caret.
    ///   - lineNumber: for pipes, errors start with `line N:`.
    public func render(
        _ reply: Reply, input: String, caretIndent: Int?, lineNumber: Int? = nil, text: Localization = Localization(localeID: "en")
    ) -> (out: String, err: String) {
        var out = ""
        var err = ""
        let resultWidth = reply.lines.compactMap { line -> Int? in
            if case .result(let text, let detail) = line, detail != nil { return DisplayWidth.of(text) }
            return nil
        }.max() ?? 0
        for line in reply.lines {
            switch line {
            case .result(let text, let detail):
                if forTerminal, let detail {
                    out += style("1", text) + String(repeating: " ", count: resultWidth - DisplayWidth.of(text) + 4)
                        + style("2", detail) + "\n"
                } else {
                    out += text + "\n"
                }
            case .heading(let text):
                if forTerminal { out += style("1", text) + "\n" }
            case .note(let text), .source(let text):
                if forTerminal { out += style("2", text) + "\n" }
            case .assumption(let text):
                // What was taken is said in every mode: beside the result on a terminal, on
                // standard error (with the line number) in a pipe.
                if forTerminal {
                    out += style("2", text) + "\n"
                } else {
                    err += (lineNumber.map { "line \($0): " } ?? "cambio: ") + text + "\n"
                }
            case .error(let error, let message):
                if let lineNumber {
                    let column = error.range.map { ", column \($0.lowerBound + 1)" } ?? ""
                    err += "line \(lineNumber)\(column): \(message)\n"
                } else {
                    if let range = error.range {
                        let characters = Array(input)
                        let before = String(characters[..<min(range.lowerBound, characters.count)])
                        let marked = String(characters[min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)])
                        var indent = DisplayWidth.of(Messages.visible(before))
                        if let caretIndent {
                            indent += caretIndent
                        } else {
                            err += "  " + Messages.visible(input) + "\n"
                            indent += 2
                        }
                        err += String(repeating: " ", count: indent)
                            + style("1;31", String(repeating: "^", count: max(1, DisplayWidth.of(Messages.visible(marked))))) + "\n"
                    }
                    err += style("1;31", text("error.label")) + " " + message + "\n"
                }
            }
        }
        return (out, err)
    }
}
