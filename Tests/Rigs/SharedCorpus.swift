import Foundation
import Testing

/// The maps corpus beside the project (`../shared/maps`): maps written by Freeplane and real
/// maps from public repositories, read in place, never copied into the project.
///
/// A clone of the project alone has no corpus: every test that reads it carries
/// `.needsSharedMaps`, and skips with one line naming what is missing; nothing else skips.
/// `MESHPAD_SHARED_MAPS` points elsewhere (a path that does not exist checks the skipping).
package enum SharedCorpus {
    /// The corpus folder: `$MESHPAD_SHARED_MAPS`, else `../shared/maps` beside the project.
    package static let maps: URL = {
        if let path = ProcessInfo.processInfo.environment["MESHPAD_SHARED_MAPS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // This file is Tests/Rigs/SharedCorpus.swift: the project is two folders up, the corpus beside it.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/maps").standardized
    }()

    /// Whether the corpus is there (its Freeplane maps and the real maps).
    package static var isPresent: Bool {
        FileManager.default.fileExists(atPath: maps.appendingPathComponent("real").path)
            && FileManager.default.fileExists(atPath: maps.appendingPathComponent("BuzanMap.mm").path)
    }

    /// The maps of `real/`'s folder `kind` (`mm`, `opml`, `md`…), sorted; none without the corpus.
    package static func realMaps(_ kind: String, extension suffix: String? = nil) -> [URL] {
        let folder = maps.appendingPathComponent("real").appendingPathComponent(kind)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { suffix == nil || $0.hasSuffix(suffix ?? "") }.sorted().map { folder.appendingPathComponent($0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// The test reads the maps corpus (`../shared/maps`): without it, it skips saying so.
    package static var needsSharedMaps: Self {
        .enabled(if: SharedCorpus.isPresent, "needs the maps corpus at \(SharedCorpus.maps.path) (../shared/maps beside the project), which is not there")
    }
}
