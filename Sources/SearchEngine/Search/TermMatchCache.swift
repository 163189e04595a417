import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What the last few query words cost to find: their dictionary terms (the walk of a large
/// dictionary with two typos) and, for the word a query starts from, its `(document, cell)`
/// pairs. Typing "harry potter" asks for "harry" again on each of the seven keystrokes after
/// the space; the way fzf narrows its previous matches, these keystrokes reuse that work.
/// Small on purpose: it serves consecutive keystrokes, not a replay of old ones.
final class TermMatchCache: @unchecked Sendable {
    struct Key: Hashable {
        var word: [UInt8]
        var prefix: Bool
        var maxTypos: Int
        /// The word's exact alternatives (synonyms, plurals): a joined or split word spelt
        /// like a typed one has none.
        var alternatives: [String] = []
        /// The word's `infixSlots`: its terms then include those holding it.
        var infix: UInt64 = 0
    }

    static let capacity = 8
    /// The pairs lists kept hold at most this many pairs together (8 bytes each), the most
    /// recent first: memory stays bounded (8 MB) however large the lists.
    static let maxPairs = 1 << 20
    private struct Entries {
        var terms: [(key: Key, value: [TermMatch])] = []  // most recent last
        var walks: [(key: Key, value: [TermMatch])] = []
        var pairs: [(key: Key, value: [UInt64])] = []
    }
    private let entries = Mutex(Entries())

    /// The terms `word` matches with its typos (`TypoMatcher`), without alternatives. A prefix
    /// one character longer than a word walked before walks only that word's terms (`among`):
    /// typing "christopher" walks the dictionary once per change of allowed typos, not per key.
    func typoTerms(_ word: [UInt8], prefix: Bool, maxTypos: Int, in dictionary: TermDictionary) -> [TermMatch] {
        let key = Key(word: word, prefix: prefix, maxTypos: maxTypos)
        if let known = lookup(key, in: \.walks) { return known }
        var among: [TermMatch]?
        if prefix, maxTypos > 0, let last = word.lastIndex(where: { $0 & 0xC0 != 0x80 }), last > 0 {
            among = lookup(Key(word: Array(word[..<last]), prefix: true, maxTypos: maxTypos), in: \.walks)
        }
        let value = TypoMatcher.matches(word: word, prefix: prefix, maxTypos: maxTypos, in: dictionary, among: among)
        store(key, value, in: \.walks)
        return value
    }

    func terms(for key: Key, compute: () -> [TermMatch]) -> [TermMatch] {
        if let known = lookup(key, in: \.terms) { return known }
        let value = compute()
        store(key, value, in: \.terms)
        return value
    }

    func pairs(for key: Key, compute: () throws -> [UInt64]) rethrows -> [UInt64] {
        if let known = lookup(key, in: \.pairs) { return known }
        let value = try compute()
        if value.count <= TermMatchCache.maxPairs {
            store(key, value, in: \.pairs)
            entries.withLock { entries in
                var total = entries.pairs.reduce(0) { $0 + $1.value.count }
                while total > TermMatchCache.maxPairs {
                    total -= entries.pairs.removeFirst().value.count
                }
            }
        }
        return value
    }

    private func lookup<V: Sendable>(_ key: Key, in list: WritableKeyPath<Entries, [(key: Key, value: V)]>) -> V? {
        entries.withLock { entries in
            guard let i = entries[keyPath: list].firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries[keyPath: list].remove(at: i)
            entries[keyPath: list].append(entry)
            return entry.value
        }
    }

    private func store<V: Sendable>(_ key: Key, _ value: V, in list: WritableKeyPath<Entries, [(key: Key, value: V)]>) {
        entries.withLock { entries in
            entries[keyPath: list].removeAll { $0.key == key }
            entries[keyPath: list].append((key, value))
            if entries[keyPath: list].count > TermMatchCache.capacity { entries[keyPath: list].removeFirst() }
        }
    }
}
