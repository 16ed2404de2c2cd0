@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// The server's side, in memory: orders operations and keeps each change once (by its identity,
/// or its (client, client_seq)), as `meshpad_append` does.
struct FakeLog {
    private(set) var entries: [LoggedOperation] = []
    private var seqByOrigin: [String: Int64] = [:]
    private var seqByID: [String: Int64] = [:]

    @discardableResult
    mutating func append(_ operation: SharedOperation) -> Int64 {
        let origin = "\(operation.client):\(operation.clientSeq)"
        if let seq = seqByOrigin[origin] ?? seqByID[operation.id] { return seq }
        let seq = Int64(entries.count + 1)
        entries.append(LoggedOperation(seq: seq, operation: operation))
        seqByOrigin[origin] = seq
        seqByID[operation.id] = seq
        return seq
    }

    func after(_ seq: Int64) -> [LoggedOperation] { Array(entries.dropFirst(Int(seq))) }
}

/// One simulated screen: its map, its engine, and its own steps for undo.
struct SimulatedClient {
    var document: Document
    var engine: SyncEngine
    var ownSteps: [Transaction] = []
    var notices: [SyncRules.Refusal] = []
    static var sizing: NodeSizing { NodeSizing(measurer: FixedAdvanceMeasurer()) }

    init(client: Int64, start: Document) {
        document = start
        document.numberNewItems(in: SyncEngine.numbering(forClient: client))
        engine = SyncEngine(client: client, confirmedSeq: 0)
    }

    /// Makes and carries out a change as a person on this screen would.
    @discardableResult
    mutating func make(_ label: String, _ changes: [Change]) -> Transaction {
        let done = engine.carryOutLocal(changes, label: label, on: &document, sizing: Self.sizing)
        if !done.isEmpty { ownSteps.append(done) }
        return done
    }

    mutating func undo() {
        guard let step = ownSteps.popLast() else { return }
        engine.carryOutLocal(step.inverseChanges, label: "undo " + step.label, on: &document, sizing: Self.sizing)
    }

    mutating func send(to log: inout FakeLog) {
        for operation in engine.takeUnsent() { log.append(operation) }
    }

    mutating func receive(_ entries: [LoggedOperation]) {
        let receipt = engine.receive(entries, on: &document, sizing: Self.sizing)
        notices += receipt.refusals.map(\.refusal)
    }

    mutating func sync(with log: inout FakeLog) {
        send(to: &log)
        receive(log.after(engine.confirmedSeq))
    }

    // MARK: What a person does

    mutating func addChild(under parent: NodeID, text: String) -> NodeID {
        let id = document.nextNodeID
        apply(RandomEdit.addChild(under: parent, text: text, in: document))
        return id
    }

    mutating func setText(_ id: NodeID, _ text: String) {
        make("text", [.setText(node: id, from: document.node(id)?.text ?? "", to: text)])
    }

    mutating func delete(_ id: NodeID) {
        apply(.deleteBranch(id))
    }

    /// Hangs `id` under `parent`: its tree edge taken out, a new one put in.
    mutating func reparent(_ id: NodeID, under parent: NodeID) {
        if let edit = RandomEdit.reparent(id, under: parent, in: document) { apply(edit) }
    }

    /// Makes `edit` on the map as it is now (an undo takes back this screen's last step).
    mutating func apply(_ edit: RandomEdit) {
        if let (label, changes) = edit.resolved(in: document) { make(label, changes) } else { undo() }
    }
}

@Suite struct SyncEngineTests {
    static func start() -> Document {
        var document = Document.sample()
        document.measureAll(with: SimulatedClient.sizing)
        return document
    }

    /// An empty log and two screens, Ann (client 1) and Bob (client 2), on `start`.
    static func twoScreens(on start: Document) -> (FakeLog, SimulatedClient, SimulatedClient) {
        (FakeLog(), SimulatedClient(client: 1, start: start), SimulatedClient(client: 2, start: start))
    }

