/// Small non-negative integers (value ids, one per record or document) at the narrowest width
/// their largest value allows: a facet of 131 years costs one byte a record, not four, and a
/// numeric column of 13k distinct counts two bytes instead of a `Double`'s eight.
///
/// Hot loops switch on the width once and call a function generic over the element type, so
/// the narrow storage costs no time per element.
enum PackedIDs: Sendable {
    case u8([UInt8])
    case u16([UInt16])
    case u32([UInt32])

    var count: Int {
        switch self {
        case .u8(let a): return a.count
        case .u16(let a): return a.count
        case .u32(let a): return a.count
        }
    }

    subscript(index: Int) -> Int {
        switch self {
        case .u8(let a): return Int(a[index])
        case .u16(let a): return Int(a[index])
        case .u32(let a): return Int(a[index])
        }
    }

    /// The largest id, -1 when there is none: what a file's ids are checked against (one pass
    /// over the narrow array, not a switch per element).
    var largest: Int {
        func largest<T: FixedWidthInteger & UnsignedInteger>(_ a: [T]) -> Int {
            a.isEmpty ? -1 : Int(a.reduce(T.zero) { Swift.max($0, $1) })
        }
        switch self {
        case .u8(let a): return largest(a)
        case .u16(let a): return largest(a)
        case .u32(let a): return largest(a)
        }
    }

    /// Width in bytes: 1, 2 or 4.
    var width: Int {
        switch self {
        case .u8: return 1
        case .u16: return 2
        case .u32: return 4
        }
    }

    /// The ids in another order: `result[i] = self[order[i]]`, at the same width.
    func permuted(by order: [Int32]) -> PackedIDs {
        switch self {
        case .u8(let a): return .u8(order.map { a[Int($0)] })
        case .u16(let a): return .u16(order.map { a[Int($0)] })
        case .u32(let a): return .u32(order.map { a[Int($0)] })
        }
    }

    /// Every id replaced by `mapping[id]`, at the width the new largest value needs.
    func mapped(_ mapping: [Int]) -> PackedIDs {
        var builder = PackedIDsBuilder(capacity: count, largest: mapping.max() ?? 0)
        for i in 0..<count { builder.append(mapping[self[i]]) }
        return builder.ids
    }
}

/// Appends ids one by one, widening the storage (1 → 2 → 4 bytes) the first time an id does
/// not fit, so the width is right without knowing the largest id in advance.
struct PackedIDsBuilder {
    private var narrow: [UInt8] = []
    private var medium: [UInt16] = []
    private var wide: [UInt32] = []
    private var width = 1
    private let capacity: Int

    /// `largest`: the largest id expected, when known, to start at the right width.
    init(capacity: Int = 0, largest: Int = 0) {
        self.capacity = capacity
        if largest > Int(UInt8.max) { widen(toFit: largest) } else { narrow.reserveCapacity(capacity) }
    }

    var count: Int { width == 1 ? narrow.count : width == 2 ? medium.count : wide.count }

    var ids: PackedIDs { width == 1 ? .u8(narrow) : width == 2 ? .u16(medium) : .u32(wide) }

    @inline(__always)
    mutating func append(_ id: Int) {
        if width == 1, id <= Int(UInt8.max) {
            narrow.append(UInt8(truncatingIfNeeded: id))
        } else if width == 2, id <= Int(UInt16.max) {
            medium.append(UInt16(truncatingIfNeeded: id))
        } else if width == 4 {
            precondition(id >= 0 && id <= Int(UInt32.max), "ids are 32-bit")
            wide.append(UInt32(truncatingIfNeeded: id))
        } else {
            widen(toFit: id)
            append(id)
        }
    }

    private mutating func widen(toFit id: Int) {
        let reserved = Swift.max(capacity, count)
        if id > Int(UInt16.max) {
            wide.reserveCapacity(reserved)
            if width == 1 { wide.append(contentsOf: narrow.lazy.map { UInt32($0) }) }
            if width == 2 { wide.append(contentsOf: medium.lazy.map { UInt32($0) }) }
            width = 4
        } else {
            medium.reserveCapacity(reserved)
            medium.append(contentsOf: narrow.lazy.map { UInt16($0) })
            width = 2
        }
        narrow = []
        if width == 4 { medium = [] }
    }
}
