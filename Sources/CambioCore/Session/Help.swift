/// The text of `help` and `help COMMAND`.
enum Help {
    static let overview = [
        "Convert (amounts as your locale writes them; currencies by code, symbol or name):",
        "  12,50 eur in usd          also: to, into, ->, =",
        "  12,50 eur in usd, gbp     into several currencies",
        "  €12,50 in yen             symbols and names work like codes",
        "  12,50 eur                 into the base currency",
        "  1500                      from the base currency into each recent one",
        "Rates:",
        "  eur in usd                one rate and its inverse",
        "  eur                       against the base currency",
        "  rates [CUR …]             the base currency's rates",
        "More:",
        "  base [CUR]                show or set the base currency",
        "  swap                      the last conversion the other way round",
        "  recent [clear]            recently used currencies",
        "  list [TEXT]               currencies with symbol, name and minor units",
        "  locale [ID|default]       show or set the locale",
        "  refresh                   fetch rates now (Ctrl-C cancels)",
        "  source [NAME|auto]        show or choose the rate provider",
        "  status                    rate table, locale and files",
        "  help [COMMAND]            this text, or one command",
        "  quit, exit, Ctrl-D        leave (history is kept)",
        "Tab completes commands, codes and names; ↑ recalls earlier lines.",
        "Rates are indicative mid-market rates, not what a bank or card issuer charges.",
    ]

    static let topics: [String: [String]] = [
        "base": [
            "base           show the base currency (the one bare amounts are in, shown in the prompt)",
            "base CUR       set it, e.g. “base jpy” or “base japanese yen”; it is remembered",
        ],
        "swap": ["swap           repeat the last conversion the other way round (12,50 eur in usd → 12,50 usd in eur)"],
        "recent": [
            "recent         the currencies you used last, most recent first (at most 8)",
            "recent clear   forget them",
            "They come first in completion and are the targets of a bare amount.",
        ],
        "list": ["list [TEXT]    every currency: code, symbol, name, ISO minor units; TEXT filters by code or name"],
        "rates": ["rates [CUR …]  the base currency's rate against every currency, or the ones named"],
        "locale": [
            "locale         the locales used for numbers, money and messages",
            "locale ID      use ID (de_DE, en_US, tr_TR, hi_IN, ar_EG …) for all of them; it is remembered",
            "locale default go back to the environment (LC_ALL, LC_NUMERIC, LC_MONETARY, LC_MESSAGES, LANG)",
        ],
        "status": ["status         the rate table in use (source, date, age), the locale and the files Cambio keeps"],
        "help": ["help [COMMAND] the overview, or one command"],
        "refresh": [
            "refresh        fetch rates now from the rate provider, with progress; Ctrl-C cancels",
            "On failure the table in use stays, and the reason is shown. Rates also refresh by",
            "themselves in the background when they are older than an hour.",
        ],
        "source": [
            "source         the rate provider in use and the ones available",
            "source NAME    use only NAME: currency-api, exchangerate-api or ecb; it is remembered",
            "source auto    the default order, each tried in turn when one fails",
        ],
        "quit": ["quit, exit     leave the shell (Ctrl-D on an empty line does too); history is saved"],
        "exit": ["quit, exit     leave the shell (Ctrl-D on an empty line does too); history is saved"],
    ]

    static func lines(topic: String?) throws -> [String] {
        guard let topic else { return overview }
        guard let text = topics[topic] else { throw CommandError(.unknownTopic(topic), at: nil) }
        return text
    }
}
