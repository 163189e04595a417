/// URL percent-encoding over UTF-8 bytes (RFC 3986), as Foundation's `addingPercentEncoding`
/// and `removingPercentEncoding` do it, without Foundation.
public enum PercentEncoding {
    /// `text` with every scalar `kept` says no to written as `%XX` per UTF-8 byte (capitals).
    public static func encode(_ text: some StringProtocol, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if kept(scalar) {
                out.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { out += "%" + hex(byte >> 4) + hex(byte & 0xF) }
        }
        return out
    }

    /// `text` with each `%XX` made the byte it names; nil when a `%` is not followed by two hex
    /// digits or the bytes are not UTF-8 (as Foundation answers).
    public static func decode(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = input.popFirst().flatMap(digit), let low = input.popFirst().flatMap(digit) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-._~` (Foundation keeps no
    /// other letter unencoded, whatever the set it is given says).
    public static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    private static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16, uppercase: true) }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
