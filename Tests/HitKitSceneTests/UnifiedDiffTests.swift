import HitTestDifferential
import Testing
@testable import HitKitScene

/// The unified diff `hitkit replay` prints when a log differs from `expect`, written the way
/// `diff -u` writes it (the expected texts below are what GNU diff prints for the same lines).
@Suite("Unified diff")
struct UnifiedDiffTests {
    let diff = UnifiedDiff()

    @Test func equalListsGiveNoDiff() {
        #expect(diff.text(expected: [], actual: []) == "")
        #expect(diff.text(expected: ["a", "b"], actual: ["a", "b"]) == "")
    }

    @Test func aChangedLineWithContext() {
        #expect(diff.text(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == """
            --- expected
            +++ actual
            @@ -1,3 +1,3 @@
             a
            -b
            +x
             c

            """)
    }

    @Test func anEmptySideStartsAtTheLineBefore() {
        #expect(diff.text(expected: [], actual: ["a"]) == "--- expected\n+++ actual\n@@ -0,0 +1 @@\n+a\n")
        #expect(diff.text(expected: ["a", "b"], actual: []) == "--- expected\n+++ actual\n@@ -1,2 +0,0 @@\n-a\n-b\n")
        // A line added at the end after more than three unchanged lines.
        #expect(diff.text(expected: ["1", "2", "3", "4", "5"], actual: ["1", "2", "3", "4", "5", "6"]) == """
            --- expected
            +++ actual
            @@ -3,3 +3,4 @@
             3
             4
             5
            +6

            """)
    }

    @Test func distantChangesMakeSeparateHunks() {
        let old = (1...20).map(String.init)
        var new = old
        new[1] = "two"
        new[17] = "eighteen"
        #expect(diff.text(expected: old, actual: new) == """
            --- expected
            +++ actual
            @@ -1,5 +1,5 @@
             1
            -2
            +two
             3
             4
             5
            @@ -15,6 +15,6 @@
             15
             16
             17
            -18
            +eighteen
             19
             20

            """)
    }

    @Test func changesSixLinesApartShareOneHunk() {
        let old = (1...9).map(String.init)
        var new = old
        new[0] = "one"
        new[7] = "eight"
        let text = diff.text(expected: old, actual: new)
        #expect(text.components(separatedBy: "@@ ").count == 2)  // one header: "@@ -1,9 +1,9 @@"
        #expect(text.contains("@@ -1,9 +1,9 @@\n"))
    }

    @Test func theEditScriptIsALongestCommonSubsequence() {
        let old = ["a", "b", "c", "a", "b", "b", "a"]
        let new = ["c", "b", "a", "b", "a", "c"]
        let script = UnifiedDiff.editScript(old, new)
        let kept = script.filter { if case .keep = $0 { true } else { false } }.count
        #expect(kept == 4)  // the LCS of these classic sequences has length 4
        // Replaying the script on `old` gives `new`.
        var rebuilt: [String] = []
        for edit in script {
            switch edit {
            case .keep(let o, _): rebuilt.append(old[o])
            case .insert(let n): rebuilt.append(new[n])
            case .delete: break
            }
        }
        #expect(rebuilt == new)
    }

    /// `diff -u`'s output for 100,000 lines with the first, a middle and the last line changed and
    /// two lines inserted: the old n×m table needed 80 GB here and could not allocate it.
    @Test func aHundredThousandLinesWithAFewChanges() {
        let old = (1...100_000).map { "line \($0)" }
        var new = old
        new[0] = "first"
        new[50_000] = "middle"
        new[99_999] = "last"
        new.insert(contentsOf: ["new a", "new b"], at: 70_000)
        #expect(diff.text(expected: old, actual: new) == """
            --- expected
            +++ actual
            @@ -1,4 +1,4 @@
            -line 1
            +first
             line 2
             line 3
             line 4
            @@ -49998,7 +49998,7 @@
             line 49998
             line 49999
             line 50000
            -line 50001
            +middle
             line 50002
             line 50003
             line 50004
            @@ -69998,6 +69998,8 @@
             line 69998
             line 69999
             line 70000
            +new a
            +new b
             line 70001
             line 70002
             line 70003
            @@ -99997,4 +99999,4 @@
             line 99997
             line 99998
             line 99999
            -line 100000
            +last

            """)
    }

    /// The search's work grows with the lines and the number of edits, not with their product:
    /// 3,000 lines a side with four edits stored 9 million table cells and compared as many pairs.
    @Test func theWorkIsLinearInTheLinesForAFewEdits() {
        for count in [3_000, 30_000] {
            let old = (0..<count).map { "v touchesBegan \($0 % 7)" }
            var new = old
            new[count / 3] = "changed"
            new.remove(at: count / 2)
            new.append("v touchesEnded")
            var work = UnifiedDiff.SearchWork()
            let script = UnifiedDiff.editScript(old, new, work: &work)
            #expect(script.count == count + 2)
            #expect(work.cells == 15, "\(count) lines: \(work.cells) cells")  // 4 edits: levels of 1 to 5 cells
            #expect(work.comparisons <= 3 * (old.count + new.count), "\(count) lines: \(work.comparisons) comparisons")
        }
    }

    /// With no line in common every line is an edit (D = 2,000), yet the levels held stay far
    /// under the 1,002,001 cells of the old table (or D²/2 for all levels of the search).
    @Test func entirelyDifferentListsHoldFewLevels() {
        let old = (0..<1_000).map { "old \($0)" }, new = (0..<1_000).map { "new \($0)" }
        var work = UnifiedDiff.SearchWork()
        let script = UnifiedDiff.editScript(old, new, work: &work)
        #expect(script == old.indices.map { .delete(old: $0) } + new.indices.map { .insert(new: $0) })
        #expect(work.cells <= 200_000, "\(work.cells) cells")
    }

    /// Lists of very different lengths go to the table, which costs their product: against an
    /// empty log, 30,000 expected lines take one cell each and no comparison (the search would
    /// run 30,000 levels), and 3,000 lines against 300 no more than the table's 903,301 cells.
    @Test func listsOfVeryDifferentLengthsCostTheirProduct() {
        let expected = (0..<30_000).map { "v touchesBegan \($0)" }
        var work = UnifiedDiff.SearchWork()
        #expect(UnifiedDiff.editScript(expected, [], work: &work) == expected.indices.map { .delete(old: $0) })
        #expect(work.cells == 30_001 && work.comparisons == 0, "\(work)")
        let long = (0..<3_000).map { "line \($0 % 50)" }, short = (0..<300).map { "line \($0 % 70)" }
        work = UnifiedDiff.SearchWork()
        let script = UnifiedDiff.editScript(long, short, work: &work)
        #expect(script == Self.tableScript(long, short))
        #expect(work.cells <= 3_001 * 301 && work.comparisons <= 3_000 * 300 + 300, "\(work)")
    }

    /// The script is the one the table of longest common suffixes gave (kept here as the
    /// reference), ties included: lines from a 3-letter alphabet make many equally short scripts.
    @Test func theScriptIsTheLongestCommonSuffixTablesScript() {
        var random = SplitMix64(seed: 0x5EED)
        for round in 0..<3_000 {
            // Short lists mostly; longer ones make the search keep its levels in several blocks.
            let longest = round % 3 == 0 ? 60 : 12
            let old = (0..<Int(random.next() % UInt64(longest))).map { _ in String(UnicodeScalar(UInt8(97 + random.next() % 3))) }
            let new = (0..<Int(random.next() % UInt64(longest))).map { _ in String(UnicodeScalar(UInt8(97 + random.next() % 3))) }
            var work = UnifiedDiff.SearchWork()
            let expected = Self.tableScript(old, new)
            #expect(UnifiedDiff.editScript(old, new, work: &work, allowsTable: false) == expected, "search: \(old) → \(new)")
            #expect(UnifiedDiff.editScript(old, new) == expected, "\(old) → \(new)")
        }
    }

    /// The former O(n·m) algorithm: the table of longest common suffixes, then forwards, a match
    /// when there is one, else a deletion unless an insertion keeps a longer common subsequence.
    static func tableScript(_ old: [String], _ new: [String]) -> [UnifiedDiff.Edit] {
        let n = old.count, m = new.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var script: [UnifiedDiff.Edit] = []
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
}

