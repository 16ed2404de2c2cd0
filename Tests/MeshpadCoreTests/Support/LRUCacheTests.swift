import Testing
@testable import MeshpadCore

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsedFirst() {
        var cache = LRUCache<String, Int>(costLimit: 3)
        cache.insert(1, for: "a", cost: 1)
        cache.insert(2, for: "b", cost: 1)
        cache.insert(3, for: "c", cost: 1)
        #expect(cache.value(for: "a") == 1)
        let evicted = cache.insert(4, for: "d", cost: 1)
        #expect(evicted == [2])
        #expect(cache.value(for: "b") == nil)
        #expect(cache.count == 3)
        #expect(cache.totalCost == 3)
    }

    @Test(arguments: 1...12)
    func staysWithinBothLimits(limit: Int) {
        var cache = LRUCache<Int, Int>(costLimit: limit * 10, countLimit: limit)
        var live = Set<Int>()
        for i in 0..<200 {
            live.insert(i)
            for gone in cache.insert(i, for: i, cost: (i % 7) + 1) { live.remove(gone) }
            #expect(cache.count <= limit)
            #expect(cache.totalCost <= limit * 10)
            #expect(cache.count == live.count)
        }
    }

    @Test func reinsertingAKeyReplacesIt() {
        var cache = LRUCache<String, Int>(costLimit: 100)
        cache.insert(1, for: "a", cost: 10)
        #expect(cache.insert(2, for: "a", cost: 20) == [1])
        #expect(cache.value(for: "a") == 2)
        #expect(cache.totalCost == 20)
    }

    @Test func anOversizedEntryIsKeptAlone() {
        var cache = LRUCache<String, Int>(costLimit: 5)
        cache.insert(1, for: "small", cost: 1)
        #expect(cache.insert(2, for: "huge", cost: 50) == [1])
        #expect(cache.value(for: "huge") == 2)
    }

    @Test func removeAllReturnsEverything() {
        var cache = LRUCache<Int, Int>(costLimit: 100)
        for i in 0..<5 { cache.insert(i, for: i, cost: 1) }
        #expect(cache.removeAll().sorted() == [0, 1, 2, 3, 4])
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }
}
