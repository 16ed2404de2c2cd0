import Foundation

/// Where a person on a screen of a shared map is working now: the node they are typing in or
/// dragging. Other screens draw a ring in the person's colour with their name on that node.
///
/// Presence is not part of the map: it travels as a NOTIFY payload of its own (never in the
/// operation log) and is forgotten when it stops being repeated, so a screen that vanishes
/// (unplugged, killed) takes its ring with it within `PresenceBoard.forgetAfterSeconds`.
public struct Presence: Codable, Equatable, Sendable {
    public enum Activity: String, Codable, Sendable {
        case editing
        case dragging
    }

    public var client: Int64
    public var name: String
    /// Nil: working on no node now (the ring goes at once).
    public var node: NodeID?
    public var activity: Activity?
    /// The node's parent: where the ring goes on a screen that does not have the node yet (a
    /// child being typed is sent when its text is done).
    public var near: NodeID?

    public init(client: Int64, name: String, node: NodeID? = nil, activity: Activity? = nil, near: NodeID? = nil) {
        self.client = client
        self.name = name
        self.node = node
        self.activity = activity
        self.near = near
    }

    /// The longest name sent (NOTIFY payloads are short, and a ring's tag is too).
    public static let nameLimit = 40

    /// The payload a screen sends, or nil if it cannot be encoded.
    public func payload() -> String? {
        var trimmed = self
        trimmed.name = String(name.prefix(Self.nameLimit))
        guard let data = try? JSONEncoder().encode(trimmed) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A payload as received; nil for anything that is not one (a hostile or newer sender).
    public init?(payload: String) {
        guard payload.utf8.count <= 1024, let decoded = try? JSONDecoder().decode(Presence.self, from: Data(payload.utf8)) else {
            return nil
        }
        self = decoded
        name = String(name.prefix(Self.nameLimit))
    }

    /// The name a person goes by when the config gives none: their login, else "Screen N".
    public static func defaultName(environment: [String: String], client: Int64) -> String {
        if let user = environment["USER"] ?? environment["LOGNAME"], !user.isEmpty, user != "root" { return user }
        return "Screen \(client)"
    }

    /// A person's colour, told apart from the map's own colours and from the selection's blue.
    public static func color(forClient client: Int64) -> RGBA {
        let palette: [UInt32] = [0xE4572E, 0x17A398, 0x8E44AD, 0xF2A541, 0xD7263D, 0x3B8EA5, 0x6A994E, 0xC2185B]
        let index = Int((UInt64(bitPattern: client) &* 0x9E37_79B9_7F4A_7C15) >> 61)
        return RGBA(hex: palette[index % palette.count])
    }
}

/// The other screens' people as this screen last heard of them, and when to tell them again
/// where this screen's person is.
///
/// A screen says where its person works whenever that changes, and again every
/// `heartbeatSeconds` while it is on a node, so a screen that joins late learns it and a ring
/// whose screen went silent is dropped after `forgetAfterSeconds`.
public struct PresenceBoard: Sendable {
    public static let heartbeatSeconds = 2.0
    public static let forgetAfterSeconds = 6.0

    private var heard: [Int64: (presence: Presence, at: Double)] = [:]
    private var lastSent: Presence?
    private var lastSentAt = -Double.infinity

    public init() {}

    /// Takes in another screen's presence (this screen's own, echoed back, is ignored by the caller's `own`).
    /// True when what is drawn changes.
    @discardableResult
    public mutating func hear(_ presence: Presence, at time: Double, own: Int64) -> Bool {
        guard presence.client != own else { return false }
        let before = heard[presence.client]?.presence
        if presence.node == nil {
            heard[presence.client] = nil
        } else {
            heard[presence.client] = (presence, time)
        }
        return before != (presence.node == nil ? nil : presence)
    }

    /// Drops what has not been repeated in time; true when something went.
    @discardableResult
    public mutating func forgetStale(at time: Double) -> Bool {
        let stale = heard.filter { time - $0.value.at > Self.forgetAfterSeconds }.map(\.key)
        stale.forEach { heard[$0] = nil }
        return !stale.isEmpty
    }

    /// The people on other screens working on a node now, by client.
    public var present: [Presence] {
        heard.values.map(\.presence).sorted { $0.client < $1.client }
    }

    /// What to send now about this screen's person (`mine`), if anything: a change, or the
    /// heartbeat while on a node.
    public mutating func toSend(_ mine: Presence, at time: Double) -> Presence? {
        let changed = mine != lastSent
        let due = mine.node != nil && time - lastSentAt >= Self.heartbeatSeconds
        guard changed || due else { return nil }
        lastSent = mine
        lastSentAt = time
        return mine
    }
}
