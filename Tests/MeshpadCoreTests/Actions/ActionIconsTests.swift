import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MeshpadCore

/// Every button and menu row has its icon, and every icon is an SVG that SDL2_image's nanosvg
/// draws as Meshpad tints it: white strokes, in a 24-unit box, with no feature it ignores.
@Suite struct ActionIconsTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/icons/ui")

    /// What a person can see as a button or a menu row: the toolbar, the context menus, the app
    /// menu and its pages, the presenter's menu and the priorities' menu.
    static let shownActions: [Action] = {
        var shown = Action.toolbar + Action.all.filter { !$0.spec.contextMenus.isEmpty || $0.spec.menu != nil }
        shown += Workspace.presenterMenu
        shown += Priority.levels.map { Action.priority($0) } + [.priority(nil)]
        var seen = Set<Action>()
        return shown.filter { seen.insert($0).inserted }
    }()

    static let svgNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }()

    // MARK: - Actions

    @Test(arguments: shownActions)
    func everyShownActionHasAnIconThatExists(action: Action) throws {
        let name = try #require(action.iconName, "\(action) is a button or menu row without an icon")
        let file = Self.folder.appendingPathComponent(name + ".svg")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(action)'s icon \(name).svg is not in Assets/icons/ui")
    }

    @Test func everyNamedIconExists() {
        for action in Action.all {
            guard let name = action.iconName else { continue }
            #expect(Self.svgNames.contains(name), "\(action) names \(name).svg, which is not in Assets/icons/ui")
        }
    }

    // MARK: - The SVGs

    @Test func theFolderHoldsIcons() {
        #expect(Self.svgNames.count >= 20, "no icons found in \(Self.folder.path)")
    }

    @Test(arguments: svgNames)
    func iconIsAPlainWhite24UnitSVG(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".svg"))
        let reader = SVGReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        let parsed = parser.parse()
        // why: on Linux parse() can return true after an error; the delegate hears it.
        #expect(parsed && reader.error == nil && parser.parserError == nil,
                "\(name).svg is not well-formed XML: \(String(describing: reader.error ?? parser.parserError))")
        let root = try #require(reader.elements.first, "\(name).svg is empty")
        #expect(root.name == "svg")
        #expect(root.attributes["viewBox"] == "0 0 24 24", "\(name).svg's viewBox")
        #expect(root.attributes["width"] == "24" && root.attributes["height"] == "24", "\(name).svg's size")
        for element in reader.elements {
            #expect(Self.allowedElements.contains(element.name), "\(name).svg has <\(element.name)>, which nanosvg does not draw")
            for (attribute, value) in element.attributes {
                #expect(!Self.forbiddenAttributes.contains(attribute), "\(name).svg uses \(attribute)=")
                #expect(!value.contains("currentColor") && !value.contains("url("), "\(name).svg: \(attribute)=\"\(value)\"")
                if attribute == "fill" || attribute == "stroke" {
                    // why: the app tints the texture with SDL_SetTextureColorMod, which only
                    // colours white truly; any other colour would come out darker.
                    #expect(value == "none" || value == "#FFFFFF", "\(name).svg: \(attribute)=\"\(value)\" is not white")
                }
                if attribute == "d" {
                    let letters = value.filter(\.isLetter)
                    #expect(letters.allSatisfy { Self.pathCommands.contains($0) }, "\(name).svg: a path command outside M L H V C S Q T A Z")
                }
            }
        }
    }

    static let allowedElements: Set<String> = ["svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let forbiddenAttributes: Set<String> = ["class", "style", "href", "xlink:href", "mask", "clip-path", "filter"]
    static let pathCommands = Set("MmLlHhVvCcSsQqTtAaZz")
}

/// Collects an SVG's elements and the first error, for the checks above.
private final class SVGReader: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    var elements: [Element] = []
    var error: Error?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if error == nil { error = parseError }
    }
}
