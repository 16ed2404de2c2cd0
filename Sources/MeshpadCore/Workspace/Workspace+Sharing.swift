/// A shared map on this screen: local transactions become operations to send, and operations
/// the server ordered are carried out under them, outside the undo history.
///
/// The platform's network thread only carries operations; every decision is here and in
/// `SyncEngine`. Remote operations are carried out under whatever is open too (a text being
/// typed, a drag): the open transaction is taken back, the log's operations carried out, and the
/// open one carried out again on top, so a node being typed in keeps what is typed (the other
/// text waits underneath; when the edit ends it is sent and, being later, wins) and the person
/// is told.
extension Workspace {
    /// Makes this map a shared one for session `engine`: new nodes are numbered in its block.
    public mutating func startSharing(_ engine: SyncEngine) {
        document.numberNewItems(in: SyncEngine.numbering(forClient: engine.client))
        shared = engine
    }

    /// Carries out what earlier sessions on this machine could not send (their journals, taken
    /// by an offline opening) as this screen's own changes: shown now, sent when the database
    /// is back, outside the undo history. Each keeps its identity: sent under this session's
    /// numbers, one the server had already (its acknowledgement lost to a crash) is kept once, at
    /// its first place in the log, and does not win over later edits by being stored again.
    public mutating func adopt(_ operations: [SharedOperation]) {
        guard var engine = shared, !operations.isEmpty else { return }
        engine.adopt(operations, on: &document, sizing: measures.sizing)
        shared = engine
        pruneSelection()
        needsRedraw = true
    }

    /// Shows a state that lasts (nil: none) in the status line: `text` short, `detail` what a
    /// tap on it explains.
    public mutating func showStatus(_ text: String?, detail: String = "") {
        panels.status = text.map { ($0, detail.isEmpty ? $0 : detail) }
        needsRedraw = true
    }

    /// The database refuses this screen's changes (its role may only read; `why`): the map
    /// becomes read-only here, an edit in progress ends unsent, and this screen's changes the
    /// server never took are taken back, so the screen shows what everyone else sees. The
    /// person is told how many, and the status line says read-only for as long as it lasts.
    public mutating func becomeReadOnly(because why: String) {
        cancelEditing()
        if history.open != nil {
            // why: a drag or a layout under way would be a change too; it is taken back, not sent.
            _ = input.recognizer.interruptDrag()
            rollback()
        }
        lockdown.isReadOnly = true
        var dropped = 0
        if var engine = shared {
            dropped = engine.discardPending(on: &document, sizing: measures.sizing)
            shared = engine
        }
        // why: undo and redo would make changes this screen may not make.
        history.forget()
        pruneSelection()
        refreshPanels()
        showStatus("Read-only", detail: "Read-only: \(why)")
        if dropped > 0 {
            show(Banner(message: "This screen may only look at this map: your last \(dropped == 1 ? "change was" : "\(dropped) changes were") not stored and \(dropped == 1 ? "is" : "are") taken back", isError: true))
        }
        needsRedraw = true
    }

    /// "Put mine back": `text` on `node` again, as a new change (one undo step, sent like any).
    mutating func putBack(_ text: String, on node: NodeID) {
        guard let current = document.node(node)?.text, current != text, lockdown.allows(.editText) else { return }
        transact("text") { $0.record(.setText(node: node, from: current, to: text), glide: false) }
        select([node])
    }

    /// The map as the server has ordered it so far (this screen's pending changes and any open
    /// edit taken back) and the log position it stands at: the copy kept for opening offline.
    public func confirmedSharedMap() -> (document: Document, seq: Int64, graves: Tombstones)? {
        guard let engine = shared else { return nil }
        var confirmed = document
        history.open?.transaction.undo(on: &confirmed, sizing: measures.sizing)
        for item in engine.pending.reversed() { item.applied.undo(on: &confirmed, sizing: measures.sizing) }
        return (confirmed, engine.confirmedSeq, engine.tombstones)
    }

    /// This screen's operations not handed to the network yet.
    public mutating func takeOperationsToSend() -> [SharedOperation] {
        shared?.takeUnsent() ?? []
    }

    /// After a reconnect: every operation not yet seen in the log goes again (the server keeps each once).
    public mutating func resendPendingOperations() {
        shared?.resendAll()
    }

