/// A message across the top of the canvas: what happened, and what can be done about it.
///
/// Used for the recovery notice ("restored unsaved changes — Keep / Discard"), failed saves and
/// import warnings. It never blocks the canvas; only its own buttons take taps.
public struct Banner: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case dismiss
        case discardRecovery
        /// Stops "Link from here" waiting for the node to link to.
        case cancelLink
        /// Someone else's edit replaced text this screen committed: put this screen's words back,
        /// as a new change.
        case putBack(node: NodeID, text: String)
        /// A touch stopped following another screen of a shared map: follow it again.
        case followAgain(client: Int64, name: String)
    }

    public var message: String
    public var isError: Bool
    public var actions: [Action]
    /// When it goes away by itself (loop clock, seconds); nil stays until dismissed.
    public var expiresAt: Double?

    public init(message: String, isError: Bool = false, actions: [Action] = [.dismiss], expiresAt: Double? = nil) {
        self.message = message
        self.isError = isError
        self.actions = actions
        self.expiresAt = expiresAt
    }
}

extension Banner.Action {
    public var label: String {
        switch self {
        case .dismiss: return "OK"
        case .discardRecovery: return "Discard"
        case .cancelLink: return "Cancel"
        case .putBack: return "Put mine back"
        case .followAgain: return "Follow again"
        }
    }
}
