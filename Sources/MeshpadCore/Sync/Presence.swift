import Foundation

/// Where a person on a screen of a shared map is working now: the node they are typing in or
/// dragging. Other screens draw a ring in the person's colour with their name on that node.
///
/// Presence is not part of the map: it travels as a NOTIFY payload of its own (never in the
/// operation log) and is forgotten when it stops being repeated, so a screen that vanishes
/// (unplugged, killed) takes its ring with it within `PresenceBoard.forgetAfterSeconds`.
///
/// It also carries following: the screen this one follows (`following`), and the view a
/// presenting or followed screen shows (`view`), which its followers show too.
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
    /// What this screen shows, sent while it presents or others follow it (nil otherwise).
    public var view: PresenterView?
    /// The client of the screen this one follows, while it follows one.
    public var following: Int64?

    public init(client: Int64, name: String, node: NodeID? = nil, activity: Activity? = nil, near: NodeID? = nil,
                view: PresenterView? = nil, following: Int64? = nil) {
        self.client = client
        self.name = name
        self.node = node
        self.activity = activity
        self.near = near
        self.view = view
        self.following = following
    }

    /// The longest name sent (NOTIFY payloads are short, and a ring's tag is too).
    public static let nameLimit = 40
    /// The longest presentation name sent in a view (the follower finds the presentation by it).
    public static let presentationNameLimit = 60
    /// What each of those may take of the payload, in bytes as JSON writes it: a name of forty
    /// emoji of several code points each would otherwise take 440.
    static let nameBytes = 160
    static let presentationNameBytes = 200

    /// `text` cut to `characters` characters, and shorter still until JSON writes it in
    /// `bytes` bytes at most (a control character takes six, a quote two).
    static func clipped(_ text: String, characters: Int, bytes: Int) -> String {
        var kept = ""
        var used = 0
        for character in text.prefix(characters) {
            let size = character.unicodeScalars.reduce(0) { sum, scalar in
                sum + (scalar.value < 0x20 ? 6 : ["\"", "\\", "/"].contains(scalar) ? 2 : String(scalar).utf8.count)
            }
            guard used + size <= bytes else { break }
            used += size
            kept.append(character)
        }
        return kept
    }

    /// A presence that lasts until it is taken back, so it is repeated every
    /// `PresenceBoard.heartbeatSeconds` and kept by those who hear it: a ring, a view for
    /// followers, or following someone.
    public var lasts: Bool { node != nil || view != nil || following != nil }

    /// The payload a screen sends, or nil if it cannot be encoded: at most a few hundred bytes
    /// (names cut, the view's numbers rounded), well under NOTIFY's limit.
    public func payload() -> String? {
        var trimmed = self
        trimmed.name = Self.clipped(name, characters: Self.nameLimit, bytes: Self.nameBytes)
        trimmed.view = view?.roundedForSending
        guard let data = try? JSONEncoder().encode(trimmed) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A payload as received; nil for anything that is not one (a hostile sender). A newer
    /// screen's keys this one does not know are passed over.
    public init?(payload: String) {
        guard payload.utf8.count <= 1024, let decoded = try? JSONDecoder().decode(Presence.self, from: Data(payload.utf8)) else {
            return nil
        }
        self = decoded
        name = Self.clipped(name, characters: Self.nameLimit, bytes: Self.nameBytes)
        view = view?.roundedForSending
    }

    private enum CodingKeys: String, CodingKey {
        case client, name, node, activity, near, view, following
    }

    /// A view on the wire: `{"c":[x,y],"s":[w,h]}` and, while presenting, the presentation
    /// (`p`), slide (`i`), children revealed (`r`) and black (`b`), each left out when not in force.
    private struct WireView: Codable {
        var c: [Double]
        var s: [Double]
        var p: String?
        var i: Int?
        var r: Int?
        var b: Bool?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decode(Int64.self, forKey: .client)
        name = try container.decode(String.self, forKey: .name)
        node = try container.decodeIfPresent(NodeID.self, forKey: .node)
        activity = try container.decodeIfPresent(Activity.self, forKey: .activity)
        near = try container.decodeIfPresent(NodeID.self, forKey: .near)
        following = try container.decodeIfPresent(Int64.self, forKey: .following)
        if let wire = try container.decodeIfPresent(WireView.self, forKey: .view) {
            guard wire.c.count == 2, wire.s.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: .view, in: container, debugDescription: "a view needs a centre and a span")
            }
            view = PresenterView(center: Vec2(wire.c[0], wire.c[1]), span: Vec2(wire.s[0], wire.s[1]), presentation: wire.p,
                                 slide: wire.i, revealed: max(0, wire.r ?? 0), blackedOut: wire.b ?? false)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(client, forKey: .client)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(node, forKey: .node)
        try container.encodeIfPresent(activity, forKey: .activity)
        try container.encodeIfPresent(near, forKey: .near)
        try container.encodeIfPresent(following, forKey: .following)
        if let view {
            let wire = WireView(c: [view.center.x, view.center.y], s: [view.span.x, view.span.y], p: view.presentation, i: view.slide,
                                r: view.revealed == 0 ? nil : view.revealed, b: view.blackedOut ? true : nil)
            try container.encode(wire, forKey: .view)
        }
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

extension PresenterView {
    /// As sent: the centre and span to a tenth of a map unit (far below a pixel at any zoom a
    /// follower shows, and the float noise of a camera at rest does not count as a move), the
    /// presentation's name cut to `Presence.presentationNameLimit` characters (and fewer bytes).
    public var roundedForSending: PresenterView {
        func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        var rounded = self
        rounded.center = Vec2(tenth(center.x), tenth(center.y))
        rounded.span = Vec2(tenth(span.x), tenth(span.y))
        rounded.presentation = presentation.map {
            Presence.clipped($0, characters: Presence.presentationNameLimit, bytes: Presence.presentationNameBytes)
        }
        return rounded
    }
}

/// The other screens' people as this screen last heard of them, and when to tell them again
/// where this screen's person is.
///
/// A screen says where its person works whenever that changes, and again every
/// `heartbeatSeconds` while it is on a node, shows a view to followers or follows someone, so a
/// screen that joins late learns it and a ring or a followed view whose screen went silent is
/// dropped after `forgetAfterSeconds`. A view that changes (a presenter's pan, a flight's end)
/// is sent at most every `viewIntervalSeconds`; the last one held back is sent when that is up.
public struct PresenceBoard: Sendable {
    public static let heartbeatSeconds = 2.0
    public static let forgetAfterSeconds = 6.0
    /// A view is sent at most ten times a second: a pan by finger moves it at every event.
    public static let viewIntervalSeconds = 0.1

    private var heard: [Int64: (presence: Presence, at: Double)] = [:]
    /// When each screen was last heard, whatever it said (one working on nothing is not kept
    /// in `heard`, but it is still there).
    private var lastHeard: [Int64: Double] = [:]
    /// What this screen last said.
    private(set) var lastSent: Presence?
    private var lastSentAt = -Double.infinity
    /// A changed view held back by `viewIntervalSeconds`: when it is due (the loop wakes then).
    public private(set) var heldUntil: Double?

    public init() {}

    /// Takes in another screen's presence (this screen's own, echoed back, is ignored by the caller's `own`).
    /// True when what is drawn changes.
    @discardableResult
    public mutating func hear(_ presence: Presence, at time: Double, own: Int64) -> Bool {
        guard presence.client != own else { return false }
        lastHeard[presence.client] = time
        let before = heard[presence.client]?.presence
        if presence.lasts {
            heard[presence.client] = (presence, time)
        } else {
            heard[presence.client] = nil
        }
        return before != (presence.lasts ? presence : nil)
    }

    /// Drops what has not been repeated in time; true when something went.
    @discardableResult
    public mutating func forgetStale(at time: Double) -> Bool {
        let stale = heard.filter { time - $0.value.at > Self.forgetAfterSeconds }.map(\.key)
        stale.forEach { heard[$0] = nil }
        // why: every turn; removed in place, so a turn with nothing stale makes no new table.
        for (client, at) in lastHeard where time - at > Self.forgetAfterSeconds { lastHeard[client] = nil }
        return !stale.isEmpty
    }

    /// The people on other screens working on a node, showing a view or following someone
    /// now, by client.
    public var present: [Presence] {
        heard.values.map(\.presence).sorted { $0.client < $1.client }
    }

    /// How many other screens follow screen `client` now (counted, not sorted: the presenter's
    /// counter asks every frame).
    public func followers(of client: Int64) -> Int {
        heard.values.reduce(0) { $0 + ($1.presence.following == client ? 1 : 0) }
    }

    /// The person on screen `client` as last heard, if what they said lasts.
    public func person(_ client: Int64) -> Presence? {
        heard[client]?.presence
    }

    /// True when screen `client` has said nothing for `forgetAfterSeconds` (or ever).
    public func isSilent(_ client: Int64, at time: Double) -> Bool {
        guard let at = lastHeard[client] else { return true }
        return time - at > Self.forgetAfterSeconds
    }

    /// Screen `client` is followed from now: it has `forgetAfterSeconds` to say something
    /// (an idle screen says nothing until it hears it is followed).
    public mutating func awaitWord(from client: Int64, at time: Double) {
        lastHeard[client] = max(lastHeard[client] ?? time, time)
    }

    /// What to send now about this screen's person (`mine`), if anything: a change, or the
    /// heartbeat while it lasts. A change of the view alone waits until `viewIntervalSeconds`
    /// after the last word (`heldUntil`).
    public mutating func toSend(_ mine: Presence, at time: Double) -> Presence? {
        let changed = mine != lastSent
        let due = mine.lasts && time - lastSentAt >= Self.heartbeatSeconds
        guard changed || due else {
            heldUntil = nil
            return nil
        }
        // why: compared with the deadline itself, so the loop woken at `heldUntil` sends.
        let earliest = lastSentAt + Self.viewIntervalSeconds
        if !due, let last = lastSent, time < earliest {
            var sameView = mine
            sameView.view = last.view
            // why: a presenter's pan changes the view at every finger event; ten a second are
            // enough to follow, and the last one is sent when the interval is up.
            if sameView == last {
                heldUntil = earliest
                return nil
            }
        }
        heldUntil = nil
        lastSent = mine
        lastSentAt = time
        return mine
    }
}
