/// Playing a presentation: slides shown one after another, full screen, by finger, key or clicker.
///
/// A slide is a way of looking at the map, not a change to it: its folds are one `.reveal`
/// transaction (as a search hit's are) kept for the talk and taken back at its end, its
/// "only these nodes" and "children one at a time" are a `BranchFocus`, and the camera flies.
/// On a shared map folds are everyone's, so there a slide's folds are part of its focus too.
extension Workspace {
    /// How many changes the slides' view holds before it starts afresh (see `showSlide`).
    static let slideViewChanges = 24

    /// The least zoom a slide is shown at: text of 16 px read across a room.
    static let slideReadableZoom = 1.0

    /// How far a finger travels sideways, in window pixels, for a swipe to the next or previous slide.
    static let swipePixels = 80.0
    /// A pinch that closes the fingers to this share of their first spread shows the whole map;
    /// one that opens them this much again goes back to the slide.
    static let overviewPinch = 0.75

    /// The presentation F5 plays: the one chosen in the slide list, else the map's first, else
    /// one made from the branches.
    var presentationToPlay: (name: String?, slides: [Slide]) {
        let chosen = document.presentations.indices.contains(currentPresentationIndex) ? currentPresentationIndex : 0
        if document.presentations.indices.contains(chosen) {
            let presentation = document.presentations[chosen]
            let slides = presentation.playable(in: document)
            if !slides.isEmpty { return (presentation.name, slides) }
        }
        return (nil, Presentation.fromBranches(of: document).slides)
    }

    /// Starts playing from the first slide, or from `node`'s: the slide that centres it, else the
    /// slide of the nearest branch above it that has one.
    mutating func startPresentation(from node: NodeID?) {
        if var presenting = panels.presenting {
            // F5 again starts over; Shift+F5 goes to the node's slide.
            presenting.revealed = 0
            panels.presenting = presenting
            showSlide(node.flatMap { slideIndex(for: $0, in: presenting.slides) } ?? 0)
            return
        }
        commitEditing()
        // why: the search's open folds are a view, closed first; closing the open transaction
        // before would keep them as a step of the map's history.
        if panels.search != nil { closeSearch() }
        closeOpenTransaction()
        // A screen that presents follows nobody: its own slides move its view.
        if panels.following != nil { stopFollowing(saying: nil) }
        closeMenu()
        panels.helpOpen = false
        let (name, slides) = presentationToPlay
        guard !slides.isEmpty else {
            toast("This map has no slides to show")
            return
        }
        hideKeyboard()
        panels.outline = nil
        panels.styleOpen = false
        panels.filter.isOpen = false
        let found = node.flatMap { slideIndex(for: $0, in: slides) }
        if let node, found == nil {
            toast("“\(document.node(node).map(Self.shortName) ?? "")” has no slide of its own: from the first")
        }
        let start = found ?? 0
        panels.presenting = PresentingState(name: name, slides: slides, index: start, cameraBefore: view.targetCamera,
                                            focusBefore: panels.focus, selectionBefore: selection.nodes)
        select([])
        input.recognizer.cancelAll()
        showSlide(start)
    }

    /// The slide that shows `node`: the one centring it, else the one of the nearest ancestor
    /// with a slide; nil when none does.
    func slideIndex(for node: NodeID, in slides: [Slide]) -> Int? {
        var current: NodeID? = node
        while let id = current {
            if let index = slides.firstIndex(where: { $0.node == id }) { return index }
            current = document.parent(of: id)
        }
        return nil
    }

