/// What the slide list panel shows this frame: the presentation's name, the map's
/// presentations to choose among, the buttons it offers, and its slides. Built by the
/// workspace (which measures the words), laid out by `OverlayLayout`, drawn by `OverlayBuilder`.
public struct SlideListChrome: Equatable, Sendable {
    /// One slide's row: its place in the presentation and its words.
    public struct Row: Equatable, Sendable {
        public var number: Int
        public var text: String
        /// Its node is selected.
        public var isSelected: Bool
        /// How it plays, in quieter words at the right ("one by one · alone"); empty when plainly.
        public var detail = ""
    }

    /// A button above the list, its words and their width in window pixels.
    public struct Button: Equatable, Sendable {
        public var control: SlideListControl
        public var text: String
        public var width: Double
        /// Lit: the presentation shown, among the map's.
        public var isOn = false
    }

    /// The presentation's name, or what to do when the map has none.
    public var title: String
    /// Close, always; then the presentations to choose among (when there are several) and what
    /// a person may do (none in a read-only map or a kiosk).
    public var close: Button
    public var choices: [Button] = []
    public var buttons: [Button] = []
    public var rows: [Row] = []
    /// Rows may be moved by their grips and changed through their ⋯.
    public var editable = false
    /// What an empty list says.
    public var note: String?
    public var scroll = 0.0
    public var drag: SlideListState.Drag?

    public init(title: String, close: Button) {
        self.title = title
        self.close = close
    }
}
