import Foundation
import MeshpadCore

/// A shared map on a screen without a window: its map, its engine and its network thread, as
/// the app keeps them. For `meshpad bench --db` and the tests, which play many screens at once.
public final class SharedScreen {
    public private(set) var document: Document
    public private(set) var engine: SyncEngine
    public let link: SharedMapLink
    /// Every status the link reported, in order, repeats folded.
    public private(set) var statuses: [SharedMapLink.Status] = []
    private let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())

    public init(_ shared: SharedMapName) throws(SharedMapError) {
        let opened = try SharedMapOpening.open(shared)
        document = opened.document
        // why: as a window measures the map it opens (the opening leaves sizes to the screen).
        document.measureAll(with: sizing)
        engine = SyncEngine(client: opened.client, confirmedSeq: opened.seq, tombstones: opened.tombstones)
        document.numberNewItems(in: SyncEngine.numbering(forClient: opened.client))
        link = SharedMapLink(address: shared.address, mapID: opened.mapID, after: opened.seq)
        link.start()
    }

    /// Makes a change as a person on this screen would; returns what was carried out.
    @discardableResult
    public func make(_ label: String, _ changes: [Change]) -> Transaction {
        engine.carryOutLocal(changes, label: label, on: &document, sizing: sizing)
    }

    /// Carries out what an earlier screen could not send (its journal), keeping each change's
    /// identity, as an offline opening adopts a killed session's journal.
    public func adopt(_ operations: [SharedOperation]) {
        engine.adopt(operations, on: &document, sizing: sizing)
    }

    /// Whether everything this screen made is in the log it has applied.
    public var isSettled: Bool { engine.pending.isEmpty }

    /// One pass of the loop: hands over what to send (returned), carries out what came (returned).
    @discardableResult
    public func service() -> (sent: [SharedOperation], received: [LoggedOperation]) {
        let sent = engine.takeUnsent()
        link.send(sent)
        let mail = link.take()
        if statuses.last != mail.status { statuses.append(mail.status) }
        engine.receive(mail.operations, on: &document, sizing: sizing)
        engine.alreadyLogged(mail.alreadyLogged, on: &document, sizing: sizing)
        return (sent, mail.operations)
    }
}