    /// Forward: the next child of a slide that reveals them, else the next slide. Back: the last
    /// child revealed hidden again, else the slide before, shown whole.
    mutating func stepPresentation(forward: Bool) {
        guard var presenting = panels.presenting else { return }
        presenting.advancesAt = presenting.advanceSeconds.map { input.now + $0 }
        if presenting.blackedOut || presenting.overviewReturn != nil {
            // A step from black or from the whole map first brings the slide back.
            presenting.blackedOut = false
            panels.presenting = presenting
            if presenting.overviewReturn != nil { togglePresentationOverview() }
            needsRedraw = true
            return
        }
        let children = presenting.slide.flatMap { slide in slide.revealsChildren ? slide.node.map { document.children(of: $0) } : nil } ?? []
        if forward {
            if presenting.revealed < children.count {
                presenting.revealed += 1
                panels.presenting = presenting
                applySlideFocus()
            } else if presenting.index + 1 < presenting.slides.count {
                presenting.revealed = 0
                panels.presenting = presenting
                showSlide(presenting.index + 1)
            } else if presenting.advanceSeconds != nil {
                // The kiosk's loop begins again.
                presenting.revealed = 0
                panels.presenting = presenting
                showSlide(0)
            } else {
                // why: a banner would cover the top of the last slide in front of the room; the
                // counter says it quietly.
                presenting.pastEnd = true
                panels.presenting = presenting
            }
        } else {
            if presenting.revealed > 0 && !children.isEmpty {
                presenting.revealed -= 1
                panels.presenting = presenting
                applySlideFocus()
            } else if presenting.index > 0 {
                let before = presenting.slides[presenting.index - 1]
                presenting.revealed = before.revealsChildren ? before.node.map { document.children(of: $0).count } ?? 0 : 0
                panels.presenting = presenting
                showSlide(presenting.index - 1)
            } else {
                panels.presenting = presenting
            }
        }
        needsRedraw = true
    }

    /// Shows slide `index`: the last slide's folds taken back, this one's opened, its nodes alone
    /// if it says so, and the camera flown to it.
    mutating func showSlide(_ index: Int) {
        guard var presenting = panels.presenting, presenting.slides.indices.contains(index) else { return }
        presenting.index = index
        presenting.overviewReturn = nil
        presenting.blackedOut = false
        presenting.pastEnd = false
        presenting.advancesAt = presenting.advanceSeconds.map { input.now + $0 }
        panels.presenting = presenting
        // why: the slides' view keeps what each step changed (folds, and the layout's moves) so it
        // can be taken back; now and then it starts afresh, so a kiosk looping for days keeps
        // no more than a few steps' worth.
        if let open = history.open, open.purpose == .reveal, open.transaction.changes.count > Self.slideViewChanges { takeBackReveal() }
        let slide = presenting.slides[index]
        guard let node = slide.node, document.contains(node) else { return }
        openFolds(for: slide, at: node)
        if slide.zoom == nil { foldUntilReadable(node) }
        applySlideFocus()
        // The slide's node selected, as Freeplane does: the ring says what the slide is about.
        let shown = drawnNode(for: node)
        select([shown])
        view.fly(to: slideCamera(slide, at: shown), pivot: measures.viewportSize / 2)
        needsRedraw = true
    }

    /// The slide framed again for the window as it is now (it filled the screen, or turned).
    mutating func reframeSlide() {
        guard let presenting = panels.presenting, presenting.overviewReturn == nil, let slide = presenting.slide,
              let node = slide.node, document.contains(node) else { return }
        view.setCamera(slideCamera(slide, at: drawnNode(for: node)))
    }

    /// The node a slide shows for `node`: itself, or the branch that holds it when a fold hides
    /// it (a shared map's, which a presenter does not open).
    private func drawnNode(for node: NodeID) -> NodeID {
        document.isHidden(node) ? visibleAncestor(of: node) ?? document.rootID : node
    }

    /// Opens what hides the slide's node and the node itself, and folds what the slide folds, as
    /// a view taken back at the next slide. A shared map's folds are everyone's and a screen
    /// presenting sends nothing: there the slide's folds are shown as a view (`slideFocus`), and
    /// a node a fold hides is shown by the branch that holds it.
    private mutating func openFolds(for slide: Slide, at node: NodeID) {
        guard shared == nil else { return }
        var wanted: [NodeID: Bool] = [:]
        for ancestor in foldedAncestors(of: node) { wanted[ancestor] = false }
        if let folded = slide.foldedNodes {
            let closed = Set(folded)
            let branch = document.subtree(of: node)
            for id in branch { wanted[id] = closed.contains(id) }
            // Nodes beside the branch that the slide folds (its neighbours, out of the way).
            let inside = Set(branch)
            for id in folded where !inside.contains(id) && !document.isInBranch(node, of: id) { wanted[id] = true }
        } else {
            wanted[node] = false
        }
        // why: one view for the whole presentation, changed by what differs from the last slide's:
        // taking every fold back and making it again cost a quarter of a second a step at 100,000
        // nodes (neighbours folded on one slide are mostly folded on the next too).
        let before = foldsBeforeSlides
        var ids: [NodeID] = [], from: [Bool] = [], to: [Bool] = []
        for id in Set(wanted.keys).union(before.keys) {
            guard let current = document.node(id)?.folded, document.hasChildren(id) else { continue }
            let target = wanted[id] ?? before[id] ?? current
            guard target != current else { continue }
            ids.append(id)
            from.append(current)
            to.append(target)
        }
        guard !ids.isEmpty else { return }
        if history.open?.purpose != .reveal { begin("slide", for: .reveal) }
        record(.setFolded(ids: ids, from: from, to: to))
        relayoutTree()
    }

