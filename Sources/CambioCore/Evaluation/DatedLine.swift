import Foundation

/// The day of a dated line: the day asked, the published day used, and its table.
struct DatedLine {
    let table: RateTable
    let asked: Day
    let used: Day
}
