/// Draws the banner and the dialog into their own draw list, over the map.
public struct OverlayBuilder {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// An icon's side beside words (window pixels).
    public static let iconSide = 20.0
    /// Buttons' and panels' corners: the map's grid (window pixels).
    public static let cornerRadius = 8.0

    /// What an empty search field says.
    public static let searchHint = "Find in this map"

    /// Lays the overlay out and draws it, every layer into one list (tests; the app draws the
    /// workspace's own layout, layer by layer).
    public func build(banner: Banner?, dialog: Dialog?, chrome: Chrome = Chrome(), document: Document? = nil, viewportSize: Vec2,
                      pixelScale: Double, into list: inout DrawList) {
        let layout = OverlayLayout(banner: banner, dialog: dialog, chrome: chrome, viewportSize: viewportSize)
        build(layout, parts: layout.parts.indices, chrome: chrome, bannerIsError: banner?.isError == true, document: document,
              viewportSize: viewportSize, pixelScale: pixelScale, into: &list)
    }

    /// Draws some of a layout's parts: the very rectangles taps are tested against, pressed parts
    /// and all. A draw list draws its labels after its shapes, so what lies over the chrome (a
    /// dialog, a menu) is built into a list of its own, drawn after (`OverlayLayout.layers`).
    /// - Parameter document: the map, for the minimap's picture of it.
    public func build(_ layout: OverlayLayout, parts range: Range<Int>, chrome: Chrome, bannerIsError: Bool, document: Document? = nil,
                      viewportSize: Vec2, pixelScale: Double, into list: inout DrawList) {
        list.removeAll()
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        guard !range.isEmpty else { return }
        func device(_ r: Rect) -> Rect { Rect(x: r.minX * scale, y: r.minY * scale, width: r.width * scale, height: r.height * scale) }
        let pixelSize = theme.uiFontSize * scale
        let raster = TextRaster.rasterSize(forPixelSize: pixelSize)
        func label(_ text: String, in rect: Rect, color: RGBA, centred: Bool = false, indent: Double = 12) {
            guard !text.isEmpty else { return }
            let r = device(rect)
            let inset = indent * scale
            list.labels.append(DrawList.Label(
                text: text, center: centred ? r.center : Vec2(r.minX + inset, r.center.y), pixelSize: pixelSize,
                rasterPixelSize: raster, color: color, alignment: centred ? .center : .leading,
                // why: text starts `inset` in; on the right a small gap is enough before "…".
                maxWidth: max(0, r.width - (centred ? 0 : inset + 4 * scale))))
        }
        /// A row's words, and its `detail` at the right end in quieter, smaller words, in
        /// `detailWidth` pixels the words leave it.
        func labelWithDetail(_ part: OverlayLayout.Part, in whole: Rect, detailWidth: Double, indent: Double, detailInset: Double) {
            let width = part.detail.isEmpty ? 0 : detailWidth
            label(part.text, in: Rect(x: whole.minX, y: whole.minY, width: whole.width - width, height: whole.height), color: theme.uiText,
                  indent: indent)
            guard !part.detail.isEmpty else { return }
            let r = device(whole)
            var detail = DrawList.Label(text: part.detail, center: Vec2(r.maxX - detailInset * scale, r.center.y), pixelSize: pixelSize * 0.85,
                                        rasterPixelSize: TextRaster.rasterSize(forPixelSize: pixelSize * 0.85),
                                        color: theme.uiText.withAlpha(170), alignment: .trailing)
            detail.maxWidth = width * scale
            list.labels.append(detail)
        }
        /// An icon `iconSide` window pixels square, its left edge `inset` into `rect`, centred across it.
        func icon(_ name: String?, in rect: Rect, inset: Double, color: RGBA) {
            guard let name else { return }
            let side = Self.iconSide
            let r = device(Rect(x: rect.minX + inset, y: rect.center.y - side / 2, width: side, height: side))
            // why: whole device pixels, so the SVG is rasterised at its size and drawn 1:1, crisp.
            list.icons.append(DrawList.Icon(name: name, rect: Rect(x: r.minX.rounded(), y: r.minY.rounded(), width: r.width.rounded(),
                                                                   height: r.height.rounded()), color: color))
        }
        /// A finger-sized button's face: rounded, half a panel's corner (on the same 4-unit grid).
        func face(_ rect: Rect, _ color: RGBA) {
            // why: a smaller rounding than panels': fewer rows, and buttons are many (every frame).
            list.appendSteppedRoundedRect(device(rect), radius: Self.cornerRadius / 2 * scale, color: color)
        }
        /// A panel that floats over the map: rounded and ringed, with the map's soft shadow under
        /// it when `lifted` (menus, dialogs, panels that come and go).
        /// why: not under the chrome that is always there (toolbar, ☰, the map's name): a shadow
        /// along a toolbar the window's width was a quarter of a millisecond every frame.
        func floating(_ rect: Rect, _ color: RGBA, lifted: Bool = true) {
            let r = device(rect)
            if lifted, let shadow = theme.shadow {
                let inset = min(Self.cornerRadius * scale, r.width / 2 - 1, r.height / 2 - 1)
                list.shadows.append(DrawList.Shadow(rect: Rect(x: r.minX + inset, y: r.minY + inset + 3 * scale, width: r.width - 2 * inset,
                                                               height: r.height - 2 * inset), blur: 12 * scale + inset, color: shadow))
            }
            list.appendSteppedRoundedRect(r, radius: Self.cornerRadius * scale, color: color)
            list.appendRoundedRect(center: r.center, halfSize: Vec2(r.width / 2, r.height / 2), radius: Self.cornerRadius * scale,
                                   fill: nil, border: theme.uiText.withAlpha(40), borderWidth: max(1, scale))
        }
        var scrimDrawn = false
        let heldSlideRow = layout.parts.first { if case .slideRow = $0.role { return $0.look == .pressed } else { return false } }?.rect
        for part in layout.parts[range] {
            if !scrimDrawn && (part.role == .panel || part.role == .helpSheet) {
                // The scrim goes over the map and the chrome, under the dialog.
                list.appendRect(Rect(x: 0, y: 0, width: viewportSize.x * scale, height: viewportSize.y * scale), color: theme.uiScrim)
                scrimDrawn = true
            }
            switch part.role {
            case .toolbarPanel:
                floating(part.rect, theme.uiPanel.withAlpha(240), lifted: false)
            case .searchBar:
                list.appendRect(device(part.rect), color: theme.uiPanel.withAlpha(235))
            case .toolbar, .searchButton:
                let color: RGBA = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                face(part.rect.outset(by: -1), color)
                let text: RGBA = part.look == .on ? theme.uiPrimaryText : (part.look == .disabled ? theme.uiText.withAlpha(90) : theme.uiText)
                if part.icon != nil {
                    icon(part.icon, in: part.rect, inset: 10, color: text)
                    label(part.text, in: part.rect, color: text, indent: 10 + Self.iconSide + 6)
                } else {
                    label(part.text, in: part.rect, color: text, centred: true)
                }
            case .searchField:
                list.appendRect(device(part.rect), color: theme.uiPrimary)
                list.appendRect(device(part.rect.outset(by: -2)), color: theme.uiField)
                if part.text.isEmpty {
                    // An empty field says what it is for, greyed, after the caret.
                    label("|", in: part.rect, color: theme.uiText)
                    label(Self.searchHint, in: part.rect, color: theme.uiText.withAlpha(150), indent: 20)
                } else {
                    label(part.text + "|", in: part.rect, color: theme.uiText)
                }
            case .searchStatus:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(170))
            case .outlinePanel:
                list.appendRect(device(part.rect), color: theme.uiPanel)
                list.appendRect(device(Rect(x: part.rect.maxX - 1, y: part.rect.minY, width: 1, height: part.rect.height)), color: theme.uiButton)
            case .outlineRow:
                // Rows scroll under the panel's edges: clip them to the viewport.
                guard part.rect.maxY > 0, part.rect.minY < viewportSize.y else { continue }
                if part.look == .on { list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiPrimary.withAlpha(60)) }
                label(part.text, in: part.rect, color: theme.uiText, indent: part.indent)
            case .slideListPanel:
                list.appendRect(device(part.rect), color: theme.uiPanel)
                list.appendRect(device(Rect(x: part.rect.maxX - 1, y: part.rect.minY, width: 1, height: part.rect.height)), color: theme.uiButton)
            case .slideListTitle:
                label(part.text, in: part.rect, color: theme.uiText, indent: 4)
            case .slideListRows:
                list.appendRect(device(Rect(x: part.rect.minX, y: part.rect.minY, width: part.rect.width - 1, height: 1)), color: theme.uiButton)
            case .slideListNote:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(150), indent: 4)
            case .slideListButton, .breadcrumb:
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                list.appendRect(device(part.rect.outset(by: -1)), color: fill)
                label(part.text, in: part.rect, color: part.look == .on ? theme.uiPrimaryText : theme.uiText, centred: true)
            case .breadcrumbBar:
                list.appendRect(device(part.rect), color: theme.uiPanel.withAlpha(235))
            case .breadcrumbGap:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(150), centred: true)
            case .slideRow, .slideGrip, .slideOptions:
                let whole = part.fullRect ?? part.rect
                if part.look == .pressed {
                    // The row held follows the finger over the others: opaque, and lit.
                    list.appendRect(device(part.rect), color: theme.uiPanel)
                    list.appendRect(device(part.rect), color: theme.uiPrimary.withAlpha(70))
                } else if part.look == .on {
                    list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiPrimary.withAlpha(60))
                }
                // why: a label cannot be cut top and bottom; a row's words show while they fit in the
                // list, and not through the row held over them (labels are drawn after every shape).
                let lineHalf = theme.uiFontSize * 0.7
                let held = part.look == .pressed ? nil : heldSlideRow
                guard whole.center.y - lineHalf >= part.rect.minY, whole.center.y + lineHalf <= part.rect.maxY,
                      held.map({ !$0.intersects(Rect(x: whole.minX, y: whole.center.y - lineHalf, width: whole.width, height: 2 * lineHalf)) }) ?? true
                else { continue }
                switch part.role {
                case .slideGrip: label("≡", in: whole, color: theme.uiText.withAlpha(170), centred: true)
                case .slideOptions: label("⋯", in: whole, color: theme.uiText.withAlpha(200), centred: true)
                default:
                    // The words, then how the slide plays at the right, quieter; long words end in "…" before it.
                    labelWithDetail(part, in: whole, detailWidth: min(150, whole.width * 0.45), indent: part.indent, detailInset: 8)
                }
            case .minimapToggle, .appMenuButton:
                floating(part.rect, theme.uiPanel.withAlpha(240), lifted: false)
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                face(part.rect.outset(by: -3), fill)
                label(part.text, in: part.rect, color: part.look == .on ? theme.uiPrimaryText : theme.uiText, centred: true)
            case .menuPanel:
                floating(part.rect, theme.uiPanel)
            case .menuRow:
                if part.look == .pressed { face(part.rect, theme.uiPrimary.withAlpha(110)) }
                if part.icon != nil {
                    // The icon, the words after it; a chosen row's tick at the right end.
                    icon(part.icon, in: part.rect, inset: 14, color: theme.uiText)
                    label(part.text, in: part.rect, color: theme.uiText, indent: 14 + Self.iconSide + 12)
                    if part.look == .on {
                        label("✓", in: Rect(x: part.rect.maxX - 30, y: part.rect.minY, width: 30, height: part.rect.height), color: theme.uiText,
                              indent: 6)
                    }
                } else {
                    label((part.look == .on ? "✓ " : "") + part.text, in: part.rect, color: theme.uiText, indent: part.look == .on ? 12 : 28)
                }
            case .helpSheet:
                list.appendRect(device(part.rect), color: theme.uiPanel)
            case .keyboardPanel:
                list.appendRect(device(part.rect), color: theme.uiText.withAlpha(40))
                list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiPanel)
            case .keyboardAccents:
                list.appendRect(device(part.rect.outset(by: 1)), color: theme.uiText.withAlpha(90))
                list.appendRect(device(part.rect), color: theme.uiPanel)
            case .keyboardKey:
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                list.appendRect(device(part.rect.outset(by: -1)), color: fill)
                label(part.text, in: part.rect, color: part.look == .on ? theme.uiPrimaryText : theme.uiText, centred: true)
            case .helpText:
                label(part.text, in: part.rect, color: theme.uiText, indent: 0)
            case .minimap:
                list.appendRect(device(part.rect), color: theme.uiText.withAlpha(70))
                list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiPanel.withAlpha(240))
                guard let document else { continue }
                appendMinimap(MinimapGeometry(panel: part.rect, world: chrome.minimapWorld), view: chrome.minimapView,
                              document: document, viewportSize: viewportSize, scale: scale, into: &list)
            case .stylePanel, .filterBar:
                floating(part.rect, theme.uiPanel.withAlpha(245))
                if !part.text.isEmpty { label(part.text, in: Rect(x: part.rect.minX, y: part.rect.maxY - 20, width: part.rect.width, height: 18), color: theme.uiText.withAlpha(160), centred: true) }
            case .styleTitle:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(200), indent: 4)
            case .styleOption, .linkStyleOption, .filterOption:
                // Rounded as the buttons are; the chosen one ringed in the primary colour.
                let r = part.rect.outset(by: -1)
                if part.look == .on {
                    face(r, theme.uiPrimary)
                }
                let inner = part.look == .on ? r.outset(by: -3) : r
                if let swatch = part.swatch {
                    face(inner, theme.uiText.withAlpha(110))
                    face(inner.outset(by: -1), part.look == .disabled ? swatch.withAlpha(90) : swatch)
                } else {
                    face(inner, theme.uiButton)
                    let text: RGBA = part.look == .disabled ? theme.uiText.withAlpha(90) : theme.uiText
                    label(part.text, in: part.rect, color: text, centred: true)
                }
            case .outlineDisclosure:
                guard part.rect.maxY > 0, part.rect.minY < viewportSize.y else { continue }
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(180), centred: true)
            case .banner:
                floating(part.rect, bannerIsError ? theme.bannerError : theme.bannerInfo)
            case .bannerText:
                label(part.text, in: part.rect, color: theme.uiText)
            case .mapName:
                // A chip of its own beside the ☰ button, floating as it does.
                floating(part.rect, theme.uiPanel.withAlpha(240), lifted: false)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .statusLine:
                list.appendRect(device(part.rect.outset(by: -1)), color: theme.bannerInfo)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .bannerButton:
                list.appendRect(device(part.rect), color: part.look == .pressed ? theme.uiPrimary.withAlpha(150) : theme.uiButton)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .panel:
                floating(part.rect, theme.uiPanel)
            case .title:
                label(part.text, in: part.rect, color: theme.uiText)
            case .message:
                label(part.text, in: part.rect, color: theme.selectedBorder)
            case .field:
                list.appendRect(device(part.rect), color: theme.uiPrimary)
                list.appendRect(device(part.rect.outset(by: -2)), color: theme.uiField)
                if part.rect.height > OverlayLayout.rowHeight + 1 {
                    // A field of several lines: its `fieldLine`s are drawn over it.
                } else if part.look == .on {
                    // All of it selected: what is typed next replaces it.
                    list.appendRect(device(part.rect.outset(by: -4)), color: theme.uiPrimary.withAlpha(60))
                    label(part.text, in: part.rect, color: theme.uiText)
                } else {
                    // why: a bar after the text stands in for the caret; typing always appends.
                    label(part.text + "|", in: part.rect, color: theme.uiText)
                }
            case .keypad:
                list.appendRect(device(part.rect), color: part.look == .pressed ? theme.uiPrimary.withAlpha(150) : theme.uiButton)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .button(let action):
                let primary = action == .confirm || action == .save
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (primary ? theme.uiPrimary : theme.uiButton)
                face(part.rect, part.look == .disabled ? fill.withAlpha(110) : fill)
                let text = primary ? theme.uiPrimaryText : theme.uiText
                label(part.text, in: part.rect, color: part.look == .disabled ? text.withAlpha(150) : text, centred: true)
            case .browserList:
                list.appendRect(device(part.rect.outset(by: 1)), color: theme.uiText.withAlpha(50))
                list.appendRect(device(part.rect), color: theme.uiField)
            case .fieldLine:
                label(part.text, in: part.rect, color: theme.uiText)
            case .dialogChoice(.caption):
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(190), centred: true)
            case .dialogChoice:
                // A day chosen is filled; another month's days are quieter; a tag is a pill.
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                list.appendRect(device(part.rect.outset(by: -1)), color: fill)
                let text = part.look == .on ? theme.uiPrimaryText : (part.look == .disabled ? theme.uiText.withAlpha(150) : theme.uiText)
                label(part.text, in: part.rect, color: text, centred: true)
            case .browserScrollbar:
                let bar = device(part.rect)
                list.appendRoundedRect(center: bar.center, halfSize: bar.size / 2, radius: 2 * scale,
                                       fill: theme.uiText.withAlpha(110), border: theme.uiText.withAlpha(0), borderWidth: 0)
            case .browserRow:
                let whole = part.fullRect ?? part.rect
                if part.look == .pressed { list.appendRect(device(part.rect), color: theme.uiPrimary.withAlpha(110)) }
                if whole.maxY - 1 >= part.rect.minY && whole.maxY <= part.rect.maxY + 0.5 {
                    list.appendRect(device(Rect(x: whole.minX + 8, y: whole.maxY - 1, width: max(0, whole.width - 16), height: 1)),
                                    color: theme.uiText.withAlpha(40))
                }
                // why: a label cannot be cut top and bottom; a row's words show while they fit in the list.
                let lineHalf = theme.uiFontSize * 0.7
                if whole.center.y - lineHalf >= part.rect.minY && whole.center.y + lineHalf <= part.rect.maxY {
                    // The name, then its size and date at the right, quieter; a long name ends in "…" before them.
                    labelWithDetail(part, in: whole, detailWidth: min(230, whole.width * 0.4), indent: 16, detailInset: 16)
                }
            case .browserFormat:
                // A choice of several, the chosen one lit, as the style panel's options.
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : (part.look == .on ? theme.uiPrimary : theme.uiButton)
                list.appendRect(device(part.rect.outset(by: -1)), color: fill)
                label(part.text, in: part.rect, color: part.look == .on ? theme.uiPrimaryText : theme.uiText, centred: true)
            case .browserButton(let control):
                let primary = control == .createFolder
                let base = part.look == .on || primary ? theme.uiPrimary : theme.uiButton
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : base
                list.appendRect(device(part.rect), color: part.look == .disabled ? fill.withAlpha(110) : fill)
                let text = part.look == .on || primary ? theme.uiPrimaryText : theme.uiText
                label(part.text, in: part.rect, color: part.look == .disabled ? text.withAlpha(110) : text, centred: true)
            case .browserPath:
                // A folder's path is drawn as its bar of buttons; a place (Recent) says its name.
                if !layout.parts.contains(where: { if case .browserCrumb = $0.role { return true }; return false }) {
                    label(part.text, in: part.rect, color: theme.uiText.withAlpha(190), indent: 4)
                }
            case .browserCrumbGap:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(150), centred: true)
            case .browserCrumb:
                let fill = part.look == .pressed ? theme.uiPrimary.withAlpha(150) : theme.uiButton
                list.appendRect(device(part.rect), color: part.look == .on ? theme.uiButton.withAlpha(120) : fill)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .browserNote:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(150), centred: true)
            case .blackout:
                list.appendRect(device(part.rect), color: RGBA(0, 0, 0))
            case .slideCounter:
                // Solid: the map's words must not show through the counter.
                list.appendRect(device(part.rect), color: theme.uiPanel)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            }
        }
    }

    /// The whole map as one dot per node it covers (at most one a pixel), and the view as a
    /// tinted rectangle.
    private func appendMinimap(_ geometry: MinimapGeometry, view: Rect, document: Document, viewportSize: Vec2, scale: Double,
                               into list: inout DrawList) {
        let shown = geometry.rect(ofMap: view)
        let clip = geometry.panel.outset(by: -2)
        let x0 = max(shown.minX, clip.minX), y0 = max(shown.minY, clip.minY)
        let x1 = min(shown.maxX, clip.maxX), y1 = min(shown.maxY, clip.maxY)
        if x1 > x0, y1 > y0 {
            let r = Rect(x: x0 * scale, y: y0 * scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale)
            list.appendRect(r, color: theme.uiPrimary.withAlpha(24))
            let w = max(1.5 * scale, 1)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.maxY - w, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.maxX - w, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
        }
        list.dotColor = theme.nodeBorder
        list.resetCoverage(width: Int((viewportSize.x * scale).rounded(.up)), height: Int((viewportSize.y * scale).rounded(.up)))
        let unit = geometry.pixelsPerUnit * scale
        let folds = document.hiddenCount > 0
        for (i, node) in document.nodes.enumerated() where !(folds && document.isHidden(nodeAt: i)) {
            let p = geometry.point(ofMap: node.position)
            guard clip.contains(p) else { continue }
            list.appendDot(at: p * scale, size: Vec2(min(node.size.x * unit, 12 * scale), min(node.size.y * unit, 8 * scale)))
        }
    }
}
