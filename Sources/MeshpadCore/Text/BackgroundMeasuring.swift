import Dispatch

/// Measures nodes on a second thread while a reader goes on reading the rest of the map.
///
/// Reading a 100,000-node `.mm` keeps one core busy for about a third of a second, and
/// measuring its labels (line breaks, widths) took half as long again after it, on the same
/// core. A node's size depends only on its own text, style, icons, table and fold, all known
/// once its element ends, so the reader hands each finished node over and the second core
/// measures it meanwhile.
///
/// The sizing (and the fonts behind its measurer) is handed over whole: from `init` until
/// `finish()` returns, only the worker's queue uses it, so no font is ever used by two threads
/// at once, and the caller must not measure with it in between. `finish()` waits for the last
/// batch, which also makes everything the worker wrote visible to the caller. Nodes with a
/// picture are not measured here (the picture's size is learned later, on the main thread).
final class BackgroundMeasuring: @unchecked Sendable {
    // why @unchecked: `pending` is touched only by the thread that submits, `measured` and
    // `sizing` only on `queue` until `finish()` has waited for it; see the type's summary.
    private let sizing: NodeSizing
    private let queue = DispatchQueue(label: "meshpad measuring", qos: .userInitiated)
    private var pending: [(index: Int, node: Node)] = []
    private var measured: [(index: Int, measures: Node.Measures)] = []
    private static let batchSize = 512
    /// Set by `finish()`: the sizing is the caller's again, and nothing more may be submitted.
    private var finished = false

    /// - Parameter expected: about how many nodes will be submitted: room for their results is
    ///   made once. why: grown step by step, the buffers left behind stayed in the worker
    ///   thread's own heap among what it keeps (a 100k-node `.mm` read in the bench: 130 MiB
    ///   resident, 103 with the room made at once).
    init(sizing: NodeSizing, expected: Int = 0) {
        self.sizing = sizing
        pending.reserveCapacity(Self.batchSize)
        measured.reserveCapacity(max(0, expected))
    }

    /// Queues the node at `index` (its place in the map's node array) for measuring.
    func submit(_ node: Node, at index: Int) {
        assert(!finished, "a node submitted after finish(): the fonts are the caller's again")
        guard !finished, node.image == nil else { return }
        pending.append((index, node))
        if pending.count >= Self.batchSize { send() }
    }

    /// Waits for every node submitted to be measured; what each came to, by index.
    func finish() -> [(index: Int, measures: Node.Measures)] {
        send()
        finished = true
        return queue.sync {
            defer { measured = [] }
            return measured
        }
    }

    private func send() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        queue.async { [self] in
            for (index, node) in batch {
                var copy = node
                sizing.apply(to: &copy)
                measured.append((index, copy.measures))
            }
        }
    }
}

extension Node {
    /// What `NodeSizing` derives for a node, apart from the node: carried from the thread that
    /// measured it to the map's own copy.
    struct Measures: Equatable, Sendable {
        var size: Vec2
        var label: String
        var textSize: Vec2
        var shape: NodeShape
        var imageSize: Vec2
        var imageFound: Bool
        var edgeShape: EdgeShape
        var attributeTableSize: Vec2
        var attributeNameWidth: Double
        var isPlaceholder: Bool
    }

    /// Its derived sizes, to carry to another copy of it.
    var measures: Measures {
        Measures(size: size, label: label, textSize: textSize, shape: shape, imageSize: imageSize, imageFound: imageFound,
                 edgeShape: edgeShape, attributeTableSize: attributeTableSize, attributeNameWidth: attributeNameWidth,
                 isPlaceholder: isPlaceholder)
    }

    /// Takes on sizes measured elsewhere from this very content.
    mutating func adopt(_ measures: Measures) {
        size = measures.size
        label = measures.label
        textSize = measures.textSize
        shape = measures.shape
        setDerivedSizes(imageSize: measures.imageSize, imageFound: measures.imageFound,
                        attributeTableSize: measures.attributeTableSize, attributeNameWidth: measures.attributeNameWidth)
        edgeShape = measures.edgeShape
        isPlaceholder = measures.isPlaceholder
        isMeasured = true
    }
}
