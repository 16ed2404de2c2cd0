/// A node's identity, stable for the life of a document and across save and load.
///
/// Shown as `n<number>` (`n1` is the first node made); file formats with IDs of their own
/// (FreeMind's `ID_123`) map them to and from these.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "n\(rawValue)" }

    public static func < (a: NodeID, b: NodeID) -> Bool { a.rawValue < b.rawValue }
}

/// An edge's identity, shown as `e<number>`.
public struct EdgeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "e\(rawValue)" }

    public static func < (a: EdgeID, b: EdgeID) -> Bool { a.rawValue < b.rawValue }
}
