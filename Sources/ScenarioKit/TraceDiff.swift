/// A line diff of expected and actual trace lines (longest common subsequence): `  ` same,
/// `- ` expected but missing, `+ ` seen but not expected.
enum TraceDiff {
    static func lines(expected: [String], actual: [String]) -> [String] {
        let rows = expected.count
        let columns = actual.count
        // lengths[i][j]: LCS length of expected[i...] and actual[j...]
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i] == actual[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var diff: [String] = []
        var i = 0
        var j = 0
        while i < rows || j < columns {
            if i < rows && j < columns && expected[i] == actual[j] {
                diff.append("  " + expected[i])
                i += 1
                j += 1
            } else if j < columns && (i == rows || lengths[i][j + 1] >= lengths[i + 1][j]) {
                diff.append("+ " + actual[j])
                j += 1
            } else {
                diff.append("- " + expected[i])
                i += 1
            }
        }
        return diff
    }
}
