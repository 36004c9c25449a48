/// The exit statuses `cambio` ends with, named once (`Reference.exitStatuses` documents them),
/// and the one decision of which a run ends with.
enum ExitStatus {
    static let success: Int32 = 0
    /// A command failed (in a pipe: any line), results could not be written, or what `--save`
    /// asked for could not be saved.
    static let failed: Int32 = 1
    static let usage: Int32 = 2
    /// `--refresh` got no new rates; every command worked with the table in use.
    static let refreshFailed: Int32 = 3
    /// A result's rates were older than `--max-age` (or the `max-age` setting) allows: it was
    /// not written.
    static let staleRates: Int32 = 4
    /// The bundled rate table is unreadable: a broken build.
    static let brokenData: Int32 = 70

    /// What a run came to, for its exit status.
    struct Summary {
        /// A line (or the one-shot command) failed.
        var lineFailed = false
        /// Standard input could not be read (a directory, a closed descriptor).
        var inputFailed = false
        /// Results could not be written (a full disk, a closed standard output).
        var outputFailed = false
        /// A setting or the recent currencies could not be saved where the run was to save them.
        var saveFailed = false
        /// A refresh that was asked for got no new rates.
        var refreshFailed = false
        /// A result's rates were older than the age allowed.
        var staleRates = false
        /// The signal that ended the shell (SIGTERM, SIGHUP), if one did.
        var signal: Int32?
    }

    /// The status a run ends with: 128 + N after signal N, 1 when anything failed, 4 when a
    /// result's rates were too old (and nothing else failed), 3 when only a refresh did, else 0.
    static func of(_ summary: Summary) -> Int32 {
        if let signal = summary.signal { return 128 + signal }
        if summary.lineFailed || summary.inputFailed || summary.outputFailed || summary.saveFailed { return failed }
        if summary.staleRates { return staleRates }
        return summary.refreshFailed ? refreshFailed : success
    }
}