    /// Carries out the server's operations this screen has not seen, gliding what they move,
    /// and tells the person what concerns them: their own change refused, a node brought back,
    /// the text they are typing changed by someone else.
    public mutating func receive(_ logged: [LoggedOperation]) {
        guard var engine = shared, !logged.isEmpty else { return }
        let sizing = measures.sizing
        let open = history.open
        open?.transaction.undo(on: &document, sizing: sizing)
        // In a tree-mode map what others changed is laid out again: two children added to one
        // node by two screens at once were each put where the other's went. Every screen lays
        // the same map out alike (a late joiner's opening too), so it is neither sent nor a
        // step to undo; it waits while something is typed or dragged (that edit lays the map
        // out when it ends).
        let layout = document.layoutMode == .tree && open == nil ? modeLayout : nil
        let receipt = engine.receive(logged, on: &document, sizing: sizing) { map in
            layout.flatMap { Self.layoutMove($0, of: map) }
        }
        carryOutAgain(open, over: engine)
        shared = engine
        var glides: [(id: NodeID, from: Vec2, to: Vec2)] = []
        for transaction in receipt.remote + [receipt.settled].compactMap({ $0 }) {
            for case .move(let ids, let from, let to) in transaction.changes {
                for k in ids.indices where document.contains(ids[k]) { glides.append((ids[k], from[k], to[k])) }
            }
        }
        if !glides.isEmpty { view.glides.animate(glides) }
        if let refused = receipt.refusals.first {
            toast(Self.notice(for: refused.refusal, label: refused.label, in: document))
        } else if let replaced = receipt.replacedOwnText.first, document.contains(replaced.node), editing?.node != replaced.node {
            let who = presence.present.first { $0.client == replaced.by }?.name ?? "Someone on another screen"
            let words = replaced.mine.count > 40 ? String(replaced.mine.prefix(39)) + "…" : replaced.mine
            // why: last writer wins, so a person's committed words can go without their doing;
            // they are told, and one tap makes theirs the latest again.
            show(Banner(message: "\(who) replaced your text \u{201C}\(words)\u{201D}", actions: [.dismiss, .putBack(node: replaced.node, text: replaced.mine)]))
        } else if let editing, receipt.retexted.contains(editing.node) {
            toast("Someone else changed this text while you typed; yours is kept and will be sent when you finish")
        } else if let restored = receipt.restored.first, let node = document.node(restored) {
            toast("'\(node.text)' was deleted elsewhere; it is back because it was edited")
        }
        if let session = editing, !document.contains(session.node) { editing = nil }
        pruneSelection()
        refreshPanels()
        needsRedraw = true
        if history.checksInvariants {
            let problems = document.checkInvariants()
            if !problems.isEmpty { history.invariantFailures.append("after shared changes: " + problems.joined(separator: "; ")) }
        }
    }

    /// This screen's changes the log held already (sent again after a crash lost their
    /// acknowledgement): no longer pending, their effect already in the map.
    public mutating func alreadyLogged(_ ids: [String]) {
        guard var engine = shared else { return }
        let open = history.open
        open?.transaction.undo(on: &document, sizing: measures.sizing)
        engine.alreadyLogged(ids, on: &document, sizing: measures.sizing)
        carryOutAgain(open, over: engine)
        shared = engine
        pruneSelection()
        needsRedraw = true
    }

    /// The edit that was open (taken back while the log's changes went under it) carried out
    /// again on top, by the sharing rules, on the map as it now is.
    private mutating func carryOutAgain(_ open: History.Open?, over engine: SyncEngine) {
        guard let open else { return }
        var tombstones = engine.tombstones
        history.open?.transaction = SyncRules.carryOut(open.transaction.changes, label: open.transaction.label, on: &document,
                                                       tombstones: &tombstones, sizing: measures.sizing).transaction
    }

    /// Where this screen's person works now, as the other screens are told: the node being
    /// typed in, else the node being dragged; the view its followers show, and the screen it
    /// follows (`Workspace+Following`).
    public func localPresence(client: Int64, name: String) -> Presence {
        var mine = Presence(client: client, name: name)
        if let editing {
            mine = Presence(client: client, name: name, node: editing.node, activity: .editing, near: document.parent(of: editing.node))
        } else if let dragged = input.recognizer.draggedNodes.first {
            mine = Presence(client: client, name: name, node: dragged, activity: .dragging, near: document.parent(of: dragged))
        }
        mine.view = viewForFollowers
        mine.following = panels.following?.client
        return mine
    }

    /// What to tell the other screens now, if anything (a change, or the heartbeat), on the
    /// clock of the last `tick`. A read-only screen works on no node and says nothing, unless
    /// it follows or is followed (and once more when that ends).
    public mutating func presenceToSend(name: String) -> Presence? {
        guard let client = shared?.client else { return nil }
        let mine = localPresence(client: client, name: name)
        if lockdown.isReadOnly, !mine.lasts, presence.lastSent?.lasts != true { return nil }
        return presence.toSend(mine, at: input.now)
    }

    /// Takes in what other screens said about their people (heard at the last `tick`'s time);
    /// a newer view of the screen this one follows is shown.
    public mutating func hear(_ presences: [Presence]) {
        guard let own = shared?.client else { return }
        for person in presences {
            let before = presence.person(person.client)?.view
            if presence.hear(person, at: input.now, own: own) { needsRedraw = true }
            showFollowed(heard: person, before: before)
        }
    }

    /// What a person reads when their change was refused.
    static func notice(for refusal: SyncRules.Refusal, label: String, in document: Document) -> String {
        switch refusal {
        case .treeConflict(let node, let parent):
            let name = document.node(node).map { "'\($0.text)'" } ?? "the node"
            let under = document.node(parent).map { "'\($0.text)'" } ?? "a node inside it"
            return "Your \(label) was undone: someone else's change meant putting \(name) under \(under) would put it inside its own branch"
        }
    }
}
