import Foundation
import Testing
@testable import HitKit

/// A host cannot remove, re-parent or destroy an application's view without the façade's
/// bookkeeping. The compiler refuses every edit of an application's store from outside the
/// package (a host's code is type-checked against the built modules, as a host's package would
/// be), the read-only surface offers queries alone, and every public path that takes a view out
/// of its window cancels its touches (Behaviour A3), ends its hovers (A8) and keeps the view alive
/// exactly while it is in a hierarchy.
@Suite struct NoBackDoorTests {
    // MARK: What a host's code may write

    /// Type-checks `source` as a host's file that imports HitKit, against the modules the tests
    /// were built with: the diagnostics, as `(line, message)`.
    private func typeCheckAsHost(_ source: String) throws -> [(line: Int, message: String)] {
        // The test runner is the built test product; the modules are beside it.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let modules = runner.deletingLastPathComponent().appendingPathComponent("Modules")
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("HitKit.swiftmodule").path),
                "no HitKit module beside \(runner.path)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-host-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-I", modules.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // `FILE:LINE:COLUMN: error: MESSAGE`, once per error (the excerpts under it are skipped).
        let prefix = file.path + ":"
        return text.split(separator: "\n").compactMap { line -> (Int, String)? in
            guard line.hasPrefix(prefix), line.contains(": error: ") else { return nil }
            let rest = line.dropFirst(prefix.count)
            guard let number = Int(rest.prefix { $0.isNumber }) else { return nil }
            return (number, String(rest[rest.range(of: ": error: ")!.upperBound...]))
        }
    }

    private static let hostPrelude = """
        import HitKit
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let view = View(frame: Rect(0, 0, 10, 10), in: app)

        """

    @Test func theCompilerRefusesEditsOfAnApplicationsStoreFromAHost() throws {
        // One edit a line, each a way a host could once reach the application's rows.
        let edits = [
            "try? app.store.removeFromSuperview(view.id)",
            "try? view.store.destroy(view.id)",
            "try? window.store.addSubview(view.id, to: window.id)",
            "try? view.store.setFrame(Rect(0, 0, 1, 1), of: view.id)",
            "try? app.readOnlyStore.removeFromSuperview(view.id)",
            "try? app.readOnlyStore.destroy(view.id)",
            "_ = app.readOnlyStore.store",
        ]
        let firstLine = Self.hostPrelude.split(separator: "\n", omittingEmptySubsequences: false).count
        let errors = try typeCheckAsHost(Self.hostPrelude + edits.joined(separator: "\n") + "\n")
        for (offset, edit) in edits.enumerated() {
            let line = firstLine + offset
            #expect(errors.contains { $0.line == line }, "a host may write `\(edit)`")
        }
        #expect(errors.allSatisfy { $0.line >= firstLine }, "the prelude itself fails: \(errors)")
        #expect(errors.filter { $0.message.contains("'store' is inaccessible due to 'package' protection level") }.count == 4)
    }

    @Test func aHostQueriesItsViewsThroughTheReadOnlyStore() throws {
        // What a host reads by id, and the store a host makes itself, which it edits freely.
        let queries = """
            window.addSubview(view)
            let rows = app.readOnlyStore
            let hit: ViewID? = rows.hitTest(screenPoint: Point(5, 5))
            let inside: Bool? = try? rows.pointInside(view.id, Point(1, 1))
            let onScreen: Point? = try? rows.convert(Point(0, 0), from: .view(view.id), to: .screen)
            let frame: Rect? = try? rows.frame(of: view.id)
            let hidden: Bool? = try? rows.flag(.hidden, of: view.id)
            let parent: ViewID? = try? rows.superview(of: view.id) ?? nil
            let snapshot: ViewStoreSnapshot = rows.snapshot()
            let count = rows.liveViewCount + rows.windows.count
            let own = ViewStore()
            let mine = try own.makeView(frame: Rect(0, 0, 1, 1))
            try own.destroy(mine)
            print(hit as Any, inside as Any, onScreen as Any, frame as Any, hidden as Any, parent as Any, snapshot, count)
            """
        let errors = try typeCheckAsHost(Self.hostPrelude + queries + "\n")
        #expect(errors.isEmpty, "\(errors)")
    }

    // MARK: Every public path that takes a view out of its window

    /// The ways a host takes a view out of its window through the façade.
    enum Path: CaseIterable, CustomTestStringConvertible {
        case removeFromSuperview, removeItsSuperview, moveToAnotherWindow, insertIntoAnotherWindowAtIndex
        case insertAboveInAnotherWindow, insertBelowInAnotherWindow, removeWindow, dismissItsController

        var testDescription: String { "\(self)" }

        /// Where the view is once the host lets go of its own references.
        var afterwards: Afterwards {
            switch self {
            case .removeFromSuperview, .removeItsSuperview, .dismissItsController: .freed
            case .moveToAnotherWindow, .insertIntoAnotherWindowAtIndex, .insertAboveInAnotherWindow,
                 .insertBelowInAnotherWindow: .inTheOtherWindow
            case .removeWindow: .inTheRemovedWindow
            }
        }

        /// The rows left of the container and the view once the host lets go of them: a view
        /// removed alone leaves its old superview in the window.
        var rowsLeft: Int {
            switch self {
            case .removeFromSuperview: 1
            case .removeItsSuperview, .dismissItsController: 0
            default: 2
            }
        }
    }

    enum Afterwards { case freed, inTheOtherWindow, inTheRemovedWindow }

    @Test(arguments: Path.allCases)
    func takingAViewOutCancelsItsTouchEndsItsHoverAndKeepsItAliveOnlyInAHierarchy(_ path: Path) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let otherWindow = Window(frame: Rect(400, 0, 400, 400), in: app)
        let sibling = View(frame: Rect(0, 0, 10, 10), in: app)
        otherWindow.addSubview(sibling)
        var hoverStates: [GestureRecognizer.State] = []
        weak var freedProbe: ProbeView?
        let probeID: ViewID
        let rowsBefore = app.readOnlyStore.liveViewCount
        do {
            let container = View(frame: Rect(0, 0, 200, 200), in: app)
            let probe = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
            container.addSubview(probe)
            let presenter = ViewController(view: window)
            let presented = ViewController(view: container)
            if path == .dismissItsController {
                presenter.present(presented)  // adds the container to the window
            } else {
                window.addSubview(container)
            }
            let hover = HoverGestureRecognizer()
            _ = hover.observeStateChanges { _, state in hoverStates.append(state) }
            probe.addGestureRecognizer(hover)
            probeID = probe.id
            freedProbe = probe

            try app.frame(0, began(1, 50, 50))
            try app.send(InputFrame(timestamp: 0.1, pointer: PointerInput(id: 9, location: Point(60, 60))))
            #expect(probe.methods == ["began"] && hoverStates == [.began])

            switch path {
            case .removeFromSuperview: probe.removeFromSuperview()
            case .removeItsSuperview: container.removeFromSuperview()
            case .moveToAnotherWindow: otherWindow.addSubview(probe)
            case .insertIntoAnotherWindowAtIndex: otherWindow.insertSubview(probe, at: 0)
            case .insertAboveInAnotherWindow: otherWindow.insertSubview(probe, aboveSubview: sibling)
            case .insertBelowInAnotherWindow: otherWindow.insertSubview(probe, belowSubview: sibling)
            case .removeWindow: app.removeWindow(window)
            case .dismissItsController: presenter.dismiss()
            }
            // At once, before any frame: the touch is cancelled, not ended, and the hover ends.
            #expect(probe.methods == ["began", "cancelled"])
            #expect(hoverStates == [.began, .ended])
            #expect(probe.frame == Rect(0, 0, 100, 100), "the view's row is still its own")

            try app.frame(0.2, ended(1, 50, 50))
            #expect(probe.methods == ["began", "cancelled"], "a cancelled touch goes nowhere until it ends")
        }
        switch path.afterwards {
        case .freed:
            #expect(freedProbe == nil, "nothing keeps a view out of every hierarchy alive")
            #expect(!app.readOnlyStore.contains(probeID))
        case .inTheOtherWindow:
            #expect(freedProbe != nil, "its new superview keeps it alive")
            #expect(try app.readOnlyStore.window(of: probeID) == otherWindow.id)
        case .inTheRemovedWindow:
            #expect(freedProbe != nil, "the window the host still holds keeps its subtree")
            #expect(!app.windows.contains { $0 === window })
        }
        #expect(app.readOnlyStore.liveViewCount == rowsBefore + path.rowsLeft, "the rows follow the objects")
    }
}
