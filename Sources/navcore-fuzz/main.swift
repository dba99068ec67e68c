// navcore-fuzz: a libFuzzer harness over navcore's C ABI (see fuzz/README.md).
//
// In the fuzzing build (-DNAVCORE_FUZZING, -sanitize=fuzzer,address) libFuzzer provides
// `main` and calls the entry point below for every input. In a normal build the same target is
// a replay tool: `navcore-fuzz FILE|DIR…` runs the harness over each input and exits non-zero
// at the first broken invariant.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    runInput(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !NAVCORE_FUZZING
// A declaration, not a statement: the fuzzing build parses this file as a library, where
// even an inactive top-level statement is refused.
let replayed: Void = Replay.main(Array(CommandLine.arguments.dropFirst()))
#endif
