import Foundation

/// The action table: each action's title, keys, toolbar place, context menus, app-menu group and
/// whether read-only maps and kiosks allow it. A `switch`, so an action without a row does not
/// compile. The keys follow Freeplane's and Minder's conventions for a mind map.
public enum ActionTable {
    public static func spec(of action: Action) -> ActionSpec {
        switch action {
        case .newNode:
            return ActionSpec("+ New", toolbar: 0, readOnly: false,
                              summary: "a new child of the selected node (a free node with nothing selected), then type")
        case .addChild:
            return ActionSpec("Add child", keys: [KeyChord(.tab)], context: [.node], readOnly: false,
                              summary: "a new child of the selected node, then type its text")
        case .addSibling:
            return ActionSpec("Add sibling", keys: [KeyChord(.return), KeyChord(.keypadEnter)], context: [.node], readOnly: false,
                              summary: "a new sibling after the selected node (a child of the root)")
        case .addSiblingBefore:
            return ActionSpec("Add sibling before", keys: [KeyChord(.return, .shift)], readOnly: false,
                              summary: "a new sibling before the selected node")
        case .newNodeHere:
            return ActionSpec("New node here", context: [.surface], readOnly: false,
                              summary: "a free node where the menu was opened (double tap the surface too)")
        case .summarise:
            return ActionSpec("Summarise", keys: [KeyChord(.g, .ctrl)], context: [.node], menu: .edit, readOnly: false,
                              summary: "a summary of the selected siblings (or node) beyond a bracket, then type its words")
        case .editText:
            return ActionSpec("Edit text", keys: [KeyChord(.f2)], context: [.node], readOnly: false,
                              summary: "edit the selected node's text (double tap it too; typing replaces it)")
        case .delete:
            return ActionSpec("Delete", keys: [KeyChord(.delete), KeyChord(.backspace)], toolbar: 3, context: [.node, .edge],
                              readOnly: false, summary: "delete the selected nodes with their branches, or the selected link")
        case .cut:
            return ActionSpec("Cut", keys: [KeyChord(.x, .ctrl)], context: [.node], readOnly: false,
                              summary: "copy the selected branches as an indented outline, then delete them")
        case .copy:
            return ActionSpec("Copy", keys: [KeyChord(.c, .ctrl)], context: [.node], readOnly: true,
                              summary: "copy the selected branches as an indented outline")
        case .paste:
            return ActionSpec("Paste", keys: [KeyChord(.v, .ctrl)], context: [.node, .surface], readOnly: false,
                              summary: "paste text as nodes under the selected node (an indented outline becomes a branch)")
        case .toggleFold:
            return ActionSpec("Fold / unfold", keys: [KeyChord(.space)], context: [.node], readOnly: true,
                              summary: "fold or unfold the selected nodes' branches (tap the badge beside a node too)")
        case .linkSelected:
            return ActionSpec("Link selected", keys: [KeyChord(.l, .ctrl)], readOnly: false,
                              summary: "link the two selected nodes, from the first selected to the last")
        case .labelLink(let place):
            switch place {
            case .middle: return ActionSpec("Label…", context: [.edge], readOnly: false, summary: "the words along the selected link")
            case .source: return ActionSpec("Label at the start…", context: [.edge], readOnly: false,
                                            summary: "the words by the node the selected link leaves")
            case .target: return ActionSpec("Label at the end…", context: [.edge], readOnly: false,
                                            summary: "the words by the node the selected link points to")
            }
        case .toggleEndArrow:
            return ActionSpec("Arrow at the end", context: [.edge], readOnly: false, summary: "an arrowhead where the link points")
        case .toggleStartArrow:
            return ActionSpec("Arrow at the start", context: [.edge], readOnly: false, summary: "an arrowhead where the link starts")
        case .toggleLinkDash:
            return ActionSpec("Dashed line", context: [.edge], readOnly: false, summary: "draw the selected link dashed, or solid again")
        case .nextLinkWidth:
            return ActionSpec("Thicker line", context: [.edge], readOnly: false,
                              summary: "the selected link's line a step thicker, back to thin after the thickest")
        case .nextLinkColour:
            return ActionSpec("Next colour", context: [.edge], readOnly: false,
                              summary: "the selected link's colour: the next of a few, back to the theme's after the last")
        case .editNote:
            return ActionSpec("Note…", context: [.node], readOnly: false, summary: "read and write the node's note")
        case .chooseImage:
            return ActionSpec("Image…", context: [.node], readOnly: false, summary: "a picture shown above the node's text, from a file")
        case .removeImage:
            return ActionSpec("Remove image", context: [.node], readOnly: false, summary: "take the node's picture away")
        case .resetPictureSize:
            return ActionSpec("Original size", context: [.node], readOnly: false,
                              summary: "show the node's picture at the size it came at again (drag its corner handle to resize it)")
        case .toggleAttributes:
            return ActionSpec("Fold attributes", context: [.node], readOnly: true,
                              summary: "fold or unfold the node's attribute table (tap its header too)")
        case .addAttribute:
            return ActionSpec("Add attribute…", context: [.node, .attribute], readOnly: false, summary: "a new row in the node's attribute table")
        case .editAttribute:
            return ActionSpec("Edit attribute…", context: [.attribute], readOnly: false,
                              summary: "change or delete a row of the node's attribute table (tap its value on a selected node)")
        case .renameAttribute:
            return ActionSpec("Rename attribute…", context: [.attribute], readOnly: false,
                              summary: "change the name of a row of the node's attribute table (tap its name on a selected node)")
        case .openLink:
            return ActionSpec("Open link", context: [.node], readOnly: true,
                              summary: "go to the node it points at, or open its web address or file (asked first)")
        case .linkFromHere:
            return ActionSpec("Link from here", context: [.node], readOnly: false,
                              summary: "then tap the node to link this one to")
        case .bold:
            return ActionSpec("Bold", keys: [KeyChord(.b, .ctrl)], readOnly: false, summary: "bold text on the selected nodes")
        case .italic:
            return ActionSpec("Italic", keys: [KeyChord(.i, .ctrl)], readOnly: false, summary: "italic text on the selected nodes")
        case .toggleTask:
            return ActionSpec("Task", keys: [KeyChord(.return, [.ctrl, .shift])], context: [.node], readOnly: false,
                              summary: "make the selected nodes tasks, with a box to tick before their text, or plain nodes again")
        case .tickTask:
            return ActionSpec("Done", keys: [KeyChord(.return, .ctrl)], context: [.node], readOnly: false,
                              summary: "tick the selected tasks done or not done (tap the box too); the last child ticked ticks its parent")
        case .choosePriority:
            return ActionSpec("Priority…", context: [.node], readOnly: false, summary: "a priority from 1 (highest) to 5, shown as a badge")
        case .priority(let level?):
            return ActionSpec("Priority \(level)", keys: [KeyChord(Self.digitKeys[level], .ctrl)], readOnly: false,
                              summary: level == 1 ? "priority 1, the highest, on the selected nodes" : "priority \(level) on the selected nodes")
        case .priority(nil):
            return ActionSpec("No priority", keys: [KeyChord(.digit0, .ctrl)], readOnly: false, summary: "take the selected nodes' priority away")
        case .dueDate:
            return ActionSpec("Due date…", keys: [KeyChord(.d, [.ctrl, .shift])], context: [.node], readOnly: false,
                              summary: "the day the selected nodes are due by, picked on a calendar (overdue ones show red)")
        case .addTag:
            return ActionSpec("Add tag…", keys: [KeyChord(.a, [.ctrl, .shift])], context: [.node], readOnly: false,
                              summary: "a tag on the selected nodes, typed, with the map's tags offered as you type")
        case .filterByTag:
            return ActionSpec("Show only this tag", context: [.tag], readOnly: true, summary: "filter the map by the tag (tap a tag's pill)")
        case .removeTag:
            return ActionSpec("Remove from this node", context: [.tag], readOnly: false, summary: "take the tag off the node")
        case .renameTag:
            return ActionSpec("Rename everywhere…", context: [.tag], readOnly: false, summary: "give the tag another name on every node")
        case .deleteTag:
            return ActionSpec("Delete everywhere", context: [.tag], readOnly: false, summary: "take the tag off every node of the map")
        case .filter:
            return ActionSpec("Filter", keys: [KeyChord(.f, [.ctrl, .shift])], toolbar: 13, readOnly: true,
                              summary: "the filter bar: only nodes with chosen tags, priority, state, due day or words (and their path)")
        case .linkMode:
            return ActionSpec("Link", toolbar: 1, readOnly: false,
                              summary: "drags from a node draw links (right-drag or Alt-drag with a mouse)")
        case .selectMode:
            return ActionSpec("Select", toolbar: 2, readOnly: true,
                              summary: "drags on the surface draw a selection box; taps add and remove (Shift-drag with a mouse)")
        case .stylePanel:
            return ActionSpec("Style", toolbar: 10, context: [.node, .edge], readOnly: false,
                              summary: "the style panel: shape, colours, text and edge of the selected nodes, "
                                + "or colour, width, line and arrowheads of the selected link")
        case .outline:
            return ActionSpec("Outline", keys: [KeyChord(.f9)], toolbar: 11, readOnly: true,
                              summary: "the outline panel: the map as an indented list")
        case .search:
            return ActionSpec("Search", keys: [KeyChord(.f, .ctrl)], toolbar: 12, readOnly: true,
                              summary: "find nodes by their text (case and accents ignored)")
        case .findNext:
            return ActionSpec("Find next", keys: [KeyChord(.f3)], readOnly: true, summary: "the next match")
        case .findPrevious:
            return ActionSpec("Find previous", keys: [KeyChord(.f3, .shift)], readOnly: true, summary: "the previous match")
        case .minimap:
            return ActionSpec("Map", keys: [KeyChord(.f7)], readOnly: true,
                              summary: "the minimap in the top-right corner (its button shows and hides it too)")
        case .selectAll:
            return ActionSpec("Select all", keys: [KeyChord(.a, .ctrl)], readOnly: true, summary: "select every node in view")
        case .deselect:
            return ActionSpec("Deselect", keys: [KeyChord(.escape)], readOnly: true,
                              summary: "leave Link or Select mode, else clear the selection")
        case .selectRoot:
            return ActionSpec("Go to root", keys: [KeyChord(.home)], readOnly: true, summary: "select the root and bring it into view")
        case .moveSelection(let direction):
            return ActionSpec("Select \(direction.rawValue)", keys: [KeyChord(direction.key)], readOnly: true,
                              summary: "select the nearest node \(direction.phrase)")
        case .extendSelection(let direction):
            return ActionSpec("Add \(direction.rawValue)", keys: [KeyChord(direction.key, .shift)], readOnly: true,
                              summary: "add the nearest node \(direction.phrase) to the selection")
        case .fit:
            return ActionSpec("Fit", keys: [KeyChord(.digit1, .shift)], toolbar: 7, context: [.surface], readOnly: true,
                              summary: "zoom to show the whole map (at most 100 %)")
        case .centre:
            return ActionSpec("Centre", keys: [KeyChord(.digit2, .shift)], context: [.node], readOnly: true,
                              summary: "bring the selected nodes to the middle of the view")
        case .zoomIn:
            // why: a finger alone must zoom in too (one-finger users, panels whose touch is a mouse).
            // why: Ctrl with them too, as browsers and editors zoom (and Ctrl+- typed a "-" into the node).
            return ActionSpec("Zoom in", keys: [KeyChord(.equals), KeyChord(.equals, .shift), KeyChord(.plus), KeyChord(.keypadPlus),
                                                KeyChord(.equals, .ctrl), KeyChord(.equals, [.ctrl, .shift]), KeyChord(.plus, .ctrl)],
                              toolbar: 8, toolbarTitle: "+", context: [.surface], readOnly: true, summary: "zoom in about the view's centre")
        case .zoomOut:
            return ActionSpec("Zoom out", keys: [KeyChord(.minus), KeyChord(.keypadMinus), KeyChord(.minus, .ctrl)], toolbar: 6, toolbarTitle: "−",
                              context: [.surface], readOnly: true, summary: "zoom out about the view's centre")
        case .resetZoom:
            return ActionSpec("Zoom 100 %", keys: [KeyChord(.digit0), KeyChord(.keypad0)], context: [.surface], readOnly: true,
                              summary: "zoom to 100 %")
        case .tidy:
            return ActionSpec("Tidy", keys: [KeyChord(.t, .ctrl)], toolbar: 9, context: [.surface], readOnly: false,
                              summary: "lay the map out as a tidy tree that keeps itself tidy (a graph gets the force layout)")
        case .forceLayout:
            return ActionSpec("Force layout", keys: [KeyChord(.t, [.ctrl, .shift])], readOnly: false,
                              summary: "let links and branches pull the map into shape, animated")
        case .undo:
            return ActionSpec("Undo", keys: [KeyChord(.z, .ctrl)], toolbar: 4, readOnly: false,
                              summary: "undo the last change (while typing, the last typing)")
        case .redo:
            return ActionSpec("Redo", keys: [KeyChord(.y, .ctrl), KeyChord(.z, [.ctrl, .shift])], toolbar: 5, readOnly: false,
                              summary: "redo what was undone")
        case .newMap:
            return ActionSpec("New map", keys: [KeyChord(.n, .ctrl)], menu: .file, readOnly: false, kiosk: false,
                              summary: "start a new map (asks to save unsaved changes first)")
        case .save:
            return ActionSpec("Save", keys: [KeyChord(.s, .ctrl)], menu: .file, readOnly: false, kiosk: false,
                              summary: "save the map to its file, in its format (asks for a name the first time)")
        case .saveAs:
            return ActionSpec("Save as…", keys: [KeyChord(.s, [.ctrl, .shift])], menu: .file, readOnly: false, kiosk: false,
                              summary: "save under another name or format (.meshpad, .mm, .xmind, .opml, .md, .mmd)")
        case .open:
            return ActionSpec("Open…", keys: [KeyChord(.o, .ctrl)], menu: .file, readOnly: true, kiosk: false,
                              summary: "open another map (.meshpad, .mm, .opml, .md, .xmind, .mmd)")
        case .print:
            return ActionSpec("Print…", keys: [KeyChord(.p, .ctrl)], menu: .file, readOnly: true, kiosk: false,
                              summary: "print the map (whole, tiled over pages, or as an outline) through the system's printers")
        case .export(let format):
            return ActionSpec(format.title, keys: format == .png ? [KeyChord(.e, .ctrl)] : [], menu: .export, readOnly: true, kiosk: false,
                              summary: "export the whole map as \(format.summary)")
        case .theme(let name):
            return ActionSpec(Self.themeTitle(name), menu: .theme, readOnly: true, summary: "the \(name) theme")
        case .keyboard(let mode):
            return ActionSpec(mode.title, menu: .keyboard, readOnly: true, summary: mode.summary)
        case .present:
            return ActionSpec("Present", keys: [KeyChord(.f5)], menu: .present, readOnly: true,
                              summary: "play the map's slides full screen from the first (its branches when it has none)")
        case .presentFromHere:
            return ActionSpec("Present from here", keys: [KeyChord(.f5, .shift)], context: [.node], readOnly: true,
                              summary: "play the slides from the selected node's")
        case .nextSlide:
            return ActionSpec("Next slide", presenting: [KeyChord(.right), KeyChord(.down), KeyChord(.pageDown), KeyChord(.space),
                                                         KeyChord(.return), KeyChord(.keypadEnter)], readOnly: true,
                              summary: "while presenting: the next child, or the next slide (a swipe to the left too)")
        case .previousSlide:
            return ActionSpec("Previous slide", presenting: [KeyChord(.left), KeyChord(.up), KeyChord(.pageUp), KeyChord(.backspace)],
                              readOnly: true, summary: "while presenting: back a step (a swipe to the right, or a two-finger tap)")
        case .blackScreen:
            return ActionSpec("Black screen", presenting: [KeyChord(.b), KeyChord(.period)], readOnly: true,
                              summary: "while presenting: black the screen, and bring it back")
        case .presentationOverview:
            return ActionSpec("Whole map", presenting: [KeyChord(.o)], readOnly: true,
                              summary: "while presenting: the whole map (a pinch out too), and back to the slide")
        case .endPresentation:
            return ActionSpec("End presentation", presenting: [KeyChord(.escape)], readOnly: true,
                              summary: "stop presenting: the map as it was, chrome and all")
        case .addToSlides:
            return ActionSpec("Add to slides", context: [.node], readOnly: false,
                              summary: "the selected node becomes the presentation's next slide, shown as it is now")
        case .slideList:
            return ActionSpec("Slides…", menu: .present, readOnly: true,
                              summary: "the presentation's slides: drag to reorder, delete, choose or name a presentation")
        case .focusBranch:
            return ActionSpec("Focus on branch", keys: [KeyChord(.h, .ctrl)], context: [.node], readOnly: true,
                              summary: "show the selected node's branch alone, with a path back up to the root")
        case .leaveFocus:
            return ActionSpec("Show whole map", keys: [KeyChord(.h, [.ctrl, .shift])], readOnly: true,
                              summary: "leave the focus on a branch: the whole map again")
        case .followPresenter:
            return ActionSpec("Follow…", menu: .present, readOnly: true,
                              summary: "on a shared map: follow another screen's view and slides")
        case .stopFollowing:
            return ActionSpec("Stop following", menu: .present, readOnly: true, summary: "on a shared map: look around on your own again (any touch does too)")
        case .help:
            return ActionSpec("Help", keys: [KeyChord(.f1)], menu: .app, readOnly: true, summary: "the gestures and keys, on a sheet")
        case .quit:
            return ActionSpec("Quit", keys: [KeyChord(.q, .ctrl)], menu: .app, readOnly: true, kiosk: false,
                              summary: "quit (asks to save unsaved changes)")
        case .debugOverlay:
            return ActionSpec("Debug overlay", keys: [KeyChord(.f12)], readOnly: true,
                              summary: "frame times, zoom and drawn counts in a corner")
        }
    }

