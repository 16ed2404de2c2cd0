/// The slide list (Slides…): the presentation's slides in a panel where the outline stands, by
/// finger: a tap shows a slide's node, a drag by its grip moves it, ✕ deletes it; above them,
/// the map's presentations to choose, make, name and delete. Every change to them is one undo
/// step (`.setPresentations`), through `updatePresentation` or `setPresentations`.
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
                                    isSelected: slide.node.map { selection.contains($0) } ?? false)
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
        let firstLine = node.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return firstLine.isEmpty ? (slide.name.isEmpty ? "—" : slide.name) : firstLine
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
            var presentations = document.presentations
            presentations.insert(Presentation.fromBranches(of: document), at: 0)
            setPresentations(presentations)
            panels.chosenPresentation = 0
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
        if panels.focus != nil, let at = document.index(of: id), !filterKeeps(nodeAt: at), panels.presenting == nil { setFocus(nil) }
        select([id])
        keepInView(id)
    }

    mutating func deleteSlideInList(_ index: Int) {
        guard slidesAreEditable else { return refuseChange() }
        guard let slides = shownPresentation?.slides, slides.indices.contains(index) else { return }
        updatePresentation(at: currentPresentationIndex) { $0.slides.remove(at: index) }
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
