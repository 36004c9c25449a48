/// An ISO 4217 alphabetic code: three ASCII letters, stored upper-case.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three upper-case letters packed into an integer, the first in the high byte: a
    /// code is a plain value, copied, compared and hashed without touching memory, as every
    /// line does many times.
    let packed: UInt32

    /// The three upper-case letters.
    public var rawValue: String {
        String(unsafeUninitializedCapacity: 3) { buffer in
            buffer[0] = UInt8(truncatingIfNeeded: packed >> 16)
            buffer[1] = UInt8(truncatingIfNeeded: packed >> 8)
            buffer[2] = UInt8(truncatingIfNeeded: packed)
            return 3
        }
    }

    /// Accepts exactly three letters in any case; anything else is `nil`. Turkish keyboards
    /// give `İ` for a capital i and `ı` for a small dotless one: both are the letter I here
    /// (`İNR` and `ınr` are INR).
    public init?(_ text: some StringProtocol) {
        // Packed as it is read (Turkish dotted and dotless i are I), without building an
        // upper-cased string for every word a line has.
        var packed: UInt32 = 0
        var count = 0
        for scalar in text.unicodeScalars {
            let letter: UInt32
            switch scalar.value {
            case 0x61...0x7A: letter = scalar.value - 0x20
            case 0x41...0x5A: letter = scalar.value
            case 0x130, 0x131: letter = 0x49
            default: return nil
            }
            count += 1
            guard count <= 3 else { return nil }
            packed = packed << 8 | letter
        }
        guard count == 3 else { return nil }
        self.packed = packed
    }

    public static func == (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.packed == rhs.packed }

    public func hash(into hasher: inout Hasher) { hasher.combine(packed) }

    public var description: String { rawValue }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool {
        lhs.packed < rhs.packed
    }
}

extension CurrencyCode {
    /// A code the program itself names, from its three upper-case ASCII letters.
    private init(letters a: UInt8, _ b: UInt8, _ c: UInt8) { packed = UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c) }

    public static let eur = CurrencyCode(letters: UInt8(ascii: "E"), UInt8(ascii: "U"), UInt8(ascii: "R"))
    public static let usd = CurrencyCode(letters: UInt8(ascii: "U"), UInt8(ascii: "S"), UInt8(ascii: "D"))
    /// The home currencies of the central banks Cambio reads.
    public static let pln = CurrencyCode(letters: UInt8(ascii: "P"), UInt8(ascii: "L"), UInt8(ascii: "N"))
    public static let try_ = CurrencyCode(letters: UInt8(ascii: "T"), UInt8(ascii: "R"), UInt8(ascii: "Y"))
    public static let gbp = CurrencyCode(letters: UInt8(ascii: "G"), UInt8(ascii: "B"), UInt8(ascii: "P"))
    public static let cad = CurrencyCode(letters: UInt8(ascii: "C"), UInt8(ascii: "A"), UInt8(ascii: "D"))
    public static let czk = CurrencyCode(letters: UInt8(ascii: "C"), UInt8(ascii: "Z"), UInt8(ascii: "K"))
}
