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
}
