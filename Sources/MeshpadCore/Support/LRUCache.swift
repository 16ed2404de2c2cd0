/// A least-recently-used cache bounded by a total cost (bytes, say) and an entry count.
///
/// Lookups and inserts are O(1): entries sit in a doubly linked list threaded through an
/// array, most recently used at the head. `insert` returns what it evicted so the owner can
/// free resources (the platform's text cache destroys the evicted textures).
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
        /// `clock` when it was last used.
        var stamp: Int
    }

    public let costLimit: Int
    public let countLimit: Int
    public private(set) var totalCost = 0

    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [Key: Int] = [:]
    private var head = -1
    private var tail = -1

    public init(costLimit: Int, countLimit: Int = .max) {
        self.costLimit = costLimit
        self.countLimit = max(1, countLimit)
    }

    public var count: Int { slotByKey.count }

    /// The owner's notion of time (frames drawn, say): entries remember when they were last
    /// used, and `evict(unusedSince:)` drops those not used since a given time.
    public var clock = 0

    /// The cached value, marked as most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slotByKey[key], let entry = slots[slot] else { return nil }
        moveToFront(slot)
        slots[slot]?.stamp = clock
        return entry.value
    }

    /// Stores `value`, then evicts least recently used entries until both limits hold again.
    /// The entry just inserted is never evicted, even if it alone exceeds the cost limit.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Value] {
        var evicted: [Value] = []
        if let old = removeValue(for: key) { evicted.append(old) }
        let entry = Entry(key: key, value: value, cost: cost, previous: -1, next: head, stamp: clock)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        if head >= 0 { slots[head]?.previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        slotByKey[key] = slot
        totalCost += cost
        while (totalCost > costLimit || count > countLimit), tail >= 0, tail != head, let last = slots[tail] {
            if let value = removeValue(for: last.key) { evicted.append(value) }
        }
        return evicted
    }

    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = slotByKey.removeValue(forKey: key), let entry = slots[slot] else { return nil }
        unlink(slot, entry)
        slots[slot] = nil
        freeSlots.append(slot)
        totalCost -= entry.cost
        return entry.value
    }

    /// Drops every entry not used since `time` (on `clock`) and returns them: least recently
    /// used first, so it stops at the first entry used since.
    public mutating func evict(unusedSince time: Int) -> [Value] {
        var evicted: [Value] = []
        while tail >= 0, let last = slots[tail], last.stamp < time {
            if let value = removeValue(for: last.key) { evicted.append(value) }
        }
        return evicted
    }

    /// Empties the cache and returns every value it held.
    public mutating func removeAll() -> [Value] {
        let values = slots.compactMap { $0?.value }
        slots.removeAll()
        freeSlots.removeAll()
        slotByKey.removeAll()
        head = -1
        tail = -1
        totalCost = 0
        return values
    }

    private mutating func unlink(_ slot: Int, _ entry: Entry) {
        if entry.previous >= 0 { slots[entry.previous]?.next = entry.next } else { head = entry.next }
        if entry.next >= 0 { slots[entry.next]?.previous = entry.previous } else { tail = entry.previous }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != head, let entry = slots[slot] else { return }
        unlink(slot, entry)
        slots[slot]?.previous = -1
        slots[slot]?.next = head
        if head >= 0 { slots[head]?.previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
