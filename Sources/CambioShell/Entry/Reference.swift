/// What `--help` and the man page say beyond commands and options — the environment, the
/// files, the exit statuses and examples — declared once, each with the key of its text.
public enum Reference {
    /// Variables Cambio reads.
    public static let environment: [(name: String, key: String)] = [
        ("CAMBIO_LOCALE", "env.locale"),
        ("LC_ALL, LC_NUMERIC, LC_MONETARY, LC_MESSAGES, LANGUAGE, LANG", "env.localeVariables"),
        ("CAMBIO_PROVIDER", "env.provider"),
        ("CAMBIO_PROVIDER_URL", "env.providerURL"),
        ("CAMBIO_REFRESH_MINUTES", "env.refreshMinutes"),
        ("CAMBIO_TIMEOUT", "env.timeout"),
        ("CAMBIO_OFFLINE", "env.offline"),
        ("NO_COLOR", "env.noColor"),
        ("XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_CACHE_HOME", "env.xdg"),
        ("EDITRC", "env.editrc"),
    ]

    /// Files Cambio keeps.
    public static let files: [(path: String, key: String)] = [
        ("$XDG_CONFIG_HOME/cambio/config", "file.config"),
        ("$XDG_STATE_HOME/cambio/history", "file.history"),
        ("$XDG_STATE_HOME/cambio/recent", "file.recent"),
        ("$XDG_CACHE_HOME/cambio/rates-PROVIDER.json", "file.cache"),
        ("$XDG_CACHE_HOME/cambio/locale-facts", "file.localeFacts"),
    ]

    /// Exit statuses.
    public static let exitStatuses: [(status: Int32, key: String)] = [
        (ExitStatus.success, "exit.success"), (ExitStatus.failed, "exit.failed"), (ExitStatus.usage, "exit.usage"),
        (ExitStatus.refreshFailed, "exit.refreshFailed"), (ExitStatus.brokenData, "exit.data"),
    ]

    /// Command lines worth showing.
    public static let examples: [(line: String, key: String)] = [
        ("cambio 12.50 eur in usd", "example.oneShot"),
        ("cambio 100 usd in eur, gbp, jpy", "example.several"),
        ("cambio < expenses.txt", "example.pipe"),
        ("cambio --format json 12.50 eur in usd", "example.json"),
        ("cambio --locale de_DE 12,50 eur in usd", "example.locale"),
    ]

    /// Related manual pages.
    public static let seeAlso = ["units(1)", "qalc(1)", "editrc(5)"]
}
