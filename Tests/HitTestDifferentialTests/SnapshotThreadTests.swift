import Foundation
import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// The owner edits while other threads query snapshots; afterwards the edits are replayed on a
/// fresh forest and every answer is compared with the reference's as it was at the version of the
/// snapshot that gave it. Run under ThreadSanitizer by `Scripts/sanitizers.sh thread`.
@Suite("Snapshots across threads")
struct SnapshotThreadTests {
    /// A quarter of them under the sanitizers (`TestSeeds`), where an edit costs ten times more.
    static let edits = TestSeeds.repeats(100_000)
    static let queryThreads = 3
    /// A query thread asks once per this many edits, so that its answers spread over the run.
    static let editsPerQuery = 100
    /// Past this many live views the owner's next edit destroys one. The random edits make a
    /// window every 25 edits and seldom destroy one, so unbounded the forest grew to thousands of
    /// windows, and each edit and each reference answer (which orders every window) grew with it:
    /// the run took a minute, and ten under the sanitizers. Bounded, the last edits cost what the
    /// first did, and the run still covers every kind of edit, stale handles included.
    static let liveViewBound = 200

    /// The latest snapshot and how many edits preceded it, handed from the owner to the readers.
    final class Board: @unchecked Sendable {
        private let lock = NSLock()
        private var latest: (version: Int, snapshot: ViewStoreSnapshot)
        private var finished = false

        init(_ snapshot: ViewStoreSnapshot) { latest = (0, snapshot) }

        func publish(_ snapshot: ViewStoreSnapshot, version: Int) {
            lock.withLock { latest = (version, snapshot) }
        }

        func finish() { lock.withLock { finished = true } }

        func read() -> (version: Int, snapshot: ViewStoreSnapshot, finished: Bool) {
            lock.withLock { (latest.version, latest.snapshot, finished) }
        }
    }

    /// One reader's answers: (version, screen point, answer).
    final class Log: @unchecked Sendable {
        var entries: [(version: Int, point: Point, answer: SnapshotAnswer)] = []
    }

    @Test("10^5 owner edits while three threads hit-test snapshots; every answer is the reference's at its version")
    func ownerEditsWhileThreadsQuery() {
        let spec = TreeSpec.random(seed: 25, viewCount: 40)
        let owner = DifferentialHarness(spec: spec)
        let board = Board(owner.store.snapshot())
        let logs = (0..<Self.queryThreads).map { _ in Log() }
        let done = DispatchGroup()
        for (index, log) in logs.enumerated() {
            done.enter()
            Thread.detachNewThread {
                var source = SplitMix64(seed: UInt64(1000 + index))
                var due = 0
                while true {
                    let (version, snapshot, finished) = board.read()
                    if version < due && !finished {
                        usleep(100)
                        continue
                    }
                    let point = Point(x: source.grid(-20...420), y: source.grid(-20...420))
                    log.entries.append((version, point, snapshot.hitTest(screenPoint: point)))
                    if finished { break }
                    due = version + Self.editsPerQuery
                }
                done.leave()
            }
        }
        var source = SplitMix64(seed: 2025)
        for version in 1...Self.edits {
            let edit = owner.liveKeys.count > Self.liveViewBound
                ? .destroy(source.pick(owner.liveKeys)) : owner.randomEdit(using: &source)
            if let mismatch = owner.apply(edit) {
                Issue.record("\(mismatch)")
                break
            }
            board.publish(owner.store.snapshot(), version: version)
        }
        board.finish()
        done.wait()

        // The replay: the same edits on a fresh forest give the same handles.
        var byVersion: [Int: [(Point, SnapshotAnswer)]] = [:]
        for log in logs { for entry in log.entries { byVersion[entry.version, default: []].append((entry.point, entry.answer)) } }
        let replay = DifferentialHarness(spec: spec)
        var compared = 0, hits = 0
        for version in 0...owner.editLog.count {
            for (point, answer) in byVersion[version] ?? [] {
                let expected = replay.referenceSnapshotAnswer(.screenHitTest(point))
                let got: Answer = switch answer {
                case .hit(let id): .view(replay.key(of: id))
                case .miss: .view(nil)
                case .ask(let id): .ask(replay.key(of: id))
                }
                if got != expected {
                    Issue.record("version \(version), point \(point): snapshot \(got), reference \(String(describing: expected))")
                    return
                }
                compared += 1
                if case .hit = answer { hits += 1 }
            }
            if version < owner.editLog.count { _ = replay.apply(owner.editLog[version]) }
        }
        let versions = byVersion.keys.sorted()
        print("snapshot threads: \(compared) answers from \(versions.count) versions (\(versions.first ?? 0)…\(versions.last ?? 0)) agreed, \(hits) hits")
        #expect(hits > 0)
        // The answers span the run: versions from its start to its end.
        #expect(versions.count > Self.edits / Self.editsPerQuery / 2)
        #expect((versions.last ?? 0) > Self.edits * 9 / 10)
    }
}