    /// Ctrl and a digit sets that priority, as in XMind.
    static let digitKeys: [Key] = [.digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9]

    /// The action a key runs on the map, if any.
    public static func action(for chord: KeyChord) -> Action? { keymap[chord] }

    /// The action a key runs while a presentation plays: its presenting keys first, then the
    /// few map keys that still mean something there (help, quit, the debug overlay, and F5 and
    /// Shift+F5, which start the slides over or from the selected node).
    public static func presentingAction(for chord: KeyChord) -> Action? {
        if let action = presentingKeymap[chord] { return action }
        guard let action = keymap[chord] else { return nil }
        return [.help, .quit, .debugOverlay, .present, .presentFromHere].contains(action) ? action : nil
    }

    private static let presentingKeymap: [KeyChord: Action] = {
        var map: [KeyChord: Action] = [:]
        for action in Action.all {
            for chord in action.spec.presentingKeys where map[chord] == nil { map[chord] = action }
        }
        return map
    }()

    private static let keymap: [KeyChord: Action] = {
        var map: [KeyChord: Action] = [:]
        for action in Action.all {
            for chord in action.spec.keys where map[chord] == nil { map[chord] = action }
        }
        return map
    }()

    /// Every action's keys as a Markdown table: the guide's key table and `--help` come from here.
    public static func keyTable(markdown: Bool) -> String {
        let rows = Action.all.compactMap { action -> (String, String, String)? in
            let spec = action.spec
            guard !spec.keys.isEmpty || !spec.presentingKeys.isEmpty else { return nil }
            let presenting = spec.presentingKeys.isEmpty ? [] : [spec.presentingKeys.map(\.description).joined(separator: ", ") + " while presenting"]
            return ((spec.keys.map(\.description) + presenting).joined(separator: ", "), spec.title, spec.summary)
        }
        if markdown {
            var lines = ["| Keys | Action | What it does |", "|---|---|---|"]
            for (keys, title, summary) in rows {
                lines.append("| \(keys.replacingOccurrences(of: "|", with: "\\|")) | \(title) | \(summary) |")
            }
            return lines.joined(separator: "\n")
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { keys, title, summary in
            keys.padding(toLength: width, withPad: " ", startingAt: 0) + title + ": " + summary
        }.joined(separator: "\n")
    }

    /// A theme's name as a menu shows it: `high-contrast` is "High contrast".
    static func themeTitle(_ name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

extension ExportFormat {
    /// The words on its row of the Export page.
    public var title: String {
        switch self {
        case .pdf: return "PDF…"
        case .png: return "PNG picture"
        case .svg: return "SVG picture"
        case .xmind: return "XMind (.xmind)"
        case .mermaid: return "Mermaid mind map (.mmd)"
        case .freeMind: return "Freeplane map (.mm)"
        case .opml: return "OPML outline"
        case .markdown: return "Markdown"
        }
    }

    var summary: String {
        switch self {
        case .pdf: return "a PDF (one page, tiled pages or an outline; asks which first)"
        case .png: return "a PNG picture"
        case .svg: return "an SVG picture"
        case .xmind: return "an XMind file (XMind 2020 and later open it)"
        case .mermaid: return "a Mermaid mind map (indented text)"
        case .freeMind: return "a FreeMind/Freeplane map (.mm)"
        case .opml: return "an OPML outline"
        case .markdown: return "a Markdown outline"
        }
    }
}

extension KeyboardMode {
    public var title: String {
        switch self {
        case .auto: return "On-screen keyboard: auto"
        case .always: return "On-screen keyboard: always"
        case .never: return "On-screen keyboard: never"
        }
    }

    var summary: String {
        switch self {
        case .auto: return "the on-screen keyboard comes up when typing starts from a touch"
        case .always: return "the on-screen keyboard comes up whenever typing starts"
        case .never: return "no on-screen keyboard"
        }
    }
}

extension Direction {
    /// The arrow key that points this way.
    public var key: Key {
        switch self {
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        }
    }

    var phrase: String {
        switch self {
        case .left: return "to the left"
        case .right: return "to the right"
        case .up: return "above"
        case .down: return "below"
        }
    }
}
