/// Read-only viewing and the kiosk's lock: what a person at the screen may not do, and the
/// one way out of a kiosk.
extension Workspace {
    /// A press held in the kiosk's top-left corner, on its way to the PIN pad.
    struct CornerHold: Equatable, Sendable {
        var pointer: GestureRecognizer.Pointer
        var since: Double
    }

    /// What the toolbar shows when the map cannot be changed: viewing, finding, folding.
    static let readOnlyToolbar: Set<ToolbarItem> = [.select, .fit, .outline, .search]

    /// True (and says so) when the map is read-only: called first by everything that changes it.
    mutating func refusesChange() -> Bool {
        guard isReadOnly else { return false }
        toast("This map is open read-only: it can be viewed, folded and searched, not changed")
        return true
    }

    /// Whether a command may run: in a read-only map only folding, which changes the view.
    func allows(_ command: Command) -> Bool {
        guard isReadOnly else { return true }
        switch command {
        case .setFolded: return true
        case .batch(let commands): return commands.allSatisfy(allows)
        default: return false
        }
    }

    /// Drops what a kiosk or a read-only map must not do from what the app is asked for.
    func permitted(_ requests: [Request]) -> [Request] {
        requests.filter { request in
            switch request {
            case .quit, .showOpen:
                return kiosk == nil
            case .save, .showSaveAs:
                return kiosk == nil && !isReadOnly
            case .readClipboard:
                return !isReadOnly || search != nil
            default:
                return true
            }
        }
    }

    /// The kiosk's part of an event: the exit chord and the corner hold open the PIN pad, and
    /// closing the window does nothing. nil lets the event through.
    mutating func handleKioskEvent(_ event: InputEvent, at time: Double) -> [Request]? {
        guard let lock = kiosk else { return nil }
        switch event {
        case .quitRequested:
            return []
        case .key(let name, let modifiers) where lock.exitChord.matches(name, modifiers):
            presentPinPad()
            return []
        case .fingerDown(let id, let p):
            cornerHold = inCorner(p) && dialog == nil ? CornerHold(pointer: .finger(id), since: time) : nil
        case .mouseDown(.left, let p, _, _):
            cornerHold = inCorner(p) && dialog == nil ? CornerHold(pointer: .mouse, since: time) : nil
        case .fingerMove(let id, let p) where cornerHold?.pointer == .finger(id) && !inCorner(p):
            cornerHold = nil
        case .mouseMove(let p, _) where cornerHold?.pointer == .mouse && !inCorner(p):
            cornerHold = nil
        case .fingerUp(let id, _) where cornerHold?.pointer == .finger(id):
            cornerHold = nil
        case .mouseUp(.left, _, _) where cornerHold?.pointer == .mouse:
            cornerHold = nil
        default:
            break
        }
        return nil
    }

    /// The top-left corner's square, a touch target wide.
    private func inCorner(_ p: Vec2) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < targetPixels && p.y < targetPixels
    }

    /// When a held corner press opens the PIN pad.
    var cornerDeadline: Double? {
        guard let cornerHold, let kiosk else { return nil }
        return cornerHold.since + kiosk.cornerHoldSeconds
    }

    mutating func tickKiosk(at time: Double) {
        if let deadline = cornerDeadline, time >= deadline {
            cornerHold = nil
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
        dialog = next
        needsRedraw = true
        return []
    }

    mutating func submitPin(_ current: Dialog) -> [Request] {
        guard var lock = kiosk else { return [] }
        let outcome = lock.attempt(current.field, at: now)
        kiosk = lock
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
        dialog = next
        needsRedraw = true
        return []
    }

    /// Back to a map's start (a kiosk's idle reset): the map, a fresh history, the opening view,
    /// and every panel, mode and dialog closed, as a new visitor should find it.
    public mutating func restart(with start: Document) {
        replaceDocument(start)
        present(nil)
        show(nil)
        mode = .normal
        search = nil
        outline = nil
        styleOpen = false
        minimapOpen = false
        cornerHold = nil
        refreshPanels()
    }
}
