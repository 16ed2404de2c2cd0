/// How the values a `Change` holds are written in a change record: compact, with stable IDs,
/// and without what is derived (a node's size and line breaks depend on the fonts at hand, so a
/// node read back is measured again where it is applied).
/// An ID written as its number.
protocol NumberedID: Codable {
    var rawValue: Int { get }
    init(_ rawValue: Int)
}

extension NumberedID {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension NodeID: NumberedID {}

extension EdgeID: NumberedID {}

/// `[x, y]`.
extension Vec2: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(try container.decode(Double.self), try container.decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
    }
}

/// `"#rrggbb"` or `"#rrggbbaa"`, as the file formats write colours.
extension RGBA: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let colour = RGBA(hexString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a colour like #2e7d32")
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}

extension Edge.Kind: Codable {}

extension Edge.Arrows: Codable {}

extension Edge: Codable {
    private enum CodingKeys: String, CodingKey { case id, from, to, kind, arrows, label, sourceLabel, targetLabel, color, width, dash }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let look = LinkLook(label: try c.decodeIfPresent(String.self, forKey: .label),
                            arrows: try c.decodeIfPresent(Arrows.self, forKey: .arrows) ?? [],
                            sourceLabel: try c.decodeIfPresent(String.self, forKey: .sourceLabel),
                            targetLabel: try c.decodeIfPresent(String.self, forKey: .targetLabel),
                            color: try c.decodeIfPresent(RGBA.self, forKey: .color),
                            width: try c.decodeIfPresent(Double.self, forKey: .width),
                            dash: try c.decodeIfPresent([Double].self, forKey: .dash))
        self.init(id: try c.decode(EdgeID.self, forKey: .id), from: try c.decode(NodeID.self, forKey: .from),
                  to: try c.decode(NodeID.self, forKey: .to), kind: try c.decode(Kind.self, forKey: .kind), look: look)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(look.label, forKey: .label)
        if !look.arrows.isEmpty { try c.encode(look.arrows, forKey: .arrows) }
        try c.encodeIfPresent(look.sourceLabel, forKey: .sourceLabel)
        try c.encodeIfPresent(look.targetLabel, forKey: .targetLabel)
        try c.encodeIfPresent(look.color, forKey: .color)
        try c.encodeIfPresent(look.width, forKey: .width)
        try c.encodeIfPresent(look.dash, forKey: .dash)
    }
}

/// A node's details, each left out when empty, so older records (without summary marks, a
/// picture or its size, tags or a due day) read as they were written.
extension NodeDetails: Codable {
    private enum CodingKeys: String, CodingKey { case note, link, icons, side, sourceID, image, imageScale, summaryMarks, tags, due }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(note: try c.decodeIfPresent(String.self, forKey: .note) ?? "", link: try c.decodeIfPresent(String.self, forKey: .link),
                  icons: try c.decodeIfPresent([String].self, forKey: .icons) ?? [],
                  side: try c.decodeIfPresent(Node.Side.self, forKey: .side), sourceID: try c.decodeIfPresent(String.self, forKey: .sourceID),
                  image: try c.decodeIfPresent(String.self, forKey: .image),
                  imageScale: try c.decodeIfPresent(Double.self, forKey: .imageScale),
                  summaryMarks: try c.decodeIfPresent(SummaryMarks.self, forKey: .summaryMarks) ?? [],
                  tags: try c.decodeIfPresent([String].self, forKey: .tags) ?? [],
                  due: try c.decodeIfPresent(CalendarDay.self, forKey: .due))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(note, forKey: .note)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encode(icons, forKey: .icons)
        try c.encodeIfPresent(side, forKey: .side)
        try c.encodeIfPresent(sourceID, forKey: .sourceID)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encodeIfPresent(imageScale, forKey: .imageScale)
        if !summaryMarks.isEmpty { try c.encode(summaryMarks, forKey: .summaryMarks) }
        if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
        try c.encodeIfPresent(due, forKey: .due)
    }
}

/// Everything a file stores about a node; its derived sizes are left out.
extension Node: Codable {
    private enum CodingKeys: String, CodingKey { case id, text, position, folded, style, details, attributes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(NodeID.self, forKey: .id), text: try c.decode(String.self, forKey: .text),
                  position: try c.decode(Vec2.self, forKey: .position),
                  folded: try c.decodeIfPresent(Bool.self, forKey: .folded) ?? false)
        style = try c.decodeIfPresent(NodeStyle.self, forKey: .style) ?? NodeStyle()
        details = try c.decodeIfPresent(NodeDetails.self, forKey: .details) ?? NodeDetails()
        attributes = try c.decodeIfPresent(AttributeTable.self, forKey: .attributes) ?? AttributeTable()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(text, forKey: .text)
        try c.encode(position, forKey: .position)
        if folded { try c.encode(folded, forKey: .folded) }
        if !style.isPlain { try c.encode(style, forKey: .style) }
        if details != NodeDetails() { try c.encode(details, forKey: .details) }
        if attributes != AttributeTable() { try c.encode(attributes, forKey: .attributes) }
    }
}