    static func expectSame(_ clients: [SimulatedClient], sourceLocation: SourceLocation = #_sourceLocation) {
        for (k, client) in clients.enumerated() {
            #expect(client.engine.pending.count == 0, "client \(k + 1) still has changes the server has not ordered", sourceLocation: sourceLocation)
            #expect(client.document.checkInvariants() == [], "client \(k + 1)", sourceLocation: sourceLocation)
            #expect(client.document.hasSameContent(as: clients[0].document),
                    "client \(k + 1) differs from client 1\(client.document.firstDifference(from: clients[0].document))",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: The rules, one race at a time

    @Test func twoPeopleMovingNodesUnderEachOtherEndWithOneMoveAndTheOtherToldWhy() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        let x = ann.addChild(under: start.rootID, text: "X")
        let y = ann.addChild(under: start.rootID, text: "Y")
        ann.sync(with: &log)
        bob.sync(with: &log)
        ann.reparent(x, under: y)
        bob.reparent(y, under: x)
        #expect(ann.document.parent(of: x) == y && bob.document.parent(of: y) == x, "each sees their own move at once")
        ann.sync(with: &log)
        bob.sync(with: &log)
        ann.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(bob.document.parent(of: x) == y, "the move ordered first stands")
        #expect(bob.document.parent(of: y) == start.rootID, "the later one is undone on the mover's screen")
        #expect(bob.notices == [.treeConflict(node: y, parent: x)])
        #expect(ann.notices.isEmpty)
    }

    @Test func anEditToANodeSomeoneDeletedBringsItBackWithTheText() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        let branch = ann.addChild(under: start.rootID, text: "branch")
        let leaf = ann.addChild(under: branch, text: "leaf")
        ann.sync(with: &log)
        bob.sync(with: &log)
        ann.delete(branch)
        ann.sync(with: &log)
        bob.setText(leaf, "leaf, with what Bob typed")
        bob.sync(with: &log)
        ann.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(ann.document.node(leaf)?.text == "leaf, with what Bob typed")
        #expect(ann.document.parent(of: leaf) == branch, "it comes back where it was, its deleted parent with it")
        #expect(ann.document.parent(of: branch) == start.rootID)
    }

