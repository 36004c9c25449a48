import CambioCore
import Foundation
import Glibc

/// `cambio --input csv FILE --to USD`: a table read whole (a file, `-` for standard input), each
/// row converted at its date by the session's engine (`DocumentConverter`), and the table written
/// to standard output with its columns added. What was taken (locale, encoding, columns) and
/// each row that failed go to standard error; a row that failed makes the exit status 1.
enum DocumentRunner {
    /// The largest table read (bytes): a year of a busy account is a few MB.
    static let sizeLimit = 256 << 20

    static func run(_ options: Options, session: Session, output: TerminalOutput) -> Int32 {
        let localized = session.engine.localized
        func complain(_ message: String, status: Int32) -> Int32 {
            output.writeError("cambio: " + message + "\n")
            return status
        }
        guard options.words.count == 1, let path = options.words.first else { return complain(localized("doc.noFile"), status: ExitStatus.usage) }
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
        converterOptions.rounding = session.state.rounding
        let bytes: [UInt8]
        switch read(path) {
        case .success(let read): bytes = read
        case .failure(.tooLarge):
            return complain(localized("doc.tooLarge", Sanitiser.quoted(path), String(sizeLimit >> 20)), status: ExitStatus.failed)
        case .failure(.unreadable(let reason)):
            return complain(localized("doc.unreadable", Sanitiser.quoted(path), reason), status: ExitStatus.failed)
        }
        let asked = options.encoding.flatMap(DocumentText.Encoding.init(rawValue:))
        let document: DocumentText
        switch DocumentText.decode(bytes, as: asked) {
        case .success(let decoded): document = decoded
        case .failure(let problem):
            return complain(localized("doc.notUTF8", Sanitiser.quoted(path), String(problem.offset)), status: ExitStatus.failed)
        }
        let converted: DocumentConverter.Output
        do {
            converted = try session.convert(document, converterOptions, now: Date())
        } catch {
            return complain(error.message, status: ExitStatus.failed)
        }
        for note in converted.notes { output.writeError("cambio: " + Sanitiser.visible(note) + "\n") }
        // To a terminal, the file's own text is shown through the sanitiser; to a file or pipe,
        // as it was.
        var written = converted.bytes
        if Platform.isTerminal(STDOUT_FILENO) {
            var text = converted.text
            // The byte-order mark is for a spreadsheet reading the file, not for the screen.
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            // A line ends in LF or CR LF (one character to a string): either is a line on the screen.
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            written = Array(lines.map { Sanitiser.visible($0) }.joined(separator: "\n").utf8)
        }
        var status = ExitStatus.success
        switch output.deliver(written, localized) {
        case .written, .readerGone: break
        case .failed: status = ExitStatus.failed
        }
        for problem in converted.problems { output.writeError("cambio: " + Sanitiser.visible(problem) + "\n") }
        if converted.failed > 0 { status = ExitStatus.failed }
        return status
    }

    enum ReadFailure: Error {
        case tooLarge
        case unreadable(String)
    }

    /// The bytes of a file (a pipe or `<(…)` too) or of standard input, up to `sizeLimit`.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > sizeLimit { return .failure(.tooLarge) }
        }
        return .success(bytes)
    }
}
