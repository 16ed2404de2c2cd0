extension Action {
    /// The icon drawn beside its words on a button or menu row: the base name of an SVG in
    /// `Assets/icons/ui` (`"trash"` is `Assets/icons/ui/trash.svg`), white, tinted by the app.
    ///
    /// Every action has one, none is nil: even those only keys reach today (bold, italic, the
    /// arrows, find next and previous, select all, force layout, the debug overlay…), so an
    /// action moved onto the toolbar or into a menu needs no new art. Optional so a future
    /// action may go without. Actions that mean the same share one: the presenter's "Whole
    /// map" and "Show whole map" are Fit's.
    public var iconName: String? {
        switch self {
        // Making and changing nodes
        case .newNode: return "plus"
        case .addChild: return "add-child"
        case .addSibling: return "add-sibling"
        case .addSiblingBefore: return "add-sibling-before"
        case .newNodeHere: return "node-plus"
        case .summarise: return "summary"
        case .editText: return "pencil"
        case .editNote: return "note"
        case .chooseImage: return "image"
        case .removeImage: return "image-off"
        case .resetPictureSize: return "actual-size"
        case .toggleAttributes: return "table"
        case .addAttribute: return "table-add"
        case .editAttribute: return "pencil"
        case .renameAttribute: return "rename"
        case .delete: return "trash"
        case .cut: return "scissors"
        case .copy: return "copy"
        case .paste: return "clipboard"
        case .toggleFold: return "fold"
        case .linkSelected: return "link"
        case .linkFromHere: return "link-from"
        case .labelLink(let place):
            switch place {
            case .source: return "link-label-start"
            case .middle: return "link-label"
            case .target: return "link-label-end"
            }
        case .toggleEndArrow: return "arrow-end"
        case .toggleStartArrow: return "arrow-start"
        case .toggleLinkDash: return "line-dashed"
        case .nextLinkWidth: return "line-width"
        case .nextLinkColour: return "droplet"
        case .openLink: return "open-link"
        case .bold: return "bold"
        case .italic: return "italic"
        // Tasks, priorities, due days and tags
        case .toggleTask: return "task"
        case .tickTask: return "task-done"
        case .choosePriority: return "flag"
        // why: the row's words say which level; one flag keeps the priority menu calm.
        case .priority(.some): return "flag"
        case .priority(nil): return "flag-off"
        case .dueDate: return "calendar"
        case .addTag: return "tag"
        case .filterByTag: return "filter"
        case .removeTag: return "tag-off"
        case .renameTag: return "rename"
        case .deleteTag: return "trash"
        case .filter: return "filter"
        // Modes and panels
        case .linkMode: return "link"
        case .selectMode: return "select"
        case .stylePanel: return "palette"
        case .outline: return "outline"
        case .search: return "search"
        case .findNext: return "chevron-down"
        case .findPrevious: return "chevron-up"
        case .minimap: return "map"
        // Selection and view
        case .selectAll: return "select-all"
        case .deselect: return "deselect"
        case .selectRoot: return "home"
        case .moveSelection(let direction), .extendSelection(let direction):
            switch direction {
            case .left: return "arrow-left"
            case .right: return "arrow-right"
            case .up: return "arrow-up"
            case .down: return "arrow-down"
            }
        case .fit: return "fit"
        case .centre: return "centre"
        case .zoomIn: return "zoom-in"
        case .zoomOut: return "zoom-out"
        case .resetZoom: return "actual-size"
        // Layout and history
        case .tidy: return "tidy"
        case .forceLayout: return "force"
        case .undo: return "undo"
        case .redo: return "redo"
        // Presenting and focus
        case .present: return "present"
        case .presentFromHere: return "present-here"
        case .nextSlide: return "arrow-right"
        case .previousSlide: return "arrow-left"
        case .blackScreen: return "monitor-off"
        // why: its row also reads "Back to the slide" while the whole map shows; the icon stays
        // the whole map's, as the row toggles it.
        case .presentationOverview: return "fit"
        case .endPresentation: return "stop"
        case .addToSlides: return "slide-add"
        case .slideList: return "slides"
        case .focusBranch: return "focus"
        case .leaveFocus: return "fit"
        case .followPresenter: return "eye"
        case .stopFollowing: return "eye-off"
        // The app
        case .newMap: return "file-plus"
        case .open: return "folder"
        case .save: return "save"
        case .saveAs: return "save-as"
        case .export(let format):
            switch format {
            case .pdf: return "file-document"
            case .png, .svg: return "image"
            case .freeMind, .xmind, .mermaid: return "mindmap"
            case .opml, .markdown: return "file-outline"
            }
        case .print: return "printer"
        case .theme(let name):
            switch name {
            case "light": return "sun"
            case "dark": return "moon"
            case "high-contrast": return "contrast"
            // why: classic, and a theme added later, get the theme page's own icon until drawn.
            default: return "theme"
            }
        case .keyboard(let mode): return mode == .never ? "keyboard-off" : "keyboard"
        case .help: return "help"
        case .quit: return "quit"
        case .debugOverlay: return "gauge"
        }
    }
}
