import Testing
@testable import MeshpadCore

/// The IDs' fast hash must spread keys over a dictionary's buckets (the low bits) as SipHash
/// would, even for IDs a file chose to share their low bits; otherwise opening such a file
/// turns every lookup into a walk along one long chain.
@Suite struct IntegerHashTests {
    func distinctBuckets(_ hashes: [Int], bits: Int) -> Int { Set(hashes.map { $0 & (1 << bits - 1) }).count }

    @Test(arguments: [0, 42, -7])
    func idsThatShareTheirLowBitsStillLandInDifferentBuckets(seed: Int) {
        let ids = (1...1_000).map { NodeID($0 << 17) }
        let spread = distinctBuckets(ids.map { $0._rawHashValue(seed: seed) }, bits: 17)
        #expect(spread > 990, "\(spread) buckets of 1000")
        let cells = (1...1_000).map { SpatialIndex.Cell(x: Int32($0), y: Int32(-$0)) }
        #expect(distinctBuckets(cells.map { $0._rawHashValue(seed: seed) }, bits: 17) > 990)
    }

    @Test func equalKeysHashAlikeAndSetsStillWork() {
        #expect(NodeID(5)._rawHashValue(seed: 9) == NodeID(5)._rawHashValue(seed: 9))
        let set = Set((1...10_000).map(NodeID.init))
        #expect(set.count == 10_000 && (1...10_000).allSatisfy { set.contains(NodeID($0)) })
    }
}
