import Foundation
import MeshpadCore
import MeshpadPostgres
import MeshpadSDL

/// `meshpad bench --db URL`: how fast shared maps are on a real database.
///
/// Latency: 20 screens (each its own connection and network thread, as an app has) each make a
/// change 5 times a second for 6 seconds; for every change, the time from handing it to the
/// network thread to its arrival at one watching screen, p50 and p99. Opening: a procedural map
/// of N nodes shared, then opened (snapshot read, log carried out) against reading the same map
/// from a `.meshpad` file. Everything it shares is deleted afterwards.
public enum SharedBench {
    public struct Result: Sendable {
        public var latencies: [Double]
        public var openSeconds: Double
        public var fileSeconds: Double
        public var nodes: Int
    }

    public static func run(_ address: DatabaseAddress, nodes: Int) throws(SharedMapError) -> Result {
        let connection = try PGConnection(address)
        let database = SharedMapDatabase(connection: connection)
        try database.initialize()
        let store = SharedMapStore(connection: connection)
        let tag = "bench-\(getpid())-\(Int(Date().timeIntervalSince1970))"
        defer { _ = try? connection.execute("DELETE FROM meshpad_maps WHERE name LIKE $1", [tag + "%"], doing: "cleaning up") }
        try store.share(Document.sample(), as: tag + "-latency")
        let latencies = try measureLatency(SharedMapName(address: address, name: tag + "-latency"))

        let large = Document.procedural(nodeCount: nodes, seed: 1)
        try store.share(large, as: tag + "-large")
        let start = Date()
        _ = try SharedMapOpening.open(SharedMapName(address: address, name: tag + "-large"))
        let openSeconds = Date().timeIntervalSince(start)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(tag).meshpad").path
        defer { unlink(file) }
        var fileSeconds = 0.0
        do {
            try AtomicFile.write(try NativeFormat.encode(large), to: file, keepBackup: false)
            let fileStart = Date()
            _ = try MapFile.read(file)
            fileSeconds = Date().timeIntervalSince(fileStart)
        } catch {
            fileSeconds = .nan
        }
        return Result(latencies: latencies, openSeconds: openSeconds, fileSeconds: fileSeconds, nodes: nodes)
    }

    /// One line a figure, as `make bench` prints them.
    public static func lines(_ result: Result) -> [String] {
        let sorted = result.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] * 1000
        }
        return [
            String(format: "collaboration: 20 screens x 5 changes/s on this database, command to another screen's map: p50 %.1f ms, p99 %.1f ms (%d changes)",
                   percentile(0.5), percentile(0.99), sorted.count),
            String(format: "opening a shared %d-node map: %.2f s (the same map from a .meshpad file: %.2f s, %.1fx)",
                   result.nodes, result.openSeconds, result.fileSeconds, result.openSeconds / result.fileSeconds),
        ]
    }

    private static func measureLatency(_ shared: SharedMapName) throws(SharedMapError) -> [Double] {
        var screens: [SharedScreen] = []
        for _ in 0..<20 { screens.append(try SharedScreen(shared)) }
        defer { screens.forEach { $0.link.stop() } }
        Thread.sleep(forTimeInterval: 0.5)
        var sentAt: [String: Date] = [:]
        var latencies: [Double] = []
        let start = Date()
        var tick = 0
        var random = SeededGenerator(seed: 5)
        // why: 20 screens x 5 a second is one change every 10 ms, made by the screens in turn;
        // screen 0 only watches.
        while Date().timeIntervalSince(start) < 6.5 {
            if Date() >= start.addingTimeInterval(Double(tick) * 0.01), Date().timeIntervalSince(start) < 6 {
                let screen = screens[1 + tick % (screens.count - 1)]
                let ids = screen.document.nodes.map(\.id)
                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                screen.make("text", [.setText(node: id, from: screen.document.node(id)?.text ?? "", to: "change \(tick)")])
                tick += 1
            }
            for (k, screen) in screens.enumerated() {
                let now = Date()
                let (sent, received) = screen.service()
                for operation in sent { sentAt[operation.id] = now }
                guard k == 0 else { continue }
                for entry in received {
                    if let made = sentAt.removeValue(forKey: entry.operation.id) {
                        latencies.append(now.timeIntervalSince(made))
                    }
                }
            }
            usleep(500)
        }
        return latencies
    }
}
