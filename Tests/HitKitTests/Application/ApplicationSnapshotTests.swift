import HitKit
import HitTestCore
import Testing

/// `Application.windowsSnapshot()`: the application's windows as another thread may query them.
@Suite("Application snapshots")
struct ApplicationSnapshotTests {
    @Test func aSnapshotAnswersAsTheWindowsWereOnAnotherThread() async throws {
        let application = Application()
        let window = Window(frame: Rect(0, 0, 200, 200), in: application)
        let button = View(frame: Rect(20, 20, 40, 40), in: application)
        window.addSubview(button)
        let snapshot = application.windowsSnapshot()
        button.frame = Rect(120, 120, 40, 40)
        // Queried on another task: the snapshot is Sendable.
        let answer = await Task.detached { snapshot.hitTest(screenPoint: Point(30, 30)) }.value
        guard case .hit(let id) = answer else { Issue.record("expected a hit, got \(answer)"); return }
        #expect(application.view(for: id) === button)
        #expect(application.hitTest(screenPoint: Point(30, 30)) === window)
    }
}