    /// The folds the slides have changed, as they were before the first: the open `.reveal`'s
    /// first word on each node.
    private var foldsBeforeSlides: [NodeID: Bool] {
        guard let open = history.open, open.purpose == .reveal else { return [:] }
        var before: [NodeID: Bool] = [:]
        for change in open.transaction.changes {
            guard case .setFolded(let ids, let from, _) = change else { continue }
            for (id, folded) in zip(ids, from) where before[id] == nil { before[id] = folded }
        }
        return before
    }

    /// A branch too big to read whole on the screen shows its node and its children, their own
    /// branches folded, as part of the slide's view: what a presenter would fold by hand. Not on
    /// a shared map, whose folds are everyone's.
    private mutating func foldUntilReadable(_ node: NodeID) {
        guard shared == nil, !document.isHidden(node), slideFitZoom(of: shownBranchBox(of: node)) < Self.slideReadableZoom else { return }
        let open = document.children(of: node).filter { document.hasChildren($0) && document.node($0)?.folded == false }
        guard !open.isEmpty else { return }
        if history.open?.purpose != .reveal { begin("slide", for: .reveal) }
        record(.setFolded(ids: open, from: open.map { _ in false }, to: open.map { _ in true }))
        relayoutTree()
    }

    /// The zoom that fits `box` on the screen as a slide is framed.
    private func slideFitZoom(of box: Rect) -> Double {
        var camera = Camera(zoomLimits: 1e-6...1e6)
        camera.frame(box, viewportSize: measures.viewportSize, marginPixels: slideMarginPixels, maxZoom: 2)
        return camera.zoom
    }

    /// The room left round a slide's branch, in window pixels.
    private var slideMarginPixels: Double {
        let size = measures.viewportSize
        return max(48, min(size.x, size.y) * 0.06)
    }

    /// The focus a slide puts in force: its nodes alone when it says so, and its children not
    /// yet revealed hidden. None on the whole map (a pinch out).
    mutating func applySlideFocus() {
        guard let presenting = panels.presenting else { return }
        guard presenting.overviewReturn == nil, let slide = presenting.slide else { return setFocus(nil) }
        setFocus(slideFocus(slide, revealed: presenting.revealed))
    }

    /// What a slide shows as a way of looking (nil: nothing hidden): its node's branch alone when
    /// it says so, its children still to come hidden, and on a shared map (whose folds are not
    /// this screen's to change) the children of the nodes it folds. The presenter's screen and
    /// every follower's work it out alike.
    func slideFocus(_ slide: Slide, revealed: Int) -> BranchFocus? {
        guard let node = slide.node, document.contains(node) else { return nil }
        let hidden = (slide.revealsChildren ? Array(document.children(of: node).dropFirst(revealed)) : []) + foldsAsView(slide, at: node)
        // A Freeplane slide may show several nodes, with or without what is below them.
        let focus = slide.showsOnlyNodes
            ? BranchFocus(node: node, alsoShown: slide.nodes.filter { $0 != node }, showsAncestors: slide.showsAncestors,
                          showsDescendants: slide.showsDescendants, hiddenBranches: hidden)
            : BranchFocus(node: nil, hiddenBranches: hidden)
        return focus.node == nil && hidden.isEmpty ? nil : focus
    }

    /// On a shared map (whose folds are not this screen's to change), the branches a slide's
    /// folds hide, to hide as a view: the children of each node it folds, but its own node's
    /// when they come one at a time anyway. None elsewhere: there the folds are made.
    private func foldsAsView(_ slide: Slide, at node: NodeID) -> [NodeID] {
        guard shared != nil, let folded = slide.foldedNodes else { return [] }
        return folded.filter { $0 != node || !slide.revealsChildren }.flatMap { document.children(of: $0) }
    }

