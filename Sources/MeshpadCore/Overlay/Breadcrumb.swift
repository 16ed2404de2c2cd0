/// One button of the breadcrumb shown while a branch is focused: "Whole map" (no node), or a
/// node on the path from the root down to the focused one, in its first line's words (cut to
/// end in "…" when long) and their width in window pixels.
public struct Breadcrumb: Equatable, Sendable {
    public var node: NodeID?
    public var text: String
    public var width: Double

    public init(node: NodeID?, text: String, width: Double) {
        self.node = node
        self.text = text
        self.width = width
    }

    /// The words of the first crumb, which leaves the focus.
    public static let wholeMap = "Whole map"
}
