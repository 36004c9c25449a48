import CambioTestSupport
import Testing

@testable import CambioCore

@Suite struct ReplyTests {
    /// A line put into a reply lands where `Array.insert` puts it, the others kept in order,
    /// for lines of every kind, replies of 0 to 6 lines and every position.
    @Test func aLineInsertedLandsWhereArrayInsertPutsIt() {
        let kinds: [Reply.Line] = [
            .result("€1.000 = $1.117", detail: "rate 1.117"), .result("12 usd"), .heading("Rates"), .note("a note"), .assumption("taken as MXN"),
            .source("ECB"), .error(CommandError(.expected(.currency, found: nil), at: 9..<10), message: "a currency"), .chart("▁▂▃"),
            .table(ReplyTable([[.init("EUR", .code), .init("1.117", .figure)]])), .warning("no rates"),
        ]
        var random = SplitMix64(seed: 2026_12_05)
        func anyLine() -> Reply.Line { kinds[Int(random.next() % UInt64(kinds.count))] }
        for count in 0...6 {
            for index in 0...count {
                for _ in 0..<20 {
                    var reply = Reply((0..<count).map { _ in anyLine() })
                    var expected = reply.lines
                    let line = anyLine()
                    reply.insert(line, at: index)
                    expected.insert(line, at: index)
                    #expect(reply.lines == expected, "\(count) lines, at \(index)")
                }
            }
        }
    }
}
