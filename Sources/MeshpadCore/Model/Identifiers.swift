/// A node's identity, stable for the life of a document and across save and load.
///
/// Shown as `n<number>` (`n1` is the first node made); file formats with IDs of their own
/// (FreeMind's `ID_123`) map them to and from these.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "n\(rawValue)" }

    public static func < (a: NodeID, b: NodeID) -> Bool { a.rawValue < b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public func _rawHashValue(seed: Int) -> Int { IntegerHash.mix(rawValue, seed: seed) }
}

/// An edge's identity, shown as `e<number>`.
public struct EdgeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "e\(rawValue)" }

    public static func < (a: EdgeID, b: EdgeID) -> Bool { a.rawValue < b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public func _rawHashValue(seed: Int) -> Int { IntegerHash.mix(rawValue, seed: seed) }
}

/// A fast hash for the integer keys of the map's indexes (node and edge IDs, spatial cells).
///
/// why: a 100k-node map is hashed millions of times as it opens (the ID index, parents, the
/// spatial grid), and Swift's SipHash made that ~15 % of opening one. Dictionaries and sets
/// call `_rawHashValue(seed:)`; these keys answer it with MurmurHash3's 64-bit finaliser over the
/// value and the process's random seed: every input bit reaches every output bit, and without
/// the seed a hostile file cannot pick IDs that collide.
enum IntegerHash {
    @inline(__always)
    static func mix(_ value: Int, seed: Int) -> Int {
        var k = UInt64(bitPattern: Int64(value ^ seed))
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return Int(Int64(bitPattern: k))
    }
}
