import Foundation

/// Runs one input through a fresh harness.
func runInput(_ bytes: [UInt8]) {
    let harness = Harness()
    Harness.current = harness
    harness.run(bytes)
    Harness.current = nil
}

/// The replay tool of the normal build: `navcore-fuzz [-v] FILE|DIR…`.
enum Replay {
    static func main(_ arguments: [String]) {
        var paths = arguments.filter { !$0.hasPrefix("-") }
        if arguments.contains("-v") { Trace.enabled = true }
        guard !paths.isEmpty, !arguments.contains("-h"), !arguments.contains("--help") else {
            print("usage: navcore-fuzz [-v] FILE|DIR …   (replays fuzz inputs; -v or NAVCORE_FUZZ_TRACE=1 traces every call)")
            exit(paths.isEmpty ? 2 : 0)
        }
        paths = paths.flatMap(files(in:))
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("navcore-fuzz: cannot read \(path)")
                exit(2)
            }
            if Trace.enabled { print("== \(path)") }
            runInput([UInt8](data))
        }
        print("navcore-fuzz: replayed \(paths.count) inputs, every invariant held")
        exit(0)
    }

    /// A file, or the regular files of a directory (not recursive), sorted.
    private static func files(in path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") && !$0.hasSuffix(".txt") }.sorted()
            .map { "\(path)/\($0)" }
    }
}
