/// A unified diff of two lists of lines (as `diff -u` writes it), from a longest common
/// subsequence: `--- expected`, `+++ actual`, then `@@ -a,b +c,d @@` hunks with up to
/// ``context`` unchanged lines around each change. Used by `hitkit replay` to show how a log
/// differs from a scenario's `expect`.
public struct UnifiedDiff {
    /// How many unchanged lines are shown around each change (3 by default, as `diff -u`).
    public var context = 3

    /// A diff showing `context` unchanged lines around each change.
    public init(context: Int = 3) {
        self.context = context
    }

    /// One line of the edit script.
    enum Edit: Equatable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The diff text (each line ending in a line break), or the empty string when equal.
    public func text(expected: [String], actual: [String],
                     expectedLabel: String = "expected", actualLabel: String = "actual") -> String {
        let script = Self.editScript(expected, actual)
        guard script.contains(where: { if case .keep = $0 { false } else { true } }) else { return "" }
        var text = "--- \(expectedLabel)\n+++ \(actualLabel)\n"
        for hunk in hunks(of: script) {
            text += hunkHeader(hunk, in: script)
            for edit in script[hunk] {
                switch edit {
                case .keep(let old, _): text += " \(expected[old])\n"
                case .delete(let old): text += "-\(expected[old])\n"
                case .insert(let new): text += "+\(actual[new])\n"
                }
            }
        }
        return text
    }

    /// The edit script turning `old` into `new`, from the table of longest common suffixes
    /// (O(n·m), fine for logs of a few thousand lines). Deletions come before insertions.
    static func editScript(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count, m = new.count
        // lcs[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var script: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                script.append(.keep(old: i, new: j)); i += 1; j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                script.append(.delete(old: i)); i += 1
            } else {
                script.append(.insert(new: j)); j += 1
            }
        }
        return script
    }

    /// Ranges of the script to print: each change with `context` kept lines around it, ranges
    /// that touch or overlap merged.
    func hunks(of script: [Edit]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, edit) in script.enumerated() {
            if case .keep = edit { continue }
            let range = max(0, index - context)..<min(script.count, index + context + 1)
            if let last = ranges.last, range.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }

    /// `@@ -start,count +start,count @@`, as `diff -u` writes it: lines counted from 1, the
    /// count left out when it is 1, and an empty side starting at the line before.
    private func hunkHeader(_ hunk: Range<Int>, in script: [Edit]) -> String {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
        // Where each side stands just before the hunk, for a side the hunk has no line of.
        var oldBefore = 0, newBefore = 0
        for edit in script[..<hunk.lowerBound] {
            switch edit {
            case .keep: oldBefore += 1; newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        for edit in script[hunk] {
            switch edit {
            case .keep(let old, let new):
                oldStart = oldStart ?? old; newStart = newStart ?? new; oldCount += 1; newCount += 1
            case .delete(let old):
                oldStart = oldStart ?? old; oldCount += 1
            case .insert(let new):
                newStart = newStart ?? new; newCount += 1
            }
        }
        func range(_ start: Int?, _ count: Int, before: Int) -> String {
            if count == 0 { return "\(before),0" }
            let first = (start ?? before) + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        return "@@ -\(range(oldStart, oldCount, before: oldBefore)) +\(range(newStart, newCount, before: newBefore)) @@\n"
    }
}