    @Test func aDeleteLeavesANodeSomeoneEditedMeanwhile() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        let node = ann.addChild(under: start.rootID, text: "idea")
        ann.sync(with: &log)
        bob.sync(with: &log)
        bob.setText(node, "a better idea")
        bob.sync(with: &log)
        ann.delete(node)
        ann.sync(with: &log)
        bob.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(ann.document.node(node)?.text == "a better idea", "the delete was of a text Ann never saw")
    }

    @Test func fieldsAreLastWriterWinsInTheServersOrder() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        let root = start.rootID
        ann.setText(root, "Ann's title")
        bob.setText(root, "Bob's title")
        bob.sync(with: &log)
        ann.sync(with: &log)
        bob.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(ann.document.node(root)?.text == "Ann's title", "Ann's reached the server last")
    }

    @Test func undoTakesBackOnlyYourOwnChange() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        let a = ann.addChild(under: start.rootID, text: "a")
        ann.sync(with: &log)
        bob.sync(with: &log)
        ann.setText(a, "Ann's")
        ann.sync(with: &log)
        bob.sync(with: &log)
        bob.setText(start.rootID, "Bob's root")
        bob.sync(with: &log)
        ann.sync(with: &log)
        ann.undo()
        ann.sync(with: &log)
        bob.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(bob.document.node(a)?.text == "a")
        #expect(bob.document.node(start.rootID)?.text == "Bob's root")
    }

    @Test func anOperationSentTwiceOrReceivedTwiceIsAppliedOnce() throws {
        let start = Self.start()
        var (log, ann, bob) = Self.twoScreens(on: start)
        _ = ann.addChild(under: start.rootID, text: "once")
        ann.send(to: &log)
        ann.engine.resendAll()
        ann.send(to: &log)
        #expect(log.entries.count == 1)
        bob.receive(log.after(0))
        bob.receive(log.after(0))
        ann.sync(with: &log)
        Self.expectSame([ann, bob])
        #expect(bob.document.nodeCount == start.nodeCount + 1)
    }

    /// Cy's text reaches the log but Cy dies before hearing so; Bob then changes the same text.
    /// Cy starts again as a new session from the map before its change and carries its journal
    /// on: the change is known by its identity, kept once, and Bob's later text stays everywhere.
    @Test func aChangeCarriedOnByALaterSessionIsKnownByItsIdentity() throws {
        let start = Self.start()
        var (log, _, bob) = Self.twoScreens(on: start)
        var cy = SimulatedClient(client: 3, start: start)
        cy.make("text", [.setText(node: start.rootID, from: start.root.text, to: "Cy's words")])
        let journal = cy.engine.takeUnsent()
        for operation in journal { log.append(operation) }
        bob.sync(with: &log)
        bob.make("text", [.setText(node: start.rootID, from: "Cy's words", to: "Bob's later words")])
        bob.sync(with: &log)
        var again = SimulatedClient(client: 4, start: start)
        for operation in journal {
            again.engine.carryOutLocal(operation.transaction.changes, label: operation.transaction.label, id: operation.id,
                                       on: &again.document, sizing: SimulatedClient.sizing)
        }
        #expect(again.document.root.text == "Cy's words", "the journal's change shows while offline")
        again.sync(with: &log)
        #expect(log.entries.count == 2, "Cy's change is stored once")
        #expect(again.engine.pending.isEmpty, "the carried-on change is recognised in the log")
        #expect(again.document.root.text == "Bob's later words")
        Self.expectSame([again, bob])
    }

    // MARK: Many screens at once

    /// 8 screens × 2,000 random operations each (new nodes, deletes, texts, moves, reparents that
    /// race into cycles, folds, styles, links, undos), sent, resent and received at random
    /// moments and in random slices: every screen ends with the same map, every invariant holding,
    /// and the same map as carrying the log out from the start.
    @Test func eightScreensTwoThousandOperationsEachConverge() throws {
        let refusals = try Self.converge(screens: 8, operationsEach: 2000, seed: 18)
        #expect(refusals > 0, "some moves raced into cycles and were refused")
    }

    /// The refusals the screens were told of.
    @discardableResult
    static func converge(screens: Int, operationsEach: Int, seed: UInt64) throws -> Int {
        var random = SeededGenerator(seed: seed)
        var log = FakeLog()
        let start = Self.start()
        var clients = (1...screens).map { SimulatedClient(client: Int64($0), start: start) }
        var made = [Int](repeating: 0, count: clients.count)
        while made.contains(where: { $0 < operationsEach }) {
            let k = Int.random(in: 0..<clients.count, using: &random)
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<70 where made[k] < operationsEach:
                Self.randomOperation(&clients[k], &random)
                made[k] += 1
            case 70..<82:
                clients[k].send(to: &log)
            case 82..<95:
                let seen = clients[k].engine.confirmedSeq
                let available = log.after(seen)
                clients[k].receive(Array(available.prefix(Int.random(in: 0...available.count, using: &random))))
            case 95..<97:
                clients[k].engine.resendAll()
                clients[k].send(to: &log)
            default:
                // Old news, repeated and out of order, as a retry after a lost answer delivers it.
                let seen = log.entries.prefix(Int(clients[k].engine.confirmedSeq))
                clients[k].receive(seen.shuffled(using: &random).prefix(20).map { $0 })
            }
        }
        for k in clients.indices { clients[k].send(to: &log) }
        for k in clients.indices { clients[k].receive(log.after(clients[k].engine.confirmedSeq)) }
        Self.expectSame(clients)
        var replayed = start
        var tombstones = Tombstones()
        for entry in log.entries {
            _ = SyncRules.carryOut(entry.operation.transaction.changes, label: "", on: &replayed, tombstones: &tombstones,
                                   sizing: SimulatedClient.sizing)
        }
        #expect(replayed.hasSameContent(as: clients[0].document), "the log carried out from the start\(replayed.firstDifference(from: clients[0].document))")
        #expect(log.entries.count > screens * operationsEach * 3 / 4, "most operations reached the log")
        return clients.map(\.notices.count).reduce(0, +)
    }

    @Test(arguments: [50, 200]) func aFewScreensConverge(operations: Int) throws {
        try Self.converge(screens: 3, operationsEach: operations, seed: UInt64(operations))
    }

    static func randomOperation(_ client: inout SimulatedClient, _ random: inout SeededGenerator) {
        for edit in RandomEdit.next(in: client.document, using: &random) { client.apply(edit) }
    }
}
