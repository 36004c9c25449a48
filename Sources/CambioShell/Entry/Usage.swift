import CambioCore

/// `cambio --help`, in the interface's language, laid out from the declarations of options
/// and commands and from `Reference`.
public enum Usage {
    /// Columns `--help` fits its lines into.
    public static let width = 80

    public static func text(_ text: Localization, seedDate: String) -> String {
        var lines = [text("usage.synopsis"), "  cambio [\(text("placeholder.OPTIONS"))] [\(text("placeholder.COMMAND")) …]"]
        lines += Help.columns(
            [("cambio", text("usage.shell")), ("cambio 12,50 eur in usd", text("usage.oneShot")), ("… | cambio", text("usage.pipe"))],
            indent: 2, width: width)
        lines += ["", text("usage.options")]
        lines += Help.columns(OptionDeclaration.all.map { (Help.synopsis($0.synopsis, text), text($0.key)) }, indent: 2, width: width)
        lines += ["", text("usage.commands")]
        lines += Help.columns(CommandDeclaration.all.map { (Help.synopsis($0.synopsis, text), text($0.summaryKey)) }, indent: 2, width: width)
        lines += ["", text("usage.environment")]
        lines += Reference.environment.flatMap { variable in
            ["  " + variable.name] + Help.wrap(text(variable.key), width: width - 6).map { "      " + $0 }
        }
        lines += ["", text("usage.files")]
        lines += Help.columns(Reference.files.map { ($0.path, text($0.key)) }, indent: 2, width: width)
        lines += ["", text("usage.exitStatus")]
        lines += Help.columns(Reference.exitStatuses.map { (String($0.status), text($0.key)) }, indent: 2, width: width)
        lines.append("")
        lines += Help.wrap(text("usage.notes", seedDate).replacingOccurrences(of: "\n", with: " "), width: width)
        return lines.joined(separator: "\n") + "\n"
    }
}
