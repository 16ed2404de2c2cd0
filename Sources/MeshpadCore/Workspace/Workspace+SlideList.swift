/// The slide list (Slides…): the presentation's slides in a panel where the outline stands, by
/// finger: a tap shows a slide's node, a drag by its grip moves it, its ⋯ opens a menu of how it
/// plays (children one at a time, its branch alone, the view as it is now) and Delete; above
/// them, the map's presentations to choose, make, name and delete. Every change to them is one
/// undo step (`.setPresentations`), through `updatePresentation` or `setPresentations`.
extension Workspace {
    /// Opens the slide list, in the outline panel's place.
    mutating func openSlideList() {
        commitEditing()
        panels.outline = nil
        if panels.slideList == nil { panels.slideList = SlideListState() }
        needsRedraw = true
    }

    mutating func closeSlideList() {
        panels.slideList = nil
        needsRedraw = true
    }

    /// The presentation the slide list shows and F5 plays, by its place in the map's
    /// presentations: the one chosen in the list, 0 when none was (or the map has none).
    public var currentPresentationIndex: Int {
        let count = document.presentations.count
        return count == 0 ? 0 : min(max(panels.chosenPresentation, 0), count - 1)
    }

    /// Slides may be moved, deleted and named here: not in a read-only map or a kiosk.
    var slidesAreEditable: Bool { !lockdown.isReadOnly && lockdown.kiosk == nil }

    /// Changes the map's presentation at `index` as one undo step, making the map's first
    /// (named "Slides") when it has none: the one door to a presentation's slides.
    mutating func updatePresentation(at index: Int, _ change: (inout Presentation) -> Void) {
        var presentations = document.presentations
        if presentations.isEmpty { presentations = [Presentation(name: "Slides")] }
        let at = min(max(index, 0), presentations.count - 1)
        change(&presentations[at])
        setPresentations(presentations)
    }

    /// The map's presentations, all of them, as one undo step (nothing when they are the same).
    mutating func setPresentations(_ presentations: [Presentation]) {
        let before = document.presentations
        guard presentations != before else { return }
        transact("slides", relayout: false) { $0.record(.setPresentations(from: before, to: presentations)) }
    }

    /// The presentation shown in the list, if the map has any.
    private var shownPresentation: Presentation? {
        document.presentations.isEmpty ? nil : document.presentations[currentPresentationIndex]
    }

    // MARK: - What the panel shows

    /// The slide list as the chrome draws it, when open: its words measured.
    var slideListChrome: SlideListChrome? {
        guard let state = panels.slideList else { return nil }
        let measurer = measures.sizing.measurer
        func button(_ control: SlideListControl, _ text: String? = nil, on: Bool = false) -> SlideListChrome.Button {
            let words = text ?? control.title
            return SlideListChrome.Button(control: control, text: words, width: measurer.width(of: words[...]), isOn: on)
        }
        let presentations = document.presentations
        let current = currentPresentationIndex
        let editable = slidesAreEditable
        var panel = SlideListChrome(title: shownPresentation?.name ?? "No slides yet", close: button(.close))
        if presentations.count > 1 {
            panel.choices = presentations.indices.map { button(.choose($0), presentations[$0].name, on: $0 == current) }
        }
        if editable {
            panel.buttons = presentations.isEmpty ? [button(.makeFromBranches), button(.newPresentation)]
                : [button(.newPresentation), button(.rename), button(.deletePresentation)]
        }
        if let presentation = shownPresentation {
            panel.rows = presentation.slides.enumerated().map { number, slide in
                SlideListChrome.Row(number: number + 1, text: slideWords(slide),
                                    isSelected: slide.node.map { selection.contains($0) } ?? false, detail: Self.playsDetail(of: slide))
            }
            if panel.rows.isEmpty {
                panel.note = editable ? "No slides: “Add to slides” on a node's menu adds one" : "No slides"
            }
        } else {
            panel.note = editable ? "Make slides from the branches, or a new presentation to add nodes to" : "This map has no slides"
        }
        panel.editable = editable && !presentations.isEmpty
        panel.scroll = state.scroll
        panel.drag = state.drag
        return panel
    }

    /// A slide's words in the list: its node's first line, or its own name once the node is gone.
    private func slideWords(_ slide: Slide) -> String {
        guard let node = slide.node.flatMap({ document.node($0) }) else {
            return (slide.name.isEmpty ? "Slide" : slide.name) + " (its node is gone)"
        }
        let firstLine = node.firstLine
        return firstLine.isEmpty ? (slide.name.isEmpty ? "—" : slide.name) : firstLine
    }