    /// Where the camera goes for a slide: its zoom about its node when it has one, else its
    /// node's shown branch (children still to come included, so the view stays still as they
    /// come) filling the screen, no closer than twice life size.
    func slideCamera(_ slide: Slide, at node: NodeID) -> Camera {
        let size = measures.viewportSize
        var camera = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: size, clamp: measures.zoomClamp))
        // On a shared map the slide's folds are a view: what they hide is no part of the slide.
        let box = shownBranchBox(of: node, hiding: Set(foldsAsView(slide, at: node)))
        if let zoom = slide.zoom {
            camera.setZoom(zoom, about: .zero)
            let centre = slide.placedNode != nil ? (document.node(node)?.frame.center ?? box.center) : box.center
            camera.place(mapPoint: centre, atScreen: size / 2)
        } else {
            camera.frame(box, viewportSize: size, marginPixels: slideMarginPixels, maxZoom: 2)
            if camera.zoom < Self.slideReadableZoom, let frame = document.node(node)?.frame {
                // A branch too big to read whole on one screen: its node at a size read across a
                // room, at the left (or right, for a branch on the root's left) with its children
                // beside it, rather than the whole branch in specks.
                camera.setZoom(Self.slideReadableZoom, about: .zero)
                if node == document.rootID {
                    // The root stands among its branches on both sides: in the middle.
                    camera.place(mapPoint: frame.center, atScreen: size / 2)
                    return camera
                }
                let leftward = frame.center.x < (document.root.position.x)
                let x = leftward ? size.x * 0.75 : size.x * 0.25
                camera.place(mapPoint: Vec2(leftward ? frame.maxX : frame.minX, frame.center.y), atScreen: Vec2(leftward ? min(x + frame.width * camera.zoom / 2, size.x - 48) : max(x - frame.width * camera.zoom / 2, 48), size.y / 2))
            }
        }
        return camera
    }

    /// The box round a node and its descendants no fold hides, less the branches `hidden` (a
    /// shared map's slide folds as a view).
    func shownBranchBox(of node: NodeID, hiding hidden: Set<NodeID> = []) -> Rect {
        var box = document.node(node)?.frame ?? document.bounds
        var stack = [node]
        while let next = stack.popLast() {
            guard document.node(next)?.folded == false else { continue }
            for child in document.children(of: next) where !hidden.contains(child) {
                if let frame = document.node(child)?.frame { box = box.union(frame) }
                stack.append(child)
            }
        }
        return box
    }

    /// B: black, and back.
    mutating func toggleBlackScreen() {
        guard var presenting = panels.presenting else { return }
        presenting.blackedOut.toggle()
        panels.presenting = presenting
        needsRedraw = true
    }

    /// The whole map (a pinch out, O), and back to the slide as it was.
    mutating func togglePresentationOverview() {
        guard var presenting = panels.presenting else { return }
        if let back = presenting.overviewReturn {
            presenting.overviewReturn = nil
            panels.presenting = presenting
            applySlideFocus()
            view.fly(to: back, pivot: measures.viewportSize / 2)
        } else {
            // why: the slide's own camera, not the view's: a pinch has already moved the view.
            presenting.overviewReturn = presenting.slide.flatMap { slide in
                slide.node.flatMap { document.contains($0) ? slideCamera(slide, at: $0) : nil }
            } ?? view.targetCamera
            presenting.blackedOut = false
            panels.presenting = presenting
            applySlideFocus()
            view.fly(to: wholeMapCamera, pivot: measures.viewportSize / 2)
        }
        needsRedraw = true
    }

    /// The whole map in the window, no closer than life size: the presenter's overview.
    var wholeMapCamera: Camera {
        var camera = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: measures.viewportSize, clamp: measures.zoomClamp))
        camera.frame(document.bounds, viewportSize: measures.viewportSize, marginPixels: 32, maxZoom: 1)
        return camera
    }

    /// Escape: the map as it was before, its folds, focus, selection and view, and the window too.
    mutating func endPresentation() {
        guard let presenting = panels.presenting else { return }
        takeBackReveal()
        panels.presenting = nil
        setFocus(presenting.focusBefore.flatMap { focus in focus.node.map(document.contains) == false ? nil : focus })
        select(presenting.selectionBefore.filter { document.contains($0) && !document.isHidden($0) })
        view.fly(to: presenting.cameraBefore, pivot: measures.viewportSize / 2)
        input.recognizer.cancelAll()
        needsRedraw = true
    }

    /// Add to slides: the node becomes the presentation's last slide, with the folds of its
    /// branch and the zoom as they are now.
    mutating func addToSlides(_ id: NodeID) {
        guard let node = document.node(id) else { return }
        let folded = foldedNow(inBranchOf: id)
        let words = node.firstLine
        let index = currentPresentationIndex
        if document.presentations.indices.contains(index),
           let at = document.presentations[index].slides.firstIndex(where: { $0.node == id }) {
            toast("“\(Self.shortName(of: node))” is slide \(at + 1) already")
            return
        }
        let zoom = view.targetZoom
        var count = 0
        updatePresentation(at: index) { presentation in
            presentation.slides.append(Slide(name: words.isEmpty ? "Slide \(presentation.slides.count + 1)" : String(words.prefix(60)),
                                             node: id, foldedNodes: folded, zoom: zoom))
            count = presentation.slides.count
        }
        toast("Slide \(count) added: F5, or Present in the menu, plays the slides")
    }

    // MARK: - Gestures while presenting

    /// What a gesture means while a presentation plays: a swipe steps, a tap on a node jumps to
    /// it, a tap elsewhere steps on, a pinch out shows the whole map, two fingers tapped go back,
    /// a long press opens the presenter's menu. Nothing changes the map.
    mutating func applyPresenting(_ intent: Intent) -> [Request] {
        guard var presenting = panels.presenting else { return [] }
        switch intent {
        case .pan(let delta):
            presenting.swipeTravel = presenting.swipeTravel + delta
            panels.presenting = presenting
        case .setCamera(let camera):
            // A pinch moves the view under the fingers; what it meant is decided when they lift.
            if presenting.pinchStartZoom == nil { presenting.pinchStartZoom = view.camera.zoom }
            panels.presenting = presenting
            view.updateCamera { $0 = camera }
        case .select(let id, _), .toggleFold(let id), .edit(let id), .nodePart(let id, _, _), .attributeTable(let id, _),
             .openLink(let id), .openNote(let id):
            // why: a note or a link would open a dialog, which closes the slide's folds into a
            // step of the map's history; while presenting a tap on a node only goes to it.
            jumpTo(id)
        case .clearSelection, .surfaceDoubleTap, .selectEdge:
            stepPresentation(forward: true)
        case .multiFingerTap(let fingers):
            if fingers == 2 { stepPresentation(forward: false) }
        case .context(_, let position):
            openPresenterMenu(at: position)
        case .stopInertia:
            view.stopInertia()
        default:
            break
        }
        return []
    }

    /// A finger or the button lifted while presenting: a sideways swipe steps, a pinch decides.
    mutating func finishPresentingGesture() {
        guard var presenting = panels.presenting else { return }
        let travel = presenting.swipeTravel
        let pinch = presenting.pinchStartZoom
        presenting.swipeTravel = Vec2(0, 0)
        presenting.pinchStartZoom = nil
        panels.presenting = presenting
        if let start = pinch {
            let ratio = view.camera.zoom / max(start, 1e-9)
            if presenting.overviewReturn == nil && ratio <= Self.overviewPinch {
                togglePresentationOverview()
            } else if presenting.overviewReturn != nil && ratio >= 1 / Self.overviewPinch {
                togglePresentationOverview()
            } else if presenting.overviewReturn != nil {
                // Not far enough: the view springs back to where it was.
                view.fly(to: wholeMapCamera, pivot: measures.viewportSize / 2)
            } else if let slide = presenting.slide, let node = slide.node, document.contains(node) {
                view.fly(to: slideCamera(slide, at: node), pivot: measures.viewportSize / 2)
            }
            return
        }
        guard abs(travel.x) >= Self.swipePixels, abs(travel.x) > abs(travel.y) * 1.5 else { return }
        // Like turning a page: a swipe to the left brings the next slide.
        stepPresentation(forward: travel.x < 0)
    }

    /// A tap on a node while presenting: its slide, else the view flies to it as it is.
    mutating func jumpTo(_ id: NodeID) {
        guard let presenting = panels.presenting else { return }
        if let index = presenting.slides.firstIndex(where: { $0.node == id }) {
            var state = presenting
            state.revealed = 0
            panels.presenting = state
            showSlide(index)
            return
        }
        guard let node = document.node(id), !document.isHidden(id) else { return }
        var camera = view.targetCamera
        camera.place(mapPoint: node.frame.center, atScreen: measures.viewportSize / 2)
        view.fly(to: camera, pivot: measures.viewportSize / 2)
    }

    /// The presenter's menu's rows: every action a presentation's keys reach, for a finger.
    static let presenterMenu: [Action] = [.nextSlide, .previousSlide, .presentationOverview, .blackScreen, .endPresentation]

    /// The presenter's menu (a long press while presenting): stepping, the whole map, black,
    /// and the way out.
    mutating func openPresenterMenu(at position: Vec2) {
        let rows = Self.presenterMenu.map { action in
            Menu.Row(item: .action(action), title: action == .presentationOverview && panels.presenting?.overviewReturn != nil ? "Back to the slide" : action.title)
        }
        showMenu(Menu(kind: .context(.surface(view.camera.mapPoint(ofScreen: position))), anchor: position,
                      byFinger: input.lastInputWasTouch, rows: rows, labelWidth: 0))
    }

    /// The kiosk's attract loop: the next slide when it is due.
    mutating func tickPresentation(at time: Double) {
        guard let presenting = panels.presenting, let due = presenting.advancesAt, time >= due else { return }
        stepPresentation(forward: true)
    }
}

