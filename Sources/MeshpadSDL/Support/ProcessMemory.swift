import CMalloc
import Foundation

/// The process's memory as the system sees it, and glibc's heap handed back to it.
///
/// A kiosk runs for days: what textures and edits came and went must not stay in the resident
/// set. The soak and the bench read the same figures a person's `top` would show.
public enum ProcessMemory {
    /// Resident set size from /proc/self/statm (pages × page size), in MiB.
    public static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Hands freed heap memory back to the system (glibc keeps it otherwise): after loading a
    /// big map, whose temporary buffers would else stay in the resident set for good.
    public static func releaseFree() {
        meshpad_release_free_memory()
    }

    /// Big blocks (large label textures and surfaces) from mmap, always: freed, they go straight
    /// back to the system, instead of leaving holes in the heap that a long-running app's
    /// resident size never loses. Setting the threshold also stops glibc from raising it on its
    /// own. Set once the map is read: while reading, the growing buffers would each come fresh
    /// from the system (a 100k-node .mm read ~60 ms slower).
    public static func mapLargeBlocks() {
        meshpad_map_large_blocks(64 * 1024)
    }

    /// Bytes of heap in use (allocated and not freed), apart from freed memory the allocator
    /// keeps mapped: what the soak watches for leaks.
    public static func heapInUseBytes() -> Int {
        Int(meshpad_heap_in_use())
    }
}
