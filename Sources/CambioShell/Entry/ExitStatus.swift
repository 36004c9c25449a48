/// The exit statuses `cambio` ends with, named once (`Reference.exitStatuses` documents them).
enum ExitStatus {
    static let success: Int32 = 0
    /// A command failed (in a pipe: any line).
    static let failed: Int32 = 1
    static let usage: Int32 = 2
    /// `--refresh` got no new rates; every command worked with the table in use.
    static let refreshFailed: Int32 = 3
    /// The bundled rate table is unreadable: a broken build.
    static let brokenData: Int32 = 70
}
