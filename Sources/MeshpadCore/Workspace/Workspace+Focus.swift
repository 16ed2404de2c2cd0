import Foundation

/// Focus on a branch: one branch shown alone, with a breadcrumb back up to the root.
///
/// A focus is a way of looking, as a filter is: it changes nothing in the map, opens no
/// transaction, and Undo does not see it; a file saved or exported holds the whole map. What it
/// hides is not drawn, not tapped and not selected (`refreshFilter` joins it to the filter's).
extension Workspace {
    /// Shows `id`'s branch alone, framed in the window.
    mutating func focus(onBranch id: NodeID) {
        guard document.contains(id) else { return }
        commitEditing()
        setFocus(BranchFocus(node: id))
        zoomToFit()
    }

    /// The whole map again, framed in the window.
    mutating func leaveFocus() {
        guard panels.focus != nil else { return }
        setFocus(nil)
        zoomToFit()
    }

    /// Puts a focus in force (nil: none), working out what it shows; the view stays where it is.
    mutating func setFocus(_ focus: BranchFocus?) {
        panels.focus = focus
        panels.focusShownKey = .max
        panels.shownTogether = nil
        refreshFilter()
        needsRedraw = true
    }

    /// What the focus shows, worked out again when the map's content or the focus changed. A
    /// focus on a node the map no longer has ends by itself: true then, when no presentation
    /// plays (whose slides move the view themselves), so the view goes back to the whole map.
    mutating func refreshFocus() -> Bool {
        guard let focus = panels.focus else {
            panels.focusShown = nil
            panels.shownTogether = nil
            return false
        }
        if let node = focus.node, !document.contains(node) {
            panels.focus = nil
            panels.focusShown = nil
            panels.shownTogether = nil
            needsRedraw = true
            return panels.presenting == nil
        }
        // why: only the tree decides what a focus shows; a drag works nothing out again.
        guard panels.focusShownKey != document.contentKey else { return false }
        panels.focusShown = focus.shown(in: document)
        panels.focusShownKey = document.contentKey
        panels.shownTogether = nil
        // why: a node made while a branch is in focus (a sibling of the focused node, a free
        // node) is the one being typed in: the focus widens to its parent's branch, or ends.
        if panels.presenting == nil, let typed = editing?.node, let at = document.index(of: typed),
           let shown = panels.focusShown, at < shown.count, !shown[at] {
            if let parent = document.parent(of: typed) {
                panels.focus?.node = parent
                panels.focusShown = panels.focus?.shown(in: document)
            } else {
                panels.focus = nil
                panels.focusShown = nil
            }
            needsRedraw = true
        }
        return false
    }

    /// What a finger and the keys reach: a hiding filter's nodes (`filter`, nil for none) that
    /// the focus shows too; worked out once for both and kept while neither changes.
    mutating func shownTogether(filter: [Bool]?) -> [Bool]? {
        guard let focus = panels.focus, let focusShown = panels.focusShown else { return filter }
        guard let filter else { return focusShown }
        let key = ShownTogetherKey(filterKey: panels.filter.resultKey, filter: panels.filter.filter,
                                   focusKey: panels.focusShownKey, focus: focus)
        if let together = panels.shownTogether, together.key == key { return together.shown }
        let shown = zip(filter, focusShown).map { $0 && $1 }
        panels.shownTogether = (key, shown)
        return shown
    }

    /// What the focus shows this frame, for the scene (nil: it hides nothing).
    var focusShownForScene: [Bool]? {
        panels.focus != nil && panels.focusShownKey == document.contentKey ? panels.focusShown : nil
    }

    // MARK: - The breadcrumb

    /// The widest a crumb's words may be, in window pixels, before they end in "…".
    static let crumbMaxWords = 200.0

    /// The breadcrumb while a branch is focused and no presentation plays: "Whole map", then
    /// each node from the root down to the focused one in its first line's words.
    var breadcrumb: [Breadcrumb]? {
        guard panels.presenting == nil, let node = panels.focus?.node, document.contains(node) else { return nil }
        var path = [node]
        while let up = document.parent(of: path[0]), path.count <= document.nodes.count { path.insert(up, at: 0) }
        let measurer = measures.sizing.measurer
        func crumb(_ id: NodeID?, _ words: String) -> Breadcrumb {
            let width = measurer.width(of: words[...])
            guard width > Self.crumbMaxWords,
                  let cut = Ellipsis.shortened(words, wholeWidth: width, maxWidth: Self.crumbMaxWords, tries: 8, width: { measurer.width(of: $0[...]) })
            else { return Breadcrumb(node: id, text: words, width: min(width, Self.crumbMaxWords)) }
            return Breadcrumb(node: id, text: cut, width: min(measurer.width(of: cut[...]), Self.crumbMaxWords))
        }
        return [crumb(nil, Breadcrumb.wholeMap)] + path.map { id in
            let firstLine = document.node(id)?.firstLine ?? ""
            return crumb(id, firstLine.isEmpty ? "—" : firstLine)
        }
    }

    /// A tap on the breadcrumb: "Whole map" leaves the focus, an ancestor is focused on, and the
    /// focused node's own crumb frames its branch again.
    mutating func tapCrumb(_ node: NodeID?) {
        guard let node else { return leaveFocus() }
        if node == panels.focus?.node { return zoomToFit() }
        focus(onBranch: node)
    }
}

/// What the shown-together mask was worked out from.
struct ShownTogetherKey: Equatable {
    var filterKey: UInt64
    var filter: MapFilter
    var focusKey: UInt64
    var focus: BranchFocus
}
