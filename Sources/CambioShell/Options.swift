/// The command line: options, then the words of a one-shot command.
public struct Options: Equatable, Sendable {
    public var plain = false
    /// Never touch the network.
    public var offline = false
    /// Fetch rates before a one-shot command or a pipe.
    public var refresh = false
    /// How one-shot and pipe results are written.
    public var format: OutputFormat = .text
    /// Write each result as soon as its line is done, even into a pipe.
    public var lineBuffered = false
    public var showHelp = false
    public var showVersion = false
    public var locale: String?
    /// The words of a one-shot command (`12,50 eur in usd`), empty for the shell or a pipe.
    public var words: [String] = []

    /// A usage error, reported with exit status 2.
    public struct UsageError: Error, Equatable, Sendable {
        public let message: String
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !options.words.isEmpty || argument == "-" || !argument.hasPrefix("-") || Self.isNumber(argument) {
                if argument != "--" || !options.words.isEmpty { options.words.append(argument) }
                continue
            }
            switch argument {
            case "--": options.words += arguments[index...]; index = arguments.count
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--plain": options.plain = true
            case "--offline": options.offline = true
            case "--refresh": options.refresh = true
            case "--line-buffered": options.lineBuffered = true
            case "--format":
                guard index < arguments.count, let format = OutputFormat(rawValue: arguments[index]) else {
                    throw UsageError(message: "--format takes text, tsv or json")
                }
                options.format = format
                index += 1
            case "--locale":
                guard index < arguments.count else { throw UsageError(message: "--locale needs an identifier, e.g. --locale de_DE") }
                options.locale = arguments[index]
                index += 1
            default:
                if argument.hasPrefix("--locale=") {
                    options.locale = String(argument.dropFirst("--locale=".count))
                } else if argument.hasPrefix("--format="), let format = OutputFormat(rawValue: String(argument.dropFirst(9))) {
                    options.format = format
                } else {
                    throw UsageError(message: "unknown option “\(argument)” — see cambio --help")
                }
            }
        }
        return options
    }

    /// `-12,5` is a negative amount, not an option.
    private static func isNumber(_ argument: String) -> Bool {
        argument.dropFirst().first.map { $0.isNumber || $0 == "." || $0 == "," } ?? false
    }

    public static let usage = """
        Usage: cambio [OPTIONS] [COMMAND …]

          cambio                      start the currency shell (on a terminal)
          cambio 12,50 eur in usd     run one command, print the result, exit
          … | cambio                  run every line of standard input

        Options:
          --plain          no colours, no rate details or notes
          --offline        never use the network (also CAMBIO_OFFLINE=1)
          --refresh        fetch rates before a command or a pipe (the shell refreshes by itself)
          --format FORMAT  text (default), tsv or json (one object a conversion, exact decimals)
          --line-buffered  write each result as soon as its line is read, even into a pipe
          --locale ID      use locale ID (de_DE, en_US, tr_TR …) instead of the environment
          -h, --help       show this help
          -V, --version    show the version

        Commands (type “help” in the shell for more):
          12,50 eur in usd[, gbp …]   convert        eur in usd   a rate and its inverse
          1500                         into each recent currency
          base [CUR]   swap   recent [clear]   list [TEXT]   rates [CUR …]
          refresh   source [NAME|auto]   locale [ID]  status   help [COMMAND]   quit

        Amounts are read in your locale (LC_ALL, LC_NUMERIC, LANG; CAMBIO_LOCALE overrides):
        12,50 in de_DE, 12.50 in en_US. Results have three decimals, rounded half to even.
        Rates are indicative mid-market rates with their date and source, not a bank's rates.
        They come from the cache (newest provider table) or the bundled seed of 2026-07-06;
        the shell refreshes them in the background when older than an hour.
        Providers: currency-api (default), exchangerate-api, ecb — CAMBIO_PROVIDER=NAME picks
        one, CAMBIO_PROVIDER_URL=URL points it at a mirror (plain http only to loopback).

        Exit status: 0 success, 1 a command failed (in a pipe: any line), 2 usage error,
        70 the bundled rate table is unreadable.
        Files: $XDG_CONFIG_HOME/cambio/config, $XDG_STATE_HOME/cambio/{history,recent},
        $XDG_CACHE_HOME/cambio/{rates-PROVIDER.json,locale-facts}. Rates are fetched by
        cambio-fetch, which must be installed next to cambio.
        """
}
