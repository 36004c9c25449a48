import Foundation
import Testing

@testable import CambioCore

/// The compiled-in history is the ECB's CSV, cell for cell.
@Suite struct BundledHistoryTests {

    /// Every calendar day finds the same published day by search as by the calendar, and it
    /// is the last published day on or before it.
    @Test func everyDayFindsItsPublishedDayBySearchAndByCalendar() {
        let history = BundledHistory.shared
        var index = 0
        for number in history.firstDay.number..<history.lastDay.number {
            while index + 1 < history.dayCount, history.day(at: index + 1).number <= number { index += 1 }
            let day = Day(number: number)
            #expect(history.searchedIndex(onOrBefore: day) == index, "\(day)")
            #expect(Int(BundledHistory.calendar[number - history.firstDay.number]) == index, "\(day)")
        }
    }

    @Test func embeddedFormMatchesTheECBsCSVCellForCell() throws {
        let rows = ECBCSV.rows
        try #require(rows.count > 7000, "python3 could not read the zip")
        let header = rows[0]
        let data = rows.dropFirst().sorted { $0[0] < $1[0] }
        let history = BundledHistory.shared
        #expect(history.dayCount == data.count)
        #expect(history.firstDay.iso == "1999-01-04")
        #expect(history.lastDay.iso == data.last?[0])
        var checked = 0
        for (index, row) in data.enumerated() {
            #expect(history.day(at: index).iso == row[0])
            for (column, name) in header.enumerated() where column > 0 && !name.isEmpty {
                let code = try #require(CurrencyCode(name))
                let cell = row[column]
                if cell == "N/A" || cell.isEmpty {
                    #expect(history.rate(code, at: index) == nil, "\(row[0]) \(name)")
                } else {
                    #expect(history.rate(code, at: index) == Decimal(string: cell), "\(row[0]) \(name) \(cell)")
                    checked += 1
                }
            }
        }
        #expect(checked == 221_702)
    }
}