    /// How a slide plays, as its row says it at the right: "one by one", "alone", both, or
    /// nothing for a slide that shows its node plainly.
    static func playsDetail(of slide: Slide) -> String {
        [slide.revealsChildren ? "one by one" : nil, slide.showsOnlyNodes ? "alone" : nil].compactMap { $0 }.joined(separator: " · ")
    }

    // MARK: - Taps and drags

    mutating func scrollSlideList(by pixels: Double) {
        guard var state = panels.slideList, pixels.isFinite else { return }
        let count = shownPresentation?.slides.count ?? 0
        let shown = overlayLayout.rect(of: .slideListRows)?.height ?? measures.viewportSize.y
        let limit = max(0, Double(count) * measures.targetPixels - shown)
        state.scroll = min(max(state.scroll + pixels, 0), limit)
        panels.slideList = state
        needsRedraw = true
    }

    /// A button above the list.
    mutating func chooseInSlideList(_ control: SlideListControl) {
        needsRedraw = true
        switch control {
        case .close:
            closeSlideList()
            return
        case .choose(let index):
            panels.chosenPresentation = index
            panels.slideList?.scroll = 0
            return
        default:
            break
        }
        guard slidesAreEditable else { return refuseChange() }
        switch control {
        case .makeFromBranches:
            askBranchDepth()
        case .newPresentation:
            present(Dialog(kind: .presentationName(renaming: nil), title: "Name the new presentation"))
        case .rename:
            guard let presentation = shownPresentation else { return }
            present(Dialog(kind: .presentationName(renaming: currentPresentationIndex), title: "Rename the presentation",
                           field: presentation.name))
        case .deletePresentation:
            guard let presentation = shownPresentation else { return }
            var presentations = document.presentations
            presentations.remove(at: currentPresentationIndex)
            setPresentations(presentations)
            panels.chosenPresentation = max(0, currentPresentationIndex - 1)
            panels.slideList?.scroll = 0
            toast("Deleted the presentation “\(presentation.name)”: Undo brings it back")
        case .choose, .close:
            break
        }
    }

    /// The name dialog's outcome: a new presentation (shown in the list), or one renamed.
    mutating func finishPresentationName(_ field: String, renaming: Int?, confirmed: Bool) {
        guard confirmed else { return present(nil) }
        let name = field.trimmingCharacters(in: .whitespacesAndNewlines)
        let others = document.presentations.indices.filter { $0 != renaming }.map { document.presentations[$0].name }
        let problem = name.isEmpty ? "Type a name for it" : others.contains(name) ? "The map has a presentation called “\(name)”" : nil
        if let problem, var again = panels.dialog {
            again.message = problem
            return present(again)
        }
        present(nil)
        if let renaming {
            updatePresentation(at: renaming) { $0.name = name }
        } else {
            setPresentations(document.presentations + [Presentation(name: name)])
            panels.chosenPresentation = document.presentations.count - 1
            panels.slideList?.scroll = 0
        }
    }

    /// A tap on a slide's row: its node selected and brought into view (the whole map shown
    /// again if a focus on another branch hides it).
    mutating func showSlideInList(_ index: Int) {
        guard let slides = shownPresentation?.slides, slides.indices.contains(index),
              let id = slides[index].node, document.contains(id) else { return }
        commitEditing()
        if panels.focus != nil, let at = document.index(of: id), !filterKeeps(nodeAt: at) { setFocus(nil) }
        select([id])
        keepInView(id)
    }

    mutating func deleteSlideInList(_ index: Int) {
        guard slidesAreEditable else { return refuseChange() }
        guard let slides = shownPresentation?.slides, slides.indices.contains(index) else { return }
        updatePresentation(at: currentPresentationIndex) { $0.slides.remove(at: index) }
        toast("Deleted slide \(index + 1): Undo brings it back")
    }

    // MARK: - A slide's options

    /// A slide's ⋯: its options as a menu at the row, the toggles ticked when on. "Take the
    /// view" needs the slide's node, so a slide whose node is gone does not offer it.
    mutating func openSlideOptions(_ index: Int) {
        guard slidesAreEditable else { return refuseChange() }
        guard let slides = shownPresentation?.slides, slides.indices.contains(index),
              let button = overlayLayout.parts.last(where: { $0.role == .slideOptions(index) })?.rect else { return }
        let slide = slides[index]
        let hasNode = slide.node.map(document.contains) ?? false
        let rows = SlideOption.allCases.compactMap { option -> Menu.Row? in
            switch option {
            case .revealsChildren: return Menu.Row(item: .slideOption(option), title: option.title, isChecked: slide.revealsChildren)
            case .showsOnlyNodes: return Menu.Row(item: .slideOption(option), title: option.title, isChecked: slide.showsOnlyNodes)
            case .takeView: return hasNode ? Menu.Row(item: .slideOption(option), title: option.title) : nil
            case .delete: return Menu.Row(item: .slideOption(option), title: option.title)
            }
        }
        // why: beside a finger on the ⋯ (so it hides no row); under a pointer, from the button's corner.
        let byFinger = input.lastInputWasTouch
        showMenu(Menu(kind: .slide(index), anchor: byFinger ? button.center : Vec2(button.minX, button.maxY), byFinger: byFinger,
                      rows: rows, labelWidth: 0))
    }

