import Foundation

/// Türkiye Cumhuriyet Merkez Bankası: the indicative rates announced each working day at
/// 15:30, in force from the next day (forex and banknote, buying and selling), in lira per
/// unit (`<Unit>100</Unit>` for the yen), one XML file a day
/// (`https://www.tcmb.gov.tr/kurlar/201512/04122015.xml`; 404 on a day without a bulletin).
/// Terms: public data, TCMB named as the source.
public struct TCMB: Bank {
    public let id = "tcmb"
    public let name = "TCMB"
    public let home = CurrencyCode.try_
    public let quoting = Quoting.homePerForeign
    public let kinds: [RateKind] = [.buying, .selling, .banknoteBuying, .banknoteSelling]
    /// The Feast of the Sacrifice with its bridging days is the longest gap: nine days.
    public let lookback = 11
    public let baseURL = "https://www.tcmb.gov.tr"
    public let attribution = "Source: Türkiye Cumhuriyet Merkez Bankası (TCMB), indicative exchange rates"

    public init() {}

    /// The bulletin of the day.
    public func request(for day: Day, series: String, today: Day) -> BankRequest {
        let (year, month, date) = day.parts
        let path = "/kurlar/" + String(format: "%04d%02d/%02d%02d%04d.xml", year, month, date, month, year)
        return BankRequest(path: path, series: series, covers: day...day, notFoundIsEmpty: true)
    }

    private static let elements: [(name: String, kind: RateKind)] = [
        ("ForexBuying", .buying), ("ForexSelling", .selling), ("BanknoteBuying", .banknoteBuying), ("BanknoteSelling", .banknoteSelling),
    ]

    /// `<Tarih_Date Tarih="04.12.2015" … Bulten_No="2015/231"><Currency Kod="USD"><Unit>1</Unit>
    /// <ForexBuying>2.8921</ForexBuying>…`: a kind left empty (the SDR's banknote rates) is
    /// not published for that currency. The file is ISO-8859-9 or UTF-8; only its ASCII (tags,
    /// codes, numbers) is read.
    public func decode(_ body: [UInt8], _ request: BankRequest) throws(SourceProblem) -> [BankTable] {
        let text = String(decoding: body.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)[...]
        guard let tag = XMLText.startTag("Tarih_Date", in: text) else { throw SourceProblem("problem.noField", "Tarih_Date") }
        // A bulletin cut short lacks its end: none of it is read.
        guard text.contains("</Tarih_Date>") else { throw SourceProblem("problem.cutElement") }
        let attributes = XMLText.attributes(tag)
        let parts = (attributes["Tarih"] ?? "").split(separator: ".")
        guard parts.count == 3, let dd = Int(parts[0]), let mm = Int(parts[1]), let yyyy = Int(parts[2]),
            let published = Day(year: yyyy, month: mm, day: dd)
        else { throw SourceProblem("problem.notDate", String((attributes["Tarih"] ?? "").prefix(12))) }
        let day = try day(published.iso, within: request)
        let label = String((attributes["Bulten_No"] ?? "").prefix(20))
        var quotes: [RateKind: [CurrencyCode: BankQuote]] = [:]
        for currency in XMLText.elements("Currency", in: text) {
            guard let start = text[..<currency.startIndex].range(of: "<Currency", options: .backwards) else { continue }
            let codeText = XMLText.attributes(text[start.upperBound..<currency.startIndex]).values.first { $0.count == 3 } ?? ""
            guard let code = CurrencyCode(codeText) else { throw SourceProblem("problem.notCode", String(codeText.prefix(12))) }
            guard let unitText = XMLText.value("Unit", in: currency), let units = Int(unitText), (1...1_000_000).contains(units) else {
                throw SourceProblem("problem.noField", "Unit")
            }
            guard quotes.values.allSatisfy({ $0[code] == nil }) else { throw SourceProblem("problem.currencyTwice", code.rawValue) }
            for (name, kind) in Self.elements {
                guard let value = XMLText.value(name, in: currency), !value.isEmpty else { continue }
                quotes[kind, default: [:]][code] = BankQuote(value: try rate(value, code.rawValue), units: units)
            }
        }
        guard !quotes.isEmpty else { throw SourceProblem("problem.noRates") }
        return kinds.compactMap { kind in
            quotes[kind].map { BankTable(day: day, kind: kind, series: request.series, label: label, quotes: $0) }
        }
    }
}
