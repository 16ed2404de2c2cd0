/// Draws the banner and the dialog into their own draw list, over the map.
public struct OverlayBuilder {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func build(banner: Banner?, dialog: Dialog?, chrome: Chrome = Chrome(), viewportSize: Vec2, pixelScale: Double,
                      into list: inout DrawList) {
        list.removeAll()
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let layout = OverlayLayout(banner: banner, dialog: dialog, chrome: chrome, viewportSize: viewportSize)
        guard !layout.parts.isEmpty else { return }
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
                maxWidth: max(0, r.width - (centred ? 0 : 2 * inset))))
        }
        var scrimDrawn = false
        for part in layout.parts {
            if dialog != nil && !scrimDrawn && part.role == .panel {
                // The scrim goes over the map and the chrome, under the dialog.
                list.appendRect(Rect(x: 0, y: 0, width: viewportSize.x * scale, height: viewportSize.y * scale), color: theme.uiScrim)
                scrimDrawn = true
            }
            switch part.role {
            case .toolbarPanel, .searchBar:
                list.appendRect(device(part.rect), color: theme.uiPanel.withAlpha(235))
            case .toolbar, .searchButton:
                let color: RGBA = part.look == .on ? theme.uiPrimary : theme.uiButton
                list.appendRect(device(part.rect.outset(by: -1)), color: color)
                let text: RGBA = part.look == .on ? theme.uiPrimaryText : (part.look == .disabled ? theme.uiText.withAlpha(90) : theme.uiText)
                label(part.text, in: part.rect, color: text, centred: true)
            case .searchField:
                list.appendRect(device(part.rect), color: theme.uiPrimary)
                list.appendRect(device(part.rect.outset(by: -2)), color: theme.uiField)
                label(part.text + "|", in: part.rect, color: theme.uiText)
            case .searchStatus:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(170))
            case .outlinePanel:
                list.appendRect(device(part.rect), color: theme.uiPanel.withAlpha(245))
                list.appendRect(device(Rect(x: part.rect.maxX - 1, y: part.rect.minY, width: 1, height: part.rect.height)), color: theme.uiButton)
            case .outlineRow:
                // Rows scroll under the panel's edges: clip them to the viewport.
                guard part.rect.maxY > 0, part.rect.minY < viewportSize.y else { continue }
                if part.look == .on { list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiPrimary.withAlpha(60)) }
                label(part.text, in: part.rect, color: theme.uiText, indent: part.indent)
            case .stylePanel:
                list.appendRect(device(part.rect), color: theme.uiPanel.withAlpha(245))
                if !part.text.isEmpty { label(part.text, in: Rect(x: part.rect.minX, y: part.rect.maxY - 20, width: part.rect.width, height: 18), color: theme.uiText.withAlpha(160), centred: true) }
            case .styleTitle:
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(200), indent: 4)
            case .styleOption:
                let r = part.rect.outset(by: -1)
                if part.look == .on {
                    list.appendRect(device(r), color: theme.uiPrimary)
                }
                let inner = part.look == .on ? r.outset(by: -3) : r
                if let swatch = part.swatch {
                    list.appendRect(device(inner), color: theme.uiText.withAlpha(110))
                    list.appendRect(device(inner.outset(by: -1)), color: part.look == .disabled ? swatch.withAlpha(90) : swatch)
                } else {
                    list.appendRect(device(inner), color: theme.uiButton)
                    let text: RGBA = part.look == .disabled ? theme.uiText.withAlpha(90) : theme.uiText
                    label(part.text, in: part.rect, color: text, centred: true)
                }
            case .outlineDisclosure:
                guard part.rect.maxY > 0, part.rect.minY < viewportSize.y else { continue }
                label(part.text, in: part.rect, color: theme.uiText.withAlpha(180), centred: true)
            case .banner:
                list.appendRect(device(part.rect), color: banner?.isError == true ? theme.bannerError : theme.bannerInfo)
            case .bannerText:
                label(part.text, in: part.rect, color: theme.uiText)
            case .bannerButton:
                list.appendRect(device(part.rect), color: theme.uiButton)
                label(part.text, in: part.rect, color: theme.uiText, centred: true)
            case .panel:
                list.appendRect(device(part.rect), color: theme.uiPanel)
            case .title:
                label(part.text, in: part.rect, color: theme.uiText)
            case .message:
                label(part.text, in: part.rect, color: theme.selectedBorder)
            case .field:
                list.appendRect(device(part.rect), color: theme.uiPrimary)
                list.appendRect(device(part.rect.outset(by: -2)), color: theme.uiField)
                // why: a bar after the text stands in for the caret; typing always appends.
                label(part.text + "|", in: part.rect, color: theme.uiText)
            case .recent:
                list.appendRect(device(part.rect.outset(by: -1)), color: theme.uiButton.withAlpha(120))
                label(part.text, in: part.rect, color: theme.uiText)
            case .button(let action):
                let primary = action == .confirm || action == .save
                list.appendRect(device(part.rect), color: primary ? theme.uiPrimary : theme.uiButton)
                label(part.text, in: part.rect, color: primary ? theme.uiPrimaryText : theme.uiText, centred: true)
            }
        }
    }
}
