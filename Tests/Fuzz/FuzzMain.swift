import Foundation

// libFuzzer's entry point: `make fuzz` compiles this with the core's sources into one binary
// (`swiftc -sanitize=fuzzer,address`) and runs it once per target, chosen by
// MESHPAD_FUZZ_TARGET (native, mm, opml, markdown, replay).

@_cdecl("LLVMFuzzerTestOneInput")
public func meshpadFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let name = ProcessInfo.processInfo.environment["MESHPAD_FUZZ_TARGET"] ?? "native"
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("MESHPAD_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    target.run(Data(bytes: bytes, count: count))
    return 0
}