extension Workspace {
    /// What this screen tells those following it: its view, and its slide while presenting.
    public var presenterView: PresenterView {
        let camera = view.targetCamera
        let size = measures.viewportSize
        var shown = PresenterView(center: camera.mapPoint(ofScreen: size / 2), span: size / camera.zoom)
        if let presenting = panels.presenting {
            shown.presentation = presenting.name
            shown.slide = presenting.index
            shown.revealed = presenting.revealed
            shown.blackedOut = presenting.blackedOut
        }
        return shown
    }

    /// Shows what a followed screen shows: its part of the map fitted to this window, and its
    /// slide's nodes alone or children to come, and black when it is black. Folds are the map's
    /// own on a shared map, so they need no following.
    mutating func showFollowed(_ followed: PresenterView) {
        guard followed.center.isFinite, followed.span.isFinite, followed.span.x > 0, followed.span.y > 0 else { return }
        let size = measures.viewportSize
        var camera = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: size, clamp: measures.zoomClamp))
        camera.frame(Rect(x: followed.center.x - followed.span.x / 2, y: followed.center.y - followed.span.y / 2,
                          width: followed.span.x, height: followed.span.y), viewportSize: size, marginPixels: 0, maxZoom: camera.zoomLimits.upperBound)
        view.fly(to: camera, pivot: size / 2)
        panels.followedSlide = nil
        if let index = followed.slide {
            let slides = followed.presentation.flatMap { name in document.presentations.first { $0.name == name } }?.playable(in: document)
                ?? Presentation.fromBranches(of: document).slides
            if slides.indices.contains(index) {
                panels.followedSlide = FollowedSlide(slide: slides[index], index: index, count: slides.count,
                                                     revealed: followed.revealed, blackedOut: followed.blackedOut)
            }
        }
        if let shown = panels.followedSlide {
            setFocus(slideFocus(shown.slide, revealed: shown.revealed))
        } else if panels.focus != nil {
            setFocus(nil)
        }
        needsRedraw = true
    }
}

