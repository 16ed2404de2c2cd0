import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Looking is not changing (issue 33): a search, the folds it opens to show a hit, the view and
/// the selection never mark a map changed, never become an undo step, and never reach its file.
@Suite struct ViewsAreNotEditsTests {
    static var sizing: NodeSizing { NodeSizing(measurer: FixedAdvanceMeasurer()) }

    /// The sample with "bus" folded away under "food" and "boat" under "shelter", opened from
    /// a file and clean.
    static func session() throws -> Session {
        var document = Document.sample()
        let food = try #require(document.nodes.first { $0.text == "food" }?.id)
        let shelter = try #require(document.nodes.first { $0.text == "shelter" }?.id)
        _ = document.addChild(of: food, text: "bus to the market", at: Vec2(500, 0))
        _ = document.addChild(of: shelter, text: "boat or bus", at: Vec2(500, 100))
        document.setFolded(food, true)
        document.setFolded(shelter, true)
        document.measureAll(with: sizing)
        let workspace = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: sizing)
        let file = DocumentFile(path: "/maps/trip.mm", format: .freeMind, savedRevision: workspace.document.revision)
        return Session(workspace: workspace, file: file, settings: Session.Settings())
    }

    static func id(_ text: String, in session: Session) -> NodeID {
        session.workspace.document.nodes.first { $0.text == text }?.id ?? NodeID(0)
    }

    static func isClean(_ session: Session) -> Bool {
        !session.title.hasPrefix("•") && !session.workspace.history.canUndo
    }

    @Test func searchingOpensFoldsToShowAHitWithoutChangingTheMap() throws {
        var session = try Self.session()
        let bus = Self.id("bus to the market", in: session)
        let boat = Self.id("boat or bus", in: session)
        let food = Self.id("food", in: session)
        let shelter = Self.id("shelter", in: session)
        _ = session.perform(.search)
        _ = session.handle(.text("bus"), at: 1)
        let first = try #require(session.workspace.selection.nodes.first)
        let other = first == bus ? boat : bus
        #expect(!session.workspace.document.isHidden(first), "the hit is shown")
        let clean1 = Self.isClean(session)
        #expect(clean1, "a search is no change: \(session.title)")
        // The next hit: the branch opened for the first folds again.
        _ = session.handle(.key(.return, modifiers: []), at: 2)
        #expect(session.workspace.selection.nodes == [other])
        #expect(!session.workspace.document.isHidden(other))
        #expect(session.workspace.document.isHidden(first), "no trail of open branches")
        let clean2 = Self.isClean(session)
        #expect(clean2)
        // Saving (asked for) writes the map as it is in the file: the search's folds stay out.
        let saved = session.perform(.save)
        let written = saved.compactMap { effect -> Document? in if case .write(let document, _, _) = effect { return document }; return nil }.first
        #expect(written?.node(food)?.folded == true && written?.node(shelter)?.folded == true, "the file keeps its folds")
        // Closing the search folds back, and the hit's branch holds the selection.
        _ = session.handle(.key(.escape, modifiers: []), at: 3)
        #expect(session.workspace.panels.search == nil)
        #expect(session.workspace.document.node(food)?.folded == true)
        #expect(session.workspace.document.node(shelter)?.folded == true)
        let holder = try #require(session.workspace.document.parent(of: other))
        #expect(session.workspace.selection.nodes == [holder])
        let camera = session.workspace.view.targetCamera
        let shown = camera.screenPoint(ofMap: session.workspace.document.node(holder)?.position ?? .zero)
        #expect(shown.x > 0 && shown.x < 1000 && shown.y > 0 && shown.y < 700, "the view goes to it: \(shown)")
        let clean3 = Self.isClean(session)
        #expect(clean3)
        _ = session.handle(.quitRequested, at: 4)
        let running = session.isRunning
        #expect(!running, "a map only looked at quits without asking")
    }

    /// Acting on a hit keeps its branch open: the fold is then part of what the person did.
    @Test func editingAHitKeepsItsBranchOpenAsAStep() throws {
        var session = try Self.session()
        _ = session.perform(.search)
        _ = session.handle(.text("market"), at: 1)
        let bus = Self.id("bus to the market", in: session)
        #expect(session.workspace.selection.nodes == [bus])
        _ = session.perform(.editText)
        _ = session.handle(.text(" by noon"), at: 2.1)
        _ = session.handle(.key(.return, modifiers: []), at: 2.2)
        #expect(session.workspace.document.node(bus)?.text == "bus to the market by noon")
        _ = session.handle(.key(.escape, modifiers: []), at: 3)
        #expect(!session.workspace.document.isHidden(bus), "the edited node stays in view")
        #expect(session.title.hasPrefix("•"))
        let effects = session.perform(.save)
        #expect(effects.contains { if case .write = $0 { return true }; return false })
    }

    /// Undo after a search undoes the last edit, not the search's folds.
    @Test func undoAfterASearchUndoesTheLastEdit() throws {
        var session = try Self.session()
        _ = session.perform(.selectRoot)
        _ = session.perform(.addChild)
        _ = session.handle(.text("tickets"), at: 1)
        _ = session.handle(.key(.return, modifiers: []), at: 1.1)
        _ = session.perform(.search)
        _ = session.handle(.text("market"), at: 2)
        _ = session.perform(.undo)
        #expect(!session.workspace.document.nodes.contains { $0.text == "tickets" })
        #expect(session.workspace.document.node(Self.id("food", in: session))?.folded == true)
    }
}

/// The map's name inside the app (issue 33): a full-screen tablet or kiosk hides the window's
/// title, so the chrome says which map this is and whether it has unsaved changes.
@Suite struct MapNameTests {
    @Test func theChromeNamesTheMapAndMarksItUnsaved() throws {
        var session = try ViewsAreNotEditsTests.session()
        _ = session.tick(at: 0.5)
        func name(_ session: Session) -> OverlayLayout.Part? { session.workspace.overlayLayout.parts.first { $0.role == .mapName } }
        let clean = try #require(name(session))
        #expect(clean.text == "trip.mm")
        let menu = try #require(session.workspace.overlayLayout.rect(of: .appMenuButton))
        #expect(clean.rect.minX > menu.maxX && clean.rect.minY == menu.minY, "beside the ☰ button")
        _ = session.perform(.selectRoot)
        _ = session.perform(.addChild)
        _ = session.handle(.text("tickets"), at: 1)
        _ = session.handle(.key(.return, modifiers: []), at: 1.1)
        #expect(name(session)?.text == "• trip.mm", "unsaved")
        // A tap on the name offers to name or move the map.
        let rect = try #require(name(session)?.rect)
        _ = session.handle(.fingerDown(id: 1, position: rect.center), at: 2)
        _ = session.handle(.fingerUp(id: 1, position: rect.center), at: 2.05)
        #expect(session.workspace.panels.dialog?.kind == .saveAs)
    }
}
