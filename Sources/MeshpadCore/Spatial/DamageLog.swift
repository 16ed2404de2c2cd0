/// Where the map's look changed, box by box, so a cache of drawn pixels redraws only there.
///
/// The spatial index records the box of every filing and unfiling (a move records the old place
/// and the new one); changes that alter a look without re-filing (a fold's badge, a link's
/// arrowheads, a note's marker) record the node's or edge's box through `Document`. Boxes are
/// numbered: `end` is one past the last; a reader remembers the `end` it has seen and asks
/// `changes(since:)`. Only the last `capacity` boxes are kept, and a rebuild of the index drops
/// them all: a reader further behind than what is kept gets `.everything`.
///
/// `lineage` tells two maps apart (a map opened in place of another): a reader that saw another
/// lineage must start over.
public struct DamageLog: Sendable {
    public enum Changes: Equatable, Sendable {
        case none
        case boxes([Rect])
        case everything
    }

    /// Boxes kept; a burst larger than this (a layout, a paste of thousands) is "everything".
    public static let capacity = 4096

    public let lineage: UInt64
    public private(set) var end: UInt64 = 0
    /// `boxes[i]` is box number `end - boxes.count + i`.
    private var boxes: [Rect] = []

    public init() {
        // why: a random name, not a counter: a counter would be a mutable global.
        lineage = UInt64.random(in: 1...UInt64.max)
    }

    mutating func record(_ box: Rect) {
        end &+= 1
        if boxes.count >= Self.capacity { boxes.removeFirst(Self.capacity / 2) }
        boxes.append(box)
    }

    /// Everything may look different (the index was rebuilt: a layout, sizes measured again).
    mutating func recordEverything() {
        end &+= 1
        boxes.removeAll(keepingCapacity: true)
    }

    /// What changed after box number `serial` (a reader's remembered `end`).
    public func changes(since serial: UInt64) -> Changes {
        guard serial < end else { return serial == end ? .none : .everything }
        let first = end - UInt64(boxes.count)
        guard serial >= first else { return .everything }
        return .boxes(Array(boxes[Int(serial - first)...]))
    }
}
