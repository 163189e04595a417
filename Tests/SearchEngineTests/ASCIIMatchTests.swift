import Testing

@testable import SearchEngine

/// The count's byte matcher against the scorer's own `contains` on the same line read as
/// scalars, and the scorer reading bytes (eight at a time) against the same.
struct ASCIIMatchTests {
    @Test func answersAsTheScorerDoesForEveryKindOfTerm() {
        var random = SplitMix64(state: 0x5EED)
        // Letters of both cases, digits, white space, punctuation: what folds, what trims, what does not.
        let characters = Array("aAbBmMzZ01 \t/-_.".utf8)
        let kinds: [LinePattern.Kind] = [.fuzzy, .exact, .prefix, .suffix, .equal, .exactBoundary]
        let scorer = LineScorer(scheme: .default)
        var compared = 0
        var comparedAtOnce = 0
        for _ in 0..<40_000 {
            let line = (0..<Int.random(in: 0...24, using: &random)).map { _ in characters.randomElement(using: &random)! }
            let caseSensitive = Bool.random(using: &random)
            // Terms up to ten long: a prefix or suffix of more than eight goes past the word compared at once.
            var text = (0..<Int.random(in: 1...(Bool.random(using: &random) ? 4 : 10), using: &random)).map { _ in
                UInt32(characters.randomElement(using: &random)!)
            }
            // A term that ignores case is lower case, as `LinePattern` makes it.
            if !caseSensitive { text = text.map(LineCharacters.lowercased) }
            let kind = kinds.randomElement(using: &random)!
            text.withUnsafeBufferPointer { characters in
                let term = MatchTerm(kind: kind, inverse: false, caseSensitive: caseSensitive, normalize: false, text: characters)
                let scalars = line.map(UInt32.init)
                let expected = scalars.withUnsafeBufferPointer { scorer.contains(term, in: ScalarLine(scalars: $0)) }
                line.withUnsafeBufferPointer { bytes in
                    let described =
                        "\(kind) \(caseSensitive ? "case" : "nocase") \(String(decoding: text.map { UInt8($0) }, as: UTF8.self).debugDescription) in \(String(decoding: line, as: UTF8.self).debugDescription)"
                    #expect(scorer.contains(term, in: ByteLine(bytes: bytes)) == expected, "\(described)")
                    if let base = bytes.baseAddress, let found = ASCIIMatch.contains(term, base, bytes.count) {
                        #expect(found == expected, "\(described)")
                        compared += 1
                    }
                    if let base = bytes.baseAddress, text.count == 1, kind == .fuzzy || kind == .exact, let byte = ASCIIMatch.Word(term, last: false) {
                        #expect(ASCIIMatch.containsByte(byte, base, bytes.count) == expected, "one byte: \(described)")
                        comparedAtOnce += 1
                    }
                    if let base = bytes.baseAddress, kind == .prefix, let head = ASCIIMatch.Word(term, last: false) {
                        #expect(ASCIIMatch.prefix(term, head: head, base, bytes.count) == expected, "word at once: \(described)")
                        comparedAtOnce += 1
                    }
                    if let base = bytes.baseAddress, kind == .suffix, let tail = ASCIIMatch.Word(term, last: true) {
                        #expect(ASCIIMatch.suffix(term, tail: tail, base, bytes.count) == expected, "word at once: \(described)")
                        comparedAtOnce += 1
                    }
                }
            }
        }
        // Every kind but the word-boundary one is answered by the byte matcher.
        #expect(compared > 30_000)
        #expect(comparedAtOnce > 10_000)
    }

    @Test func aCapitalInATermThatIgnoresCaseIsNeverFound() {
        let text: [UInt32] = [UInt32(UInt8(ascii: "M"))]
        let line = Array("Mary mary MARY".utf8)
        text.withUnsafeBufferPointer { characters in
            let term = MatchTerm(kind: .fuzzy, inverse: false, caseSensitive: false, normalize: false, text: characters)
            line.withUnsafeBufferPointer { #expect(ASCIIMatch.firstIndex(of: text[0], $0.baseAddress!, $0.count, from: 0, term) == nil) }
        }
    }

    @Test func findsTheFirstOccurrenceFromAnyStartInLongAndShortLines() {
        let line = Array("xxxxxxxMxxxxxxxxmxx".utf8)
        let wanted = UInt32(UInt8(ascii: "m"))
        [wanted].withUnsafeBufferPointer { characters in
            let term = MatchTerm(kind: .fuzzy, inverse: false, caseSensitive: false, normalize: false, text: characters)
            line.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                for start in 0...bytes.count {
                    let expected = (start..<bytes.count).first { bytes[$0] | 0x20 == UInt8(ascii: "m") }
                    #expect(ASCIIMatch.firstIndex(of: wanted, base, bytes.count, from: start, term) == expected, "from \(start)")
                }
                // A line shorter than eight bytes, read one byte at a time.
                #expect(ASCIIMatch.firstIndex(of: wanted, base + 5, 4, from: 0, term) == 2)
                #expect(ASCIIMatch.firstIndex(of: wanted, base, 7, from: 0, term) == nil)
            }
        }
    }
}
