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
        // Where each side stands before the hunk, counted on from the previous hunk's start, so
        // that many hunks cost the script's length once.
        var counted = 0, oldBefore = 0, newBefore = 0
        for hunk in hunks(of: script) {
            for edit in script[counted..<hunk.lowerBound] {
                switch edit {
                case .keep: oldBefore += 1; newBefore += 1
                case .delete: oldBefore += 1
                case .insert: newBefore += 1
                }
            }
            counted = hunk.lowerBound
            text += hunkHeader(hunk, in: script, oldBefore: oldBefore, newBefore: newBefore)
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

    /// The edit script turning `old` into `new`: a shortest one, with matches taken as soon as they
    /// come and, where a deletion and an insertion both lead to a shortest script, the deletion
    /// first (so deletions come before insertions).
    static func editScript(_ old: [String], _ new: [String]) -> [Edit] {
        var work = SearchWork()
        return editScript(old, new, work: &work)
    }

    /// What one ``editScript(_:_:work:)`` cost: lines compared, and the most frontier cells held
    /// at once.
    struct SearchWork {
        var comparisons = 0
        var cells = 0
    }

    /// The most cells ``tableScript(_:_:from:into:work:)`` may fill: 64 MiB of them.
    static let tableCellLimit = 1 << 24

    /// The script ``editScript(_:_:)`` gives, counting the work into `work`; with `allowsTable`
    /// false, always by the search (tests compare it with the table).
    ///
    /// After the common prefix, lists of very different lengths (a log that stopped early, an
    /// empty one) go to the table of longest common suffixes while it fits: it costs the product
    /// of their lengths, the search at least their sum times their difference, as it runs to that
    /// many edits at least. The rest go to the search, which finds the table's script in
    /// O((n+m)·D) time, D being the number of lines deleted or inserted. A search backwards from the ends (Myers' greedy algorithm,
    /// reversed) finds, for each d, the first point of each diagonal from which the rest takes at
    /// most d edits; the walk forwards then asks it whether a deletion keeps the script shortest.
    /// The walk needs those levels from d = D down, the search makes them from 0 up: levels are
    /// kept in blocks of about √(n+m), the first of each block always and the others of one block
    /// at a time, made again from its first when the walk gets there. So memory is O(D) cells
    /// a level times D/√(n+m) + √(n+m) levels, and when D is under √(n+m), as for a few changed
    /// lines, every level stays and nothing is made twice.
    ///
    /// Only the common prefix is cut off beforehand: cutting the common suffix too could change
    /// which of several shortest scripts is chosen (of two equal lines, one of them inserted,
    /// the earlier is kept; with the suffix cut, the later would be), while the backward search
    /// crosses that suffix in one pass anyway.
    static func editScript(_ old: [String], _ new: [String], work: inout SearchWork, allowsTable: Bool = true) -> [Edit] {
        let n = old.count, m = new.count
        func same(_ i: Int, _ j: Int) -> Bool {
            work.comparisons += 1
            return old[i] == new[j]
        }
        var script: [Edit] = []
        script.reserveCapacity(max(n, m))
        var start = 0
        while start < n, start < m, same(start, start) {
            script.append(.keep(old: start, new: start))
            start += 1
        }
        let restOld = n - start, restNew = m - start
        if allowsTable, restOld * restNew <= min(tableCellLimit, (restOld + restNew) * abs(restOld - restNew)) {
            tableScript(old, new, from: start, into: &script, work: &work)
            return script
        }

        // Points (x, y) with start ≤ x ≤ n and start ≤ y ≤ m lie on diagonals k = x − y. Along a
        // diagonal the edits left to the end never grow, so the points that need at most d edits
        // form a tail of it, named by its first x. A point's count of edits to the end has the
        // parity of its diagonal's distance from endDiagonal, so level d holds the first x of
        // diagonals endDiagonal − d, endDiagonal − d + 2, … endDiagonal + d; `none` where no
        // point of it is d edits or fewer from the end.
        let endDiagonal = n - m, none = Int.max
        func index(_ d: Int, _ k: Int) -> Int? {
            let offset = k - (endDiagonal - d)
            return offset < 0 || offset > 2 * d || offset % 2 != 0 ? nil : offset / 2
        }
        // Level d, from level d − 1, whose entry t is diagonal k + 1 and entry t − 1 diagonal k − 1.
        func level(_ d: Int, after previous: [Int]) -> [Int] {
            var firstXs: [Int] = []
            firstXs.reserveCapacity(d + 1)
            for t in 0...d {
                let k = endDiagonal - d + 2 * t
                let low = max(start, start + k), high = min(n, m + k)
                guard low <= high else { firstXs.append(none); continue }  // outside the lists
                // The end itself, or the first point whose deletion (to diagonal k + 1) or insertion
                // (to diagonal k − 1) reaches a point at most d − 1 edits from the end.
                var x = k == endDiagonal ? n : none
                if t < d, previous[t] != none {
                    let candidate = max(low, previous[t] - 1)
                    if candidate < n, candidate <= high { x = min(x, candidate) }
                }
                if t > 0, previous[t - 1] != none {
                    let candidate = max(low, previous[t - 1])
                    if candidate - k < m, candidate <= high { x = min(x, candidate) }
                }
                if x != none {
                    // Matches before it need no more edits.
                    while x > low, same(x - 1, x - 1 - k) { x -= 1 }
                }
                firstXs.append(x)
            }
            return firstXs
        }

        // Levels 0 up to D, the first at which (start, start) is reached; the first of each block
        // is kept, and the levels of the last block.
        let blockSize = Int(Double(n + m - 2 * start).squareRoot()) + 1
        var firsts: [[Int]] = [], block: [[Int]] = [], blockStart = 0
        // Cells held: every block's first level, and the current block's others.
        var firstsCells = 0, blockCells = 0
        func noteHeld() { work.cells = max(work.cells, firstsCells + blockCells) }
        var d = 0, current = level(0, after: [])
        while true {
            if d % blockSize == 0 {
                firsts.append(current); firstsCells += current.count
                block = []; blockCells = -current.count; blockStart = d
            }
            block.append(current); blockCells += current.count
            noteHeld()
            if let t = index(d, 0), current[t] == start { break }
            d += 1
            current = level(d, after: current)
        }
        // The first x of diagonal k at level d; the walk asks for levels from D − 1 down, so a
        // block is made again (up to d) only once, when the walk first goes below the one held.
        func first(_ d: Int, _ k: Int) -> Int {
            guard let t = index(d, k) else { return none }
            if d < blockStart {
                blockStart = d / blockSize * blockSize
                block = [firsts[d / blockSize]]
                blockCells = 0
                for e in stride(from: blockStart + 1, through: d, by: 1) {
                    block.append(level(e, after: block[block.count - 1])); blockCells += block[block.count - 1].count
                }
                noteHeld()
            }
            return block[d - blockStart][t]
        }

        // Forwards from (start, start), `left` edits from the end: a match is taken, else a
        // deletion when the point after it is at most left − 1 edits from the end, else an insertion.
        var i = start, j = start, left = d
        while i < n || j < m {
            if i < n, j < m, same(i, j) {
                script.append(.keep(old: i, new: j)); i += 1; j += 1
                continue
            }
            if i < n, j == m || i + 1 >= first(left - 1, i + 1 - j) {
                script.append(.delete(old: i)); i += 1
            } else {
                script.append(.insert(new: j)); j += 1
            }
            left -= 1
        }
        return script
    }

    /// The script for the lines of `old` and `new` from `start` on, appended to `script`: the table
    /// of longest common suffixes of the rest, then forwards, a match when there is one, else a
    /// deletion unless an insertion keeps a longer common subsequence (the search's choice too).
    private static func tableScript(_ old: [String], _ new: [String], from start: Int, into script: inout [Edit],
                                    work: inout SearchWork) {
        let n = old.count - start, m = new.count - start, width = m + 1
        var lcs = [Int32](repeating: 0, count: (n + 1) * width)
        work.cells = max(work.cells, lcs.count)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                work.comparisons += 1
                lcs[i * width + j] = old[start + i] == new[start + j] ? lcs[(i + 1) * width + j + 1] + 1
                    : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
            }
        }
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[start + i] == new[start + j] {
                script.append(.keep(old: start + i, new: start + j)); i += 1; j += 1
            } else if i < n, j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
                script.append(.delete(old: start + i)); i += 1
            } else {
                script.append(.insert(new: start + j)); j += 1
            }
        }
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
    /// count left out when it is 1, and an empty side starting at the line before (`oldBefore`
    /// and `newBefore` lines of each side come before the hunk).
    private func hunkHeader(_ hunk: Range<Int>, in script: [Edit], oldBefore: Int, newBefore: Int) -> String {
        var oldStart: Int?, newStart: Int?
        var oldCount = 0, newCount = 0
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
