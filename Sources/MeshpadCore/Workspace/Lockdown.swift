/// What a person at the screen may not do: a map opened read-only, and a kiosk's lock.
///
/// The one place the rules live, applied in three layers that are each enough alone: the
/// toolbar and menus show only allowed actions; `Workspace.perform` refuses the others however
/// they were asked for (a key, a replay, a gesture); and a transaction refuses any change a
/// read-only map may not take, while `permits` drops any request a kiosk may not make.
public struct Lockdown: Sendable {
    /// A press held in the kiosk's top-left corner, on its way to the PIN pad.
    struct CornerHold: Equatable, Sendable {
        var pointer: GestureRecognizer.Pointer
        var since: Double
    }

    /// The map can be viewed, folded and searched but not changed (`--read-only`).
    public var isReadOnly = false
    /// Set in kiosk mode: no quitting or file commands, except through the PIN.
    public var kiosk: KioskLock?
    var cornerHold: CornerHold?

    public init(isReadOnly: Bool = false, kiosk: KioskLock? = nil) {
        self.isReadOnly = isReadOnly
        self.kiosk = kiosk
    }

    /// Whether the action may run now. `typingInAField`: a paste goes into the search field,
    /// which is not a change to the map.
    public func allows(_ action: Action, typingInAField: Bool = false) -> Bool {
        let spec = action.spec
        if kiosk != nil && !spec.kiosk { return false }
        if isReadOnly && !spec.readOnly { return action == .paste && typingInAField }
        return true
    }

    /// Whether a change may be made: in a read-only map only folding, which changes the view.
    public func allows(_ change: Change) -> Bool {
        guard isReadOnly else { return true }
        if case .setFolded = change { return true }
        // Folding an attribute table changes the view too, not what it says.
        if case .setAttributes(_, let from, let to) = change, from.rows == to.rows { return true }
        return false
    }

    /// Whether the app may be asked for this: a kiosk never quits, saves or opens (only the PIN
    /// lets a person out), and a read-only map is never saved.
    func permits(_ request: Workspace.Request) -> Bool {
        switch request {
        case .quit, .showOpen, .openShared, .listSharedMaps:
            return kiosk == nil
        case .save, .showSaveAs:
            return kiosk == nil && !isReadOnly
        case .rememberChoices, .openExternally:
            // A visitor's choice lasts the visit only.
            return kiosk == nil
        default:
            return true
        }
    }

    /// What a refused action says: a read-only map explains itself; a kiosk keeps quiet.
    var refusal: String? {
        isReadOnly ? "This map is open read-only: it can be viewed, folded and searched, not changed" : nil
    }
}
