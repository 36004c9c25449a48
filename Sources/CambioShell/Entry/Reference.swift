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
        ("$XDG_CACHE_HOME/cambio/locale-names", "file.localeNames"),
    ]

    /// Exit statuses.
    public static let exitStatuses: [(status: Int32, key: String)] = [
        (ExitStatus.success, "exit.success"), (ExitStatus.failed, "exit.failed"), (ExitStatus.usage, "exit.usage"),
        (ExitStatus.refreshFailed, "exit.refreshFailed"), (ExitStatus.staleRates, "exit.staleRates"), (ExitStatus.brokenData, "exit.data"),
    ]

    /// Command lines worth showing.
    public static let examples: [(line: String, key: String)] = [
        ("cambio 12.50 eur in usd", "example.oneShot"),
        ("cambio 100 usd in eur, gbp, jpy", "example.several"),
        ("cambio < expenses.txt", "example.pipe"),
        ("cambio --format json 12.50 eur in usd", "example.json"),
        ("cambio --locale de_DE 12,50 eur in usd", "example.locale"),
    ]

    /// A subject the manual and `--help` explain beyond the commands: the keys of its title
    /// (`topic.KEY.title`) and text (`topic.KEY.text`), and command lines that show it. Every
    /// example runs as shown in every locale (a test runs each in en_US, de_DE and tr_TR, in a
    /// directory with the files they name): one that needs a locale's way of writing says it
    /// with `--locale`.
    public struct Topic: Sendable {
        public let key: String
        public let examples: [String]
    }

    public static let topics: [Topic] = [
        Topic(
            key: "dated",
            examples: [
                "cambio 12 eur in usd on 2020-03-15", "cambio --locale de_DE 45,80 usd in eur am 30.03.2024",
                "cambio 100 usd in eur average 2024-03",
            ]),
        Topic(key: "calculating", examples: ["cambio '3 x 12 eur in usd'", "cambio '80 eur + 15 %'", "cambio '12 eur + 5 usd in gbp'"]),
        Topic(
            key: "documents",
            examples: [
                "cambio --input csv statement.csv --to usd,eur", "cambio --input csv card.csv --to usd --total exact",
                "cambio --round minor,half-up 68 aud in usd on 2025-07-22", "cambio '100 eur in usd on 2024-01-02 at 107 $'",
            ]),
        Topic(
            key: "prices",
            examples: [
                "cambio prices eur usd 2024 --format hledger > prices.journal",
                "cambio prices usd gbp in eur 2024-01-01..2024-06-30 --format beancount", "cambio prices eur chf average monthly 2024",
            ]),
        Topic(
            key: "records",
            examples: ["cambio --format csv 45 eur in usd on 2024-01-15 '# Hotel'", "printf '12 eur in usd\\n' | cambio --format tsv"]),
        Topic(key: "quoting", examples: ["cambio 12 eur in usd", "cambio 12 eur '->' usd", "cambio '3 * 12 eur in usd'"]),
    ]

    /// Related manual pages.
    public static let seeAlso = ["units(1)", "qalc(1)", "editrc(5)"]
}
