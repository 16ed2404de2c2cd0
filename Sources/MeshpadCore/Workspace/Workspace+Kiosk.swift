/// The kiosk's way out: the exit chord and the corner hold open the PIN pad, and only a right
/// PIN leaves. And starting over for the next visitor.
extension Workspace {
    /// The kiosk's part of an event: the exit chord and the corner hold open the PIN pad, and
    /// closing the window does nothing. nil lets the event through.
    mutating func handleKioskEvent(_ event: InputEvent, at time: Double) -> [Request]? {
        guard let lock = lockdown.kiosk else { return nil }
        switch event {
        case .quitRequested:
            return []
        case .key(let key, let modifiers) where lock.exitChord.matches(key, modifiers):
            presentPinPad()
            return []
        case .fingerDown(let id, let p):
            lockdown.cornerHold = inCorner(p) && panels.dialog == nil ? Lockdown.CornerHold(pointer: .finger(id), since: time) : nil
        case .mouseDown(.left, let p, _, _):
            lockdown.cornerHold = inCorner(p) && panels.dialog == nil ? Lockdown.CornerHold(pointer: .mouse, since: time) : nil
        case .fingerMove(let id, let p) where lockdown.cornerHold?.pointer == .finger(id) && !inCorner(p):
            lockdown.cornerHold = nil
        case .mouseMove(let p, _) where lockdown.cornerHold?.pointer == .mouse && !inCorner(p):
            lockdown.cornerHold = nil
        case .fingerUp(let id, _) where lockdown.cornerHold?.pointer == .finger(id):
            lockdown.cornerHold = nil
        case .mouseUp(.left, _, _) where lockdown.cornerHold?.pointer == .mouse:
            lockdown.cornerHold = nil
        default:
            break
        }
        return nil
    }

    /// The top-left corner's square, a touch target wide.
    private func inCorner(_ p: Vec2) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < measures.targetPixels && p.y < measures.targetPixels
    }

    /// When a held corner press opens the PIN pad.
    var cornerDeadline: Double? {
        guard let hold = lockdown.cornerHold, let kiosk = lockdown.kiosk else { return nil }
        return hold.since + kiosk.cornerHoldSeconds
    }

    mutating func tickKiosk(at time: Double) {
        if let deadline = cornerDeadline, time >= deadline {
            lockdown.cornerHold = nil
            presentPinPad()
        }
    }

    mutating func presentPinPad() {
        present(Dialog(kind: .pin, title: "Enter the PIN to leave the kiosk"))
    }

    /// The PIN pad's keys and typing; Unlock checks the PIN against the lock.
    mutating func handlePinDialog(_ current: Dialog, key: String) -> [Request] {
        var next = current
        switch key {
        case "⌫":
            if !next.field.isEmpty { next.field.removeLast() }
        case "OK":
            return submitPin(current)
        default:
            guard key.count == 1, key.allSatisfy({ $0.isASCII && $0.isNumber }), next.field.count < 12 else { return [] }
            next.field += key
            next.message = nil
        }
        panels.dialog = next
        needsRedraw = true
        return []
    }

    mutating func submitPin(_ current: Dialog) -> [Request] {
        guard var lock = lockdown.kiosk else { return [] }
        let outcome = lock.attempt(current.field, at: input.now)
        lockdown.kiosk = lock
        var next = current
        next.field = ""
        switch outcome {
        case .unlocked:
            present(nil)
            return [.exitKiosk]
        case .wrong(let left):
            next.message = left > 0 ? "Wrong PIN" : "Wrong PIN: the next wrong one locks the pad for a while"
        case .locked(let seconds):
            next.message = "Too many wrong PINs: try again in \(Int(seconds.rounded(.up))) s"
        }
        panels.dialog = next
        needsRedraw = true
        return []
    }

    /// Back to a map's start (a kiosk's idle reset): the map, a fresh history, the opening view,
    /// and every panel, mode and dialog closed, as a new visitor should find it.
    public mutating func restart(with start: Document) {
        replaceDocument(start)
        panels = Panels()
        input.mode = .normal
        lockdown.cornerHold = nil
        refreshPanels()
        needsRedraw = true
    }
}
