import CambioCore

/// `man cambio`: the manual page in roff, from the same declarations and texts as
/// `cambio --help` and the shell's `help`, in the interface's language (the installed page is
/// made with the English texts). Every character outside ASCII is written as a groff escape,
/// so the page renders the same without a preprocessor.
public enum ManPage {
    public static func roff(_ localized: Localization, version: String, date: String, seedDate: String) -> String {
        func section(_ key: String) -> String { ".SH \"" + code(localized("man.section.\(key)")) + "\"" }
        var out: [String] = []
        out.append(".TH CAMBIO 1 \(date) \"cambio \(version)\" \"\(code(localized("man.title")))\"")
        // Identifiers and words of other languages must not be broken by English hyphenation.
        out += [".nh", ".ad l"]
        out.append(section("name"))
        out.append("cambio \\- " + prose(localized("man.name")))
        out.append(section("synopsis"))
        out.append("\\fBcambio\\fR [\\fI\(code(localized("placeholder.OPTIONS")))\\fR] [\\fI\(code(localized("placeholder.COMMAND")))\\fR \\&...]")
        out.append(section("description"))
        out += paragraphs(localized("man.description", seedDate))

        out.append(section("commands"))
        out.append(prose(localized("man.commandsIntro")))
        for command in CommandTable.declarations {
            out.append(".TP")
            out.append("\\fB" + code(Help.synopsis(command.synopsis, localized)) + "\\fR")
            // One way to use it: its description; several: each with its own synopsis.
            for (index, form) in command.forms.enumerated() {
                if index > 0 { out.append(".br") }
                let tag = command.forms.count == 1 ? "" : "\\fB" + code(Help.synopsis(form.synopsis, localized)) + "\\fR: "
                out.append(tag + prose(localized(form.key)))
            }
            if let more = command.moreKey {
                out.append(".br")
                out.append(prose(localized(more).replacingOccurrences(of: "\n", with: " ")))
            }
        }

        for topic in Reference.topics {
            out.append(".SH \"" + code(localized("topic.\(topic.key).title").uppercased()) + "\"")
            out += paragraphs(localized("topic.\(topic.key).text"))
            out += [".PP", ".nf"] + topic.examples.map { "\\fB" + code($0) + "\\fR" } + [".fi"]
        }

        out.append(section("options"))
        for option in OptionDeclaration.all {
            out.append(".TP")
            let names = ((option.short.map { [$0] } ?? []) + [option.long]).map { "\\fB" + code($0) + "\\fR" }
            let value = option.placeholder.map { " \\fI" + code(Help.synopsis($0, localized)) + "\\fR" } ?? ""
            out.append(names.joined(separator: ", ") + value)
            out.append(prose(localized(option.key)))
        }

        out.append(section("environment"))
        out += definitions(Reference.environment.map { ("\\fB" + code($0.name) + "\\fR", $0.key) }, localized)
        out.append(section("files"))
        out += definitions(Reference.files.map { ("\\fI" + code($0.path) + "\\fR", $0.key) }, localized)
        out.append(section("exitStatus"))
        out += definitions(Reference.exitStatuses.map { ("\\fB\($0.status)\\fR", $0.key) }, localized)
        out.append(section("examples"))
        out += definitions(Reference.examples.map { ("\\fB" + code($0.line) + "\\fR", $0.key) }, localized)

        out.append(section("seeAlso"))
        out.append(
            Reference.seeAlso.map { page in
                let name = page.prefix { $0 != "(" }
                return "\\fB\(code(name))\\fR\(page.dropFirst(name.count))"
            }.joined(separator: ", "))
        return out.joined(separator: "\n") + "\n"
    }

    /// A tagged paragraph a row: the term (already in roff), then its text.
    private static func definitions(_ rows: [(term: String, key: String)], _ localized: Localization) -> [String] {
        rows.flatMap { [".TP", $0.term, prose(localized($0.key))] }
    }

    /// Paragraphs of prose separated by line breaks in the text.
    private static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n").enumerated().flatMap { index, paragraph in
            (index == 0 ? [] : [".PP"]) + [prose(paragraph)]
        }
    }

    /// Text on a line of its own: a leading `.` or `'` would be read as a request.
    static func prose(_ text: some StringProtocol) -> String {
        let escaped = escape(text, minus: false)
        return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
    }

    /// A command, option or path: hyphens are minus signs, so that they can be copied and typed.
    static func code(_ text: some StringProtocol) -> String { escape(text, minus: true) }

    private static func escape(_ text: some StringProtocol, minus: Bool) -> String {
        var out = ""
        for scalar in String(text).unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-" where minus: out += "\\-"
            case "\n", "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    continue
                } else if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + hex.zeroPadded(to: 4) + "]"
                }
            }
        }
        return out
    }
}
