import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A workspace with the file flow wired in as the app wires it, over a scratch folder that is
/// the browser's Home: taps find parts by the words on them, and what the flow asks for
/// (dialogs, writes, reads) is carried out at once, on the real disk.
struct BrowserRig {
    var rig: EditRig
    var flow: FileFlow
    let home: ScratchFolder
    /// How often the app was asked for the database's shared maps, and the shared maps it was asked to open.
    var sharedListings = 0
    var sharedOpenings: [String] = []

    /// - Parameter file: the open map's file (nil: a map never saved, whose Save as starts in Home).
    init(file: String? = nil, recent: [String] = [], home: ScratchFolder? = nil) throws {
        let home = try home ?? ScratchFolder()
        self.home = home
        rig = EditRig()
        rig.workspace.places = FilePlaces(home: home.path, folders: DiskFolders())
        flow = FileFlow(file: DocumentFile(path: file, format: file.flatMap { MapFormat(path: $0) } ?? .native,
                                           savedRevision: rig.document.revision),
                        recent: RecentFiles(paths: recent), startFolder: home.path)
    }

    var dialog: Dialog? { rig.workspace.panels.dialog }
    var browser: FileBrowser? { dialog?.browser }
    var layout: OverlayLayout { rig.workspace.overlayLayout }
    /// What the list's rows say, top to bottom, as laid out.
    var rows: [String] { layout.parts.compactMap { if case .browserRow = $0.role { return $0.text } else { return nil } } }
    /// Everything on screen that a finger can tap, by its words.
    var labels: [String] { layout.parts.filter(\.role.isTappable).map(\.label) }
    /// The words shown for a part of this role, if it is laid out.
    func text(of role: OverlayLayout.Part.Role) -> String? { layout.parts.last { $0.role == role }?.text }

    /// The topmost tappable part with these words.
    func part(_ label: String) -> OverlayLayout.Part? {
        layout.parts.last { $0.role.isTappable && $0.label == label }
    }

    /// Taps the part with these words, and carries out what that asks of the app.
    mutating func tap(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let found = part(label) else {
            Issue.record("nothing on screen says “\(label)”; there is \(labels)", sourceLocation: sourceLocation)
            return
        }
        rig.tap(found.rect.center)
        carryOut()
    }

    mutating func key(_ name: String, _ modifiers: KeyModifiers = []) {
        rig.key(name, modifiers)
        carryOut()
    }

    mutating func type(_ text: String) {
        rig.type(text)
        carryOut()
    }

    /// A finger drag on the list, `dy` pixels, in steps 16 ms apart, lifted at once (a flick)
    /// or after resting still (`restSeconds`).
    mutating func drag(by dy: Double, steps: Int = 6, restSeconds: Double = 0) {
        guard let list = layout.rect(of: .browserList) else {
            Issue.record("no list on screen")
            return
        }
        let start = Vec2(list.center.x, dy < 0 ? list.maxY - 10 : list.minY + 10)
        rig.send(.fingerDown(id: 1, position: start), after: 0.5)
        for i in 1...steps {
            rig.send(.fingerMove(id: 1, position: start + Vec2(0, dy * Double(i) / Double(steps))), after: 0.016)
        }
        rig.send(.fingerUp(id: 1, position: start + Vec2(0, dy)), after: max(0.004, restSeconds))
    }

    /// Hands the workspace's requests to the file flow, as the app does.
    mutating func carryOut() {
        let requests = rig.requests
        rig.requests = []
        for request in requests {
            switch request {
            case .showSaveAs: fileEvent(.saveAs)
            case .showOpen: fileEvent(.open)
            case .save: fileEvent(.save)
            case .export(let format): fileEvent(.export(format))
            case .dialogAction(let kind, let action, let field): fileEvent(.dialog(kind, action, field: field))
            case .listSharedMaps: sharedListings += 1
            case .openShared(let name): fileEvent(.openShared(name))
            default: break
            }
        }
    }

    /// What the app does with the flow's effects, on the real disk (no recovery files, no PNG).
    mutating func fileEvent(_ event: FileFlow.Event) {
        for effect in flow.handle(event, revision: rig.document.revision, now: rig.time) {
            switch effect {
            case .ask(let dialog):
                rig.workspace.present(dialog)
            case .tell(let banner):
                rig.workspace.show(banner)
            case .restoreRecovery(_, let otherwise):
                if let otherwise { rig.workspace.show(otherwise) }
            case .write(let path, let format):
                do {
                    let warnings = try DocumentFile.write(rig.document, to: path, as: format)
                    fileEvent(.wrote(path: path, format: format, revision: rig.document.revision, warnings: warnings))
                } catch {
                    fileEvent(.writeFailed(path: path, reason: error.description))
                }
            case .export(let path, let format):
                do {
                    let warnings = try DocumentFile.write(rig.document, to: path, as: format.format)
                    fileEvent(.exported(path: path, warnings: warnings))
                } catch {
                    fileEvent(.exportFailed(path: path, reason: error.description))
                }
            case .read(let path):
                do {
                    let loaded = try MapFile.read(path)
                    var document = loaded.document
                    document.prepareForDisplay(with: rig.workspace.measures.sizing)
                    rig.workspace.replaceDocument(document)
                    fileEvent(.opened(path: path, format: loaded.format, revision: document.revision, warnings: loaded.warnings))
                } catch {
                    fileEvent(.readFailed(path: path, reason: error.description))
                }
            case .openShared(let name):
                sharedOpenings.append(name)
            case .startNewMap, .discardRecovery, .reloadFromDisk, .rememberRecent, .quit:
                break
            }
        }
    }
}
