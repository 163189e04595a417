/// Converts already-validated number text to a Double. Shared by the JSON and CSV parsers.
public enum NumberBytes {
    public static func double(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Double {
        // Up to 15 digits fit a Double exactly, so integers avoid the slower general conversion.
        if isInteger && text.count <= 16 {
            var value: Int64 = 0
            var negative = false
            for byte in text {
                if byte == UInt8(ascii: "-") { negative = true; continue }
                if byte == UInt8(ascii: "+") { continue }
                value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
            }
            return Double(negative ? -value : value)
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// Whether a CSV cell reads as a plain number: `-12`, `3.5`, `1e6`, but not `007`
    /// (codes with leading zeros lose meaning as numbers), `inf`, `0x1F` or ` 12`.
    public static func isPlainNumber(_ text: UnsafeBufferPointer<UInt8>) -> (isNumber: Bool, isInteger: Bool) {
        var i = 0
        let n = text.count
        var isInteger = true
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
        let intStart = i
        while i < n, text[i] >= 48 && text[i] <= 57 { i += 1 }
        let intDigits = i - intStart
        if intDigits > 1, text[intStart] == UInt8(ascii: "0") { return (false, false) }
        var fracDigits = 0
        if i < n, text[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            let fracStart = i
            while i < n, text[i] >= 48 && text[i] <= 57 { i += 1 }
            fracDigits = i - fracStart
        }
        if intDigits + fracDigits == 0 { return (false, false) }
        if i < n, text[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            let expStart = i
            while i < n, text[i] >= 48 && text[i] <= 57 { i += 1 }
            if i == expStart { return (false, false) }
        }
        return (i == n, isInteger)
    }
}
