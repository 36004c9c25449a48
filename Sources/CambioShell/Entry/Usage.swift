import CambioCore

/// `cambio --help`, in the interface's language, laid out from the declarations of options
/// and commands and from `Reference`.
public enum Usage {
    /// Columns `--help` fits its lines into.
    public static let width = 80

    public static func text(_ localized: Localization, seedDate: String) -> String {
        var lines = [localized("usage.synopsis"), "  cambio [\(localized("placeholder.OPTIONS"))] [\(localized("placeholder.COMMAND")) …]"]
        lines += Help.columns(
            [
                ("cambio", localized("usage.shell")), (localized.localExamples("cambio 12,50 eur in usd"), localized("usage.oneShot")),
                ("… | cambio", localized("usage.pipe")),
            ],
            indent: 2, width: width)
        lines += ["", localized("usage.options")]
        lines += Help.columns(OptionDeclaration.all.map { (Help.synopsis($0.synopsis, localized), localized($0.key)) }, indent: 2, width: width)
        lines += ["", localized("usage.commands")]
        lines += Help.columns(
            CommandTable.declarations.map { (Help.synopsis($0.synopsis, localized), localized($0.summaryKey)) }, indent: 2, width: width)
        for topic in Reference.topics {
            lines += ["", localized("topic.\(topic.key).title") + ":"]
            for paragraph in localized("topic.\(topic.key).text").split(separator: "\n") {
                lines += Help.wrap(String(paragraph), width: width - 2).map { "  " + $0 }
            }
            lines += topic.examples.map { "    " + $0 }
        }
        lines += ["", localized("usage.environment")]
        lines += Reference.environment.flatMap { variable in
            ["  " + variable.name] + Help.wrap(localized(variable.key), width: width - 6).map { "      " + $0 }
        }
        lines += ["", localized("usage.files")]
        lines += Help.columns(Reference.files.map { ($0.path, localized($0.key)) }, indent: 2, width: width)
        lines += ["", localized("usage.exitStatus")]
        lines += Help.columns(Reference.exitStatuses.map { (String($0.status), localized($0.key)) }, indent: 2, width: width)
        lines.append("")
        lines += Help.wrap(localized("usage.notes", seedDate).replacingOccurrences(of: "\n", with: " "), width: width)
        return lines.joined(separator: "\n") + "\n"
    }
}
