import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
@testable import MeshpadPostgres
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// Rich maps edited with a finger alone, end to end: a picture resized by its handle, a
    /// summary made of siblings, an attribute renamed, a link restyled. Each control is found by the words the
    /// state dump gives it; the recorded finger events then run through the real
    /// `meshpad replay --map … --dump … --screenshot …`, which must end in the same map.
    @Suite(.serialized) @MainActor
    struct RichMapTouchTests {
        typealias Finger = EndToEndTests.TouchOnlyTests.Finger

        /// Opens `map` (its pictures beside it) in a hidden app of the replay verb's size, as
        /// `meshpad replay --map` does, and lets `body` drive it by finger: what the finger did
        /// and the dump it ended with.
        static func drive(_ map: String, _ body: (inout Finger, App) throws -> Void) throws -> (script: [String], dump: StateDump) {
            let sdl = try SDLSession(headless: true)
            return try withExtendedLifetime(sdl) {
                let loaded = try MapFile.read(map)
                let app = try App(document: loaded.document, file: DocumentFile(path: map, format: loaded.format, savedRevision: 0),
                                  options: App.Options(windowSize: EndToEndTests.TouchOnlyTests.size, preferSoftware: true, hidden: true))
                var f = Finger(app: app)
                try body(&f, app)
                return (f.script, f.dump)
            }
        }

        /// Runs the recorded finger events through `meshpad replay` on `map` and returns its
        /// dump; the screenshot goes to `screenshot` (kept in the scratch folder, to be looked at).
        static func replay(_ script: [String], map: String, in folder: ScratchFolder, screenshot: String) throws -> StateDump {
            let meshpad = try #require(ChildProcess.builtMeshpad())
            let scriptPath = folder.path("touch.jsonl"), dumpPath = folder.path("dump.json")
            try (script.joined(separator: "\n") + "\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
            var environment = ["HOME": folder.path, "SDL_VIDEODRIVER": "offscreen", "XDG_DATA_HOME": folder.path("data"),
                               "XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state")]
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
            let child = try ChildProcess(["replay", scriptPath, "--map", map, "--dump", dumpPath, "--screenshot", screenshot],
                                         environment: environment, executable: meshpad, directory: folder.path)
            #expect(child.waitForExit(seconds: 120) != nil, "the replay finished")
            #expect(child.process.terminationStatus == 0, "\(child.errorOutput)")
            return try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: URL(fileURLWithPath: dumpPath)))
        }

        /// `xml` written as the map `name` in `folder`: its path.
        static func map(_ xml: String, named name: String, in folder: ScratchFolder) throws -> String {
            let path = folder.path(name)
            try xml.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        static func node(_ dump: StateDump, _ text: String) throws -> StateDump.NodeState {
            try #require(dump.nodes.first { $0.text == text }, "no node “\(text)” in \(dump.nodes.map(\.text))")
        }

        /// Where screenshots are kept for a person to look at (the newest run's).
        static func screenshotPath(_ name: String) -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-\(name).png").path
        }

        // MARK: - A picture resized by its handle

        @Test func aFingerResizesAPictureByItsHandleAndPutsItBack() throws {
            let folder = try ScratchFolder()
            var png = PixelBuffer(width: 160, height: 80)
            png.pixels = [UInt32](repeating: 0xFF33_77DD, count: 160 * 80)
            try PNGWriter.write(png, to: folder.path("sky.png"))
            var builder = MapBuilder(rootText: "Holiday")
            let made = builder.addChild(of: builder.rootID, text: "sky", at: Vec2(260, 0))
            let sky = try #require(made)
            var document = builder.build()
            document.modify(sky) { $0.image = "sky.png" }
            let map = folder.path("holiday.meshpad")
            try NativeFormat.encode(document).write(to: URL(fileURLWithPath: map))

            let (recorded, kept) = try Self.drive(map) { f, app in
                let start = try Self.node(f.dump, "sky")
                #expect(!f.dump.controls.contains { $0.label == PictureHandle.label }, "no handle until the node is selected")
                try f.tap(at: f.node("sky"))
                let handle = try f.control(PictureHandle.label)
                // Along the picture's diagonal (2:1), 60 % bigger.
                try f.drag(from: handle, to: handle + Vec2(96, 48))
                let grown = try Self.node(f.dump, "sky")
                #expect(grown.w > start.w + 80 && grown.h > start.h + 40, "\(start.w)×\(start.h) → \(grown.w)×\(grown.h)")
                #expect(abs((app.workspace.document.node(sky)?.imageScale ?? 0) - 1.6) < 0.01)
                // Its menu puts it back, then a smaller size is chosen and kept.
                try f.longPress(at: f.node("sky"))
                try f.tap("Original size")
                #expect(try Self.node(f.dump, "sky").w == start.w)
                try f.drag(from: try f.control(PictureHandle.label), to: try f.control(PictureHandle.label) - Vec2(40, 20))
                let shrunk = try Self.node(f.dump, "sky")
                #expect(shrunk.h < start.h && app.workspace.document.node(sky)?.imageScale.map { abs($0 - 0.75) < 0.01 } == true)
            }
            let screenshot = Self.screenshotPath("picture-resized")
            let dump = try Self.replay(recorded, map: map, in: folder, screenshot: screenshot)
            let replayed = try Self.node(dump, "sky"), shrunk = try Self.node(kept, "sky")
            #expect(replayed.w == shrunk.w && replayed.h == shrunk.h, "the replay resized it the same: \(replayed)")
            #expect(dump.controls.contains { $0.label == PictureHandle.label && $0.role == "handle" })
        }

        // MARK: - A summary made by touch

        static let packing = """
        <map version="freeplane 1.9.13">
        <node TEXT="Trip" ID="ID_1">
        <node TEXT="Pack" POSITION="right" ID="ID_2">
        <node TEXT="tent" ID="ID_3"/>
        <node TEXT="stove" ID="ID_4"/>
        <node TEXT="boots" ID="ID_5"/>
        </node>
        </node>
        </map>
        """

        @Test func aFingerSumsUpTwoSiblingsAndWritesTheSummaryOnTheKeyboard() throws {
            let folder = try ScratchFolder()
            let map = try Self.map(Self.packing, named: "trip.mm", in: folder)
            let (recorded, kept) = try Self.drive(map) { f, app in
                // Two siblings chosen: one tapped, the other added in Select mode.
                try f.tap(at: f.node("tent"))
                try f.tap("Select")
                try f.tap(at: f.node("stove"))
                try f.tap("Select")
                try f.longPress(at: f.node("stove"))
                try f.tap("Summarise")
                #expect(app.workspace.panels.keyboard != nil, "the keyboard comes for its words")
                try f.typeOnKeyboard("camp kit")
                try f.tap("Return")
                let dump = f.dump
                let summary = try Self.node(dump, "camp kit")
                let tent = try Self.node(dump, "tent"), stove = try Self.node(dump, "stove")
                #expect(summary.x - summary.w / 2 > max(tent.x + tent.w / 2, stove.x + stove.w / 2), "beyond its group")
                #expect(summary.y > tent.y && summary.y < stove.y + 1, "level with its group's middle")
                #expect(EditingReplayTests.outline(dump) == ["Trip", "  Pack", "    tent", "    stove", "    camp kit", "    boots"])
                let made = try #require(app.workspace.document.nodes.first { $0.text == "camp kit" })
                #expect(app.workspace.document.summaryGroups[made.id]?.compactMap { app.workspace.document.node($0)?.text } == ["tent", "stove"])
            }
            let dump = try Self.replay(recorded, map: map, in: folder, screenshot: Self.screenshotPath("summary-made"))
            #expect(EditingReplayTests.outline(dump) == EditingReplayTests.outline(kept))
            #expect(try Self.node(dump, "camp kit").x == Self.node(kept, "camp kit").x)
        }

        // MARK: - An attribute renamed by touch

        static let gear = """
        <map version="freeplane 1.9.13">
        <node TEXT="Gear" ID="ID_1">
        <node TEXT="tent" POSITION="right" ID="ID_2">
        <attribute NAME="colour" VALUE="green"/>
        <attribute NAME="weigth" VALUE="2 kg"/>
        </node>
        </node>
        </map>
        """

        @Test func aFingerRenamesAnAttributeAndCannotLeaveItNameless() throws {
            let folder = try ScratchFolder()
            let map = try Self.map(Self.gear, named: "gear.mm", in: folder)
            var refused = 0
            let (recorded, kept) = try Self.drive(map) { f, app in
                // Selected by a tap on its words (a tap on the table's header would fold it).
                let node = try #require(app.workspace.document.nodes.first { $0.text == "tent" })
                try f.tap(at: app.workspace.view.camera.screenPoint(ofMap: node.position + node.textOffset))
                // The misspelt name's cell, tapped on the selected node, opens its name.
                let names = try #require(AttributeTableLayout(node, at: node.position)?.names)
                try #require(names.count == 2, "the table is unfolded: \(node.attributes)")
                let cell = names[1].center
                try f.tap(at: app.workspace.view.camera.screenPoint(ofMap: cell))
                #expect(app.workspace.panels.dialog?.field == "weigth")
                #expect(app.workspace.panels.keyboard != nil, "the keyboard comes for a finger")
                for _ in 0..<6 { try f.tap("⌫") }
                try f.tap("Done")
                // The toast has gone by the time the replay settles; the dialog still says why.
                #expect(app.workspace.panels.dialog?.message == Workspace.emptyAttributeName)
                #expect(f.dump.controls.contains { $0.label == "Done" }, "the dialog waits for a name")
                refused = f.script.count
                try f.typeOnKeyboard("weight")
                try f.tap("Done")
                let dump = f.dump
                #expect(try Self.node(dump, "tent").attributes == [["colour", "green"], ["weight", "2 kg"]])
                #expect(app.workspace.history.done.count == 1, "one undo step")
            }
            // The refusal as the replay shows it, to be looked at; then the whole of it.
            _ = try Self.replay(Array(recorded.prefix(refused)), map: map, in: folder, screenshot: Self.screenshotPath("attribute-nameless"))
            let dump = try Self.replay(recorded, map: map, in: folder, screenshot: Self.screenshotPath("attribute-renamed"))
            #expect(try Self.node(dump, "tent").attributes == Self.node(kept, "tent").attributes)
        }

        // MARK: - A link styled by touch

        static let garden = """
        <map version="freeplane 1.9.13">
        <node TEXT="Garden" ID="ID_1">
        <node TEXT="seeds" POSITION="right" ID="ID_2">
        <arrowlink DESTINATION="ID_3" MIDDLE_LABEL="grow into" STARTARROW="None" ENDARROW="Default"/>
        <node TEXT="tomato" ID="ID_4"/>
        <node TEXT="bean" ID="ID_5"/>
        </node>
        <node TEXT="water" POSITION="right" ID="ID_6"/>
        <node TEXT="harvest" POSITION="left" ID="ID_3"/>
        </node>
        </map>
        """

        /// The link's state in a dump: its one link.
        static func link(_ dump: StateDump) throws -> StateDump.EdgeState {
            try #require(dump.edges.first { $0.kind == "link" }, "no link in \(dump.edges)")
        }

        @Test func aFingerStylesALinkFromTheStylePanelSavesItAndUndoPutsItBack() throws {
            let folder = try ScratchFolder()
            let map = try Self.map(Self.garden, named: "garden.mm", in: folder)
            var saved = 0
            let (recorded, kept) = try Self.drive(map) { f, app in
                let document = app.workspace.document
                let index = try #require(document.edges.firstIndex { $0.kind == .link })
                // The point of the link furthest from every node, so the tap is the link's.
                func clearance(_ p: Vec2) -> Double {
                    document.nodes.map { node in
                        let dx = max(abs(p.x - node.position.x) - node.size.x / 2, 0)
                        let dy = max(abs(p.y - node.position.y) - node.size.y / 2, 0)
                        return Vec2(dx, dy).length
                    }.min() ?? 0
                }
                let path = document.path(ofEdgeAt: index)
                let spot = try #require(stride(from: 0.1, through: 0.9, by: 0.02).map { path.point(at: $0) }.max { clearance($0) < clearance($1) })
                try #require(clearance(spot) > 24, "the link runs clear of the nodes somewhere: \(clearance(spot)) px")
                try f.tap(at: app.workspace.view.camera.screenPoint(ofMap: spot))
                #expect(f.dump.selectedEdge == document.edges[index].id.description, "a tap on the link selects it")
                try f.tap("Style")
                let red = StyleOption.edgeColours[2].hexString
                try f.tap(red)
                try f.tap("Thick")
                try f.tap("Dashed")
                let styled = try Self.link(f.dump)
                #expect(styled.color == red && styled.width == 6 && styled.dash == [7, 7] && styled.arrows == ["end"], "\(styled)")
                #expect(app.workspace.document.edges[index].label == "grow into", "its words are kept")
                #expect(app.workspace.history.done.count == 3, "one undo step a tap")
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Save")
                saved = f.script.count
                for _ in 0..<3 { try f.tap("Undo") }
                let undone = try Self.link(f.dump)
                #expect(undone.color == nil && undone.width == nil && undone.dash == nil && undone.arrows == ["end"], "\(undone)")
            }
            let xml = try String(contentsOfFile: map, encoding: .utf8)
            #expect(xml.contains("COLOR=\"#e53935\"") && xml.contains("WIDTH=\"6\"") && xml.contains("DASH=\"7 7\""), "\(xml)")

            // The same finger events through `meshpad replay`, on a copy: up to the save, then all.
            let copy = try Self.map(Self.garden, named: "garden-replayed.mm", in: folder)
            let styled = try Self.replay(Array(recorded.prefix(saved)), map: copy, in: folder, screenshot: Self.screenshotPath("link-styled"))
            let replayed = try Self.link(styled)
            #expect(replayed.color == "#e53935" && replayed.width == 6 && replayed.dash == [7, 7] && replayed.arrows == ["end"], "\(replayed)")
            #expect(styled.selectedEdge == replayed.id)
            #expect(styled.controls.contains { $0.label == "Dashed" && $0.role == "option" }, "the link's panel is up")
            let written = try MapFile.read(copy).document
            #expect(written.edges.first { $0.kind == .link }?.look
                        == LinkLook(label: "grow into", arrows: .end, color: RGBA(hex: 0xE53935), width: 6, dash: [7, 7]))
            // The first replay saved its copy: the whole script starts from the map as it was.
            _ = try Self.map(Self.garden, named: "garden-replayed.mm", in: folder)
            let undone = try Self.replay(recorded, map: copy, in: folder, screenshot: Self.screenshotPath("link-style-undone"))
            #expect(try Self.link(undone) == Self.link(kept), "undone in the replay as in the app")
            #expect(try Self.link(undone).color == nil)
        }
    }
}
