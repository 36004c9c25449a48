import CambioCore
import Foundation
import Glibc

/// `cambio --input csv FILE --to USD`: a table read as a stream (a file, `-` for standard input),
/// each row converted at its date by the session's engine (`DocumentConverter`) and written to
/// standard output with its columns added as it is read. What was taken (locale, encoding,
/// columns) and each row that failed go to standard error as they happen; a row that failed
/// makes the exit status 1.
enum DocumentRunner {
    static func run(_ options: Options, session: Session, output: TerminalOutput, maxAge: Int? = nil) -> Int32 {
        let localized = session.engine.localized
        func complain(_ message: String, status: Int32) -> Int32 {
            output.writeError("cambio: " + message + "\n")
            return status
        }
        // `FILE average monthly` reads as `--average monthly` does.
        var words = options.words
        var average = options.average
        if words.count == 3, words[1].lowercased() == "average", ["monthly", "yearly"].contains(words[2].lowercased()) {
            average = words[2].lowercased()
            words.removeLast(2)
        }
        guard words.count == 1, let path = words.first else { return complain(localized("doc.noFile"), status: ExitStatus.usage) }
        // A table is written back as a table: a record format asked for is refused, not ignored.
        guard options.format == .text else {
            return complain(localized("doc.formatNotApplicable", options.format.rawValue), status: ExitStatus.usage)
        }
        var targets: [CurrencyCode] = []
        for text in options.targets.isEmpty ? [session.state.base.rawValue] : options.targets {
            guard case .found(let code, _) = session.engine.directory.resolve(text) else {
                return complain(localized("doc.badTarget", Sanitiser.quoted(text)), status: ExitStatus.usage)
            }
            if !targets.contains(code) { targets.append(code) }
        }
        var converterOptions = DocumentConverter.Options(targets: targets)
        if let from = options.from {
            guard case .found(let code, _) = session.engine.directory.resolve(from) else {
                return complain(localized("doc.badTarget", Sanitiser.quoted(from)), status: ExitStatus.usage)
            }
            converterOptions.from = code
        }
        for column in options.columns {
            let parts = column.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let role = DocumentColumns.Role(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
                return complain(
                    localized(
                        "usage.invalidValue", "--column", "date=NAME, amount=NAME, currency=NAME, charged=NAME, sign=NAME", Sanitiser.quoted(column)),
                    status: ExitStatus.usage)
            }
            converterOptions.columns[role] = parts[1]
        }
        converterOptions.localeID = options.locale.flatMap(LocaleSettings.chosen)
        if options.input == "tsv" { converterOptions.delimiter = UInt8(ascii: "\t") }
        converterOptions.totalOfRounded = options.totalOfRounded
        converterOptions.average = average.map { $0 == "yearly" ? .year : .month }
        converterOptions.maxAge = maxAge
        converterOptions.rounding = session.state.rounding
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return complain(localized("doc.unreadable", Sanitiser.quoted(path), String(cString: strerror(errno))), status: ExitStatus.failed)
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let asked = options.encoding.flatMap(DocumentText.Encoding.init(rawValue:))
        var stoppedBy: Int32?
        // A signal that interrupts a wait for input (a pipe that sends nothing) ends the input there.
        let input = DocumentInput(asked: asked) { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                guard count < 0, errno == EINTR else { return count }
                if stoppedBy == nil { stoppedBy = Signals.stopRequest() }
                if stoppedBy != nil { return 0 }
            }
        }
        // A row's dated rates fetched: a signal cancels the fetch, and the table stops.
        session.stopRequested = {
            if stoppedBy == nil { stoppedBy = Signals.stopRequest() }
            return stoppedBy != nil
        }
        // To a terminal, the file's own text is shown through the sanitiser; to a file or pipe,
        // as it was. Rows go out as they are converted, and a row that fails is said as it fails.
        let terminal = Platform.isTerminal(STDOUT_FILENO)
        var status = ExitStatus.success
        var first = true
        let sink = DocumentConverter.Sink(
            write: { bytes in
                var written = bytes
                if terminal {
                    // The byte-order mark is for a spreadsheet reading the file, not for the screen.
                    if first, written.starts(with: [0xEF, 0xBB, 0xBF]) { written.removeFirst(3) }
                    // A line ends in LF or CR LF: either is a line on the screen.
                    let text = String(decoding: written, as: UTF8.self)
                    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
                    written = Array(lines.map { Sanitiser.visible($0) }.joined(separator: "\n").utf8)
                }
                first = false
                switch output.deliver(written, localized) {
                case .written: return true
                case .readerGone: return false
                case .failed:
                    status = ExitStatus.failed
                    return false
                }
            },
            note: { output.writeError("cambio: " + Sanitiser.visible($0) + "\n") },
            problem: { line, reason in output.writeError("cambio: " + Sanitiser.visible(localized("doc.rowProblem", String(line), reason)) + "\n") },
            continues: {
                // SIGINT, SIGTERM or SIGHUP stop the table between rows, what is done written.
                if stoppedBy == nil { stoppedBy = Signals.stopRequest() }
                return stoppedBy == nil
            })
        let converted: DocumentConverter.Output
        do {
            converted = try session.convert(input, converterOptions, now: Date(), sink: sink)
        } catch {
            if let stoppedBy { Signals.end(by: stoppedBy) }
            return complain(error.message, status: ExitStatus.failed)
        }
        if let stoppedBy {
            session.save()
            Signals.end(by: stoppedBy)
        }
        if converted.failed > 0 {
            output.writeError("cambio: " + Sanitiser.visible(converted.summary) + "\n")
            // Rows refused only for their rates' age end the run with that status.
            status = converted.staleRows == converted.failed && status == ExitStatus.success ? ExitStatus.staleRates : ExitStatus.failed
        }
        return status
    }
}
