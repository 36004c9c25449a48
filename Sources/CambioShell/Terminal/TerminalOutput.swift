import CambioCore
import Glibc

/// The one place that writes to standard output and standard error and that knows escape
/// sequences: the colour policy (a terminal, not `NO_COLOR`, `TERM=dumb` or `--plain`), the
/// styles of results, details, notes, errors and the prompt, the cursor movements the shell
/// needs, and the `cambio:` prefix of messages. Everything else hands it text. Its writers
/// can be replaced, so that the modes are tested in process.
final class TerminalOutput {
    /// What a piece of text is, which decides how it looks.
    enum Style {
        /// A result: bold.
        case result
        /// The rate beside a result, notes, the banner: dim.
        case detail
        /// The caret under an error and the error's label: bold red.
        case error
        /// A heading above rows: bold.
        case heading
        /// A chart's line: cyan.
        case chart
    }

    /// Whether styles are drawn at all.
    let color: Bool
    private let writeOut: ([UInt8]) -> Int32?
    private let writeErr: ([UInt8]) -> Void

    /// - Parameters:
    ///   - out: writes bytes to standard output: `nil` when written, else the error number
    ///     (`EPIPE`: the reader has gone).
    ///   - err: writes bytes to standard error.
    init(
        color: Bool,
        out: @escaping ([UInt8]) -> Int32? = { Platform.write(STDOUT_FILENO, bytes: $0) },
        err: @escaping ([UInt8]) -> Void = { Platform.writeAll(STDERR_FILENO, bytes: $0) }
    ) {
        self.color = color
        writeOut = out
        writeErr = err
    }

    // MARK: Writing

    /// Writes to standard output; false when it is closed (`| head -1`).
    @discardableResult
    func write(_ text: String) -> Bool { writeOut(Array(text.utf8)) == nil }

    /// What became of output written with `deliver`.
    enum Delivery {
        case written
        /// The reader has gone (`| head -1`): nothing more is wanted, and nothing is said.
        case readerGone
        /// Output was lost (a full disk, a closed standard output): said on standard error, and
        /// the run must fail, as a script has to hear of it.
        case failed
    }

    /// Writes results to standard output, saying why when they are lost.
    func deliver(_ bytes: [UInt8], _ localized: Localization) -> Delivery {
        guard let error = writeOut(bytes) else { return .written }
        guard error != EPIPE else { return .readerGone }
        complain(localized("error.writeOutput", String(cString: strerror(error))))
        return .failed
    }

    func writeError(_ text: String) { writeErr(Array(text.utf8)) }

    /// Writes bytes to standard error (a pipe's messages held back).
    func writeError(bytes: [UInt8]) { writeErr(bytes) }

    /// `cambio: MESSAGE` on standard error: usage errors, fatal errors, failed refreshes.
    func complain(_ message: String) { writeError("cambio: " + message + "\n") }

    // MARK: Styles

    func styled(_ text: String, _ style: Style) -> String {
        guard color else { return text }
        let code =
            switch style {
            case .result, .heading: "1"
            case .chart: "36"
            case .detail: "2"
            case .error: "1;31"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// The prompt, with its colour marked as invisible for libedit (`\u{1}`…`\u{1}`).
    func prompt(_ base: String) -> String {
        color ? "\u{1}\u{1B}[1;36m\u{1}\(base)\u{1}\u{1B}[0m\u{1} › " : "\(base) › "
    }

    // MARK: Cursor movement (the shell's line editing and progress)

    /// From the line below an accepted line, over its text, erase the rest of it, and back.
    static func eraseRight(ofColumn column: Int, onRowAbove: Bool) -> String {
        (onRowAbove ? "\u{1B}[1A" : "") + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "") + "\u{1B}[K" + (onRowAbove ? "\r\u{1B}[1B" : "")
    }

    /// Down `rows` rows, then erase right of `column` on that row.
    static func eraseRight(ofColumn column: Int, rowsDown rows: Int) -> String {
        (rows > 0 ? "\u{1B}[\(rows)B" : "") + eraseRight(ofColumn: column, onRowAbove: false)
    }

    /// The start of a redraw of the line being edited: up to its first row, `rows` rows above
    /// the cursor's, clear from there to the end of the screen, and fill the line's
    /// `lineColumns` cells with blanks at `width` columns, back at its first row for libedit
    /// to draw it over them.
    /// - A space first: after a terminal re-flowed a line that ends at the right margin, the
    ///   cursor may wait past the end of the row above (tmux does) instead of standing at the
    ///   start of the next one; the space puts it on the next row in both cases, the row
    ///   `rows` counts from (anything it covers is cleared).
    /// - The blanks make the terminal wrap every row of the line itself. libedit never writes a
    ///   row's trailing blanks and goes on to the next row with a newline, which a terminal
    ///   takes for the end of a line: a later resize re-flowed such rows apart, and the line's
    ///   first rows stayed above it as a second copy. A newline keeps the mark of a row the
    ///   terminal wrapped, so libedit's drawing leaves the line one line for the terminal.
    static func clearForRedraw(rowsAbove rows: Int, lineColumns: Int, width: Int) -> String {
        var text = " \r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J"
        if width > 0, lineColumns > width {
            let back = (lineColumns - 1) / width
            text += String(repeating: " ", count: lineColumns) + "\r" + (back > 0 ? "\u{1B}[\(back)A" : "")
        }
        return text
    }

    /// The keys' sequences libedit is told of besides its own, each with the editing function
    /// it runs (libedit's `bind` syntax): Home, End and Delete as tmux, screen, rxvt and the
    /// Linux console send them; Insert and the page keys do nothing.
    static let editingKeys: [(key: String, function: String)] = [
        ("\\e[1~", "ed-move-to-beg"), ("\\e[7~", "ed-move-to-beg"), ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"),
        ("\\e[3~", "ed-delete-next-char"), ("\\e[2~", "ed-unassigned"), ("\\e[5~", "ed-unassigned"), ("\\e[6~", "ed-unassigned"),
    ]

    /// A progress line that replaces itself: back to the start, the text, erase the rest.
    static func replacingLine(_ text: String) -> String { "\r" + text + "\u{1B}[K" }
}