extension Workspace {
    /// The chrome of a presentation playing here or followed from another screen: its counter
    /// (with how many follow), and black. Nil when neither.
    var presentingChrome: PresentingChrome? {
        func chrome(_ counter: String, blackedOut: Bool) -> PresentingChrome {
            PresentingChrome(counter: counter, counterWidth: measures.sizing.measurer.width(of: counter[...]), blackedOut: blackedOut)
        }
        if let presenting = panels.presenting {
            let followers = followerCount
            return chrome(presenting.counter + (followers > 0 ? "  ·  \(followers) following" : ""), blackedOut: presenting.blackedOut)
        }
        if let followed = panels.followedSlide, panels.following != nil {
            return chrome("\(followed.index + 1) / \(followed.count)", blackedOut: followed.blackedOut)
        }
        return nil
    }
}

extension Workspace {
    /// The kiosk's attract loop is playing the slides.
    public var isPlayingAttract: Bool { panels.presenting?.advanceSeconds != nil }

    /// The kiosk is idle: the presentation plays in a loop, a slide every `seconds`.
    mutating func playAttractPresentation(everySeconds seconds: Double) {
        guard panels.presenting == nil, seconds.isFinite, seconds > 0 else { return }
        startPresentation(from: nil)
        guard var presenting = panels.presenting else { return }
        presenting.advanceSeconds = seconds
        presenting.advancesAt = input.now + seconds
        panels.presenting = presenting
    }

    /// A visitor touched the kiosk: the slides stop, and the map is theirs.
    mutating func endAttractPresentation() {
        if isPlayingAttract { endPresentation() }
    }
}
