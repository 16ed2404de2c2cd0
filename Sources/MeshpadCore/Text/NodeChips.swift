/// The pills under a node's text (its due day, then its tags) and its task box before the text:
/// where they are on the map. The scene draws them and the gesture recognizer hit-tests them
/// from this one geometry (a tap on the box ticks it, on the due day picks another, on a tag
/// filters the map by it).
public struct NodeChips: Equatable, Sendable {
    /// One pill: what it says, what it stands for, and where it is on the map.
    public struct Chip: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case due(CalendarDay)
            case tag(String)
        }
        public var kind: Kind
        public var text: String
        public var frame: Rect
    }

    public var chips: [Chip]
    /// The task box: the first glyph of the first line, which is the task's icon.
    public var taskBox: Rect?

    /// The part of a node a point is on.
    public enum Part: Equatable, Sendable {
        case taskBox
        case chip(Chip.Kind)
    }

    /// Pills' text, against the node's.
    public static let textScale = 0.8
    /// Space on either side of a pill's words (map units).
    public static let padding = 6.0
    /// Space between two pills (map units).
    public static let gap = 4.0

    /// A pill's height for text of `lineHeight` (the node's).
    public static func height(lineHeight: Double) -> Double { lineHeight * textScale + 6 }

    /// What a node's pills say, in order: the due day, then each tag.
    public static func texts(of node: Node) -> [(kind: Chip.Kind, text: String)] {
        var texts: [(Chip.Kind, String)] = []
        if let due = node.due { texts.append((.due(due), dueText(due))) }
        for tag in node.tags { texts.append((.tag(tag), tag)) }
        return texts
    }

    /// How a due day reads on its pill.
    public static func dueText(_ day: CalendarDay) -> String {
        "📅 \(day.day) \(CalendarDay.monthNames[day.month - 1]) \(day.year)"
    }

    /// Pills of `widths` (their words' widths) laid in rows no wider than `maxWidth`, left to
    /// right: each pill's frame from the row block's top-left, and the block's size.
    public static func arrange(widths: [Double], height: Double, maxWidth: Double) -> (frames: [Rect], size: Vec2) {
        var frames: [Rect] = []
        var x = 0.0, y = 0.0, widest = 0.0
        for width in widths {
            let w = min(width + 2 * padding, max(maxWidth, 2 * padding + 1))
            if x > 0, x + w > maxWidth {
                x = 0
                y += height + gap
            }
            frames.append(Rect(x: x, y: y, width: w, height: height))
            x += w + gap
            widest = max(widest, x - gap)
        }
        return (frames, frames.isEmpty ? .zero : Vec2(widest, y + height))
    }

    /// The pills and box of `node` drawn with its centre at `position`.
    public init(_ node: Node, at position: Vec2) {
        chips = []
        taskBox = nil
        guard !node.isPlaceholder else { return }
        if node.task != nil, node.textSize.y > 0 {
            // The box is the label's first glyph; a line's height square covers the emoji.
            let text = Rect(center: position + node.textOffset, width: node.textSize.x, height: node.textSize.y)
            let side = node.textSize.y / Double(max(node.label.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }, 1))
            taskBox = Rect(x: text.minX, y: text.minY, width: side, height: side)
        }
        let frames = node.chipFrames
        let size = node.chipsSize
        guard size.y > 0 else { return }
        let origin = position + node.chipsOffset - size / 2
        for (k, part) in Self.texts(of: node).enumerated() where k < frames.count {
            let f = frames[k]
            chips.append(Chip(kind: part.kind, text: part.text, frame: Rect(x: f.minX + origin.x, y: f.minY + origin.y, width: f.width, height: f.height)))
        }
    }

    /// The part under `mapPoint`, if any; a finger (`slack` map units) may land a little outside.
    public func part(at mapPoint: Vec2, slack: Double = 0) -> Part? {
        // The box grows for a finger away from the words only: a tap on the text is the node's.
        if let taskBox, Rect(x: taskBox.minX - slack, y: taskBox.minY - slack, width: taskBox.width + slack,
                             height: taskBox.height + 2 * slack).contains(mapPoint) { return .taskBox }
        // The nearest pill whose slackened frame holds the point.
        var best: (Chip.Kind, Double)?
        for chip in chips where chip.frame.outset(by: slack).contains(mapPoint) {
            let d = chip.frame.center.distance(to: mapPoint)
            if best.map({ d < $0.1 }) ?? true { best = (chip.kind, d) }
        }
        return best.map { .chip($0.0) }
    }
}