    /// A row of a slide's ⋯ menu: a toggle flipped, the view taken, or the slide deleted, each
    /// one undo step.
    mutating func chooseSlideOption(_ option: SlideOption, for index: Int) {
        needsRedraw = true
        guard slidesAreEditable else { return refuseChange() }
        guard let slides = shownPresentation?.slides, slides.indices.contains(index) else { return }
        let at = currentPresentationIndex
        switch option {
        case .revealsChildren:
            updatePresentation(at: at) { $0.slides[index].revealsChildren.toggle() }
        case .showsOnlyNodes:
            updatePresentation(at: at) { presentation in
                presentation.slides[index].showsOnlyNodes.toggle()
                // why: "this branch" is the node with all below it (Freeplane's showsDescendants).
                if presentation.slides[index].showsOnlyNodes { presentation.slides[index].showsDescendants = true }
            }
        case .takeView:
            guard let node = slides[index].node, document.contains(node) else { return }
            let folded = foldedNow(inBranchOf: node)
            let zoom = view.targetZoom
            updatePresentation(at: at) { presentation in
                presentation.slides[index].foldedNodes = folded
                presentation.slides[index].zoom = zoom
            }
            toast("Slide \(index + 1) keeps the view as it is now: its branch's folds, and the zoom")
        case .delete:
            deleteSlideInList(index)
        }
    }

    /// The nodes of `id`'s branch folded now (those with children to hide): the folds a slide
    /// takes from the view, as `addToSlides` keeps them.
    func foldedNow(inBranchOf id: NodeID) -> [NodeID] {
        document.subtree(of: id).filter { document.node($0)?.folded == true && document.hasChildren($0) }
    }

    // MARK: - Slides from the branches

    /// Make slides from branches: how deep, a finger-sized choice each.
    mutating func askBranchDepth() {
        var dialog = Dialog(kind: .slidesFromBranches, title: "Make slides from branches")
        dialog.choiceRows = BranchSlideDepth.choices.map { [Dialog.Choice($0.title, .option("depth:\($0.depth)"))] }
        dialog.message = "A slide for the root, then one for each branch, as deep as you choose"
        present(dialog)
    }

    /// A depth was chosen: the map's first presentation, made from its branches down to it
    /// (one undo step), shown in the list.
    mutating func makeSlidesFromBranches(_ key: String) {
        guard key.hasPrefix("depth:"), let depth = Int(key.dropFirst("depth:".count)) else { return }
        present(nil)
        guard slidesAreEditable else { return refuseChange() }
        var presentations = document.presentations
        var made = Presentation.fromBranches(of: document, depth: depth)
        // why: followers find a presentation by its name, so two must not share one.
        let names = Set(presentations.map(\.name))
        var number = 2
        while names.contains(made.name) {
            made.name = "\(Presentation.branchesName) \(number)"
            number += 1
        }
        presentations.insert(made, at: 0)
        setPresentations(presentations)
        panels.chosenPresentation = 0
        panels.slideList?.scroll = 0
    }

    /// A row held by its grip follows the finger; near the list's ends the list scrolls under it.
    mutating func holdSlide(_ index: Int, at p: Vec2) {
        guard panels.slideList != nil, slidesAreEditable else { return }
        panels.slideList?.drag = SlideListState.Drag(slide: index, y: p.y)
        if let list = overlayLayout.rect(of: .slideListRows) {
            let edge = measures.targetPixels / 2
            if p.y < list.minY + edge { scrollSlideList(by: -edge / 3) } else if p.y > list.maxY - edge { scrollSlideList(by: edge / 3) }
        }
        needsRedraw = true
    }

    /// The row let go: the slide moves to the place under the finger, one undo step.
    mutating func dropSlide(_ index: Int, at p: Vec2) {
        guard let state = panels.slideList else { return }
        panels.slideList?.drag = nil
        needsRedraw = true
        guard slidesAreEditable, let slides = shownPresentation?.slides, slides.indices.contains(index),
              let list = overlayLayout.rect(of: .slideListRows) else { return }
        let to = OverlayLayout.slideLanding(y: p.y, list: list, scroll: state.scroll, rowHeight: measures.targetPixels, count: slides.count)
        guard to != index else { return }
        updatePresentation(at: currentPresentationIndex) { presentation in
            let slide = presentation.slides.remove(at: index)
            presentation.slides.insert(slide, at: to)
        }
    }
}
