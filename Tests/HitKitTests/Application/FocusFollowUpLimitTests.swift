import Testing
@testable import HitKit

/// The follow-up bound (``DeferredWork``) on the focus check (Behaviour A10 *Losing focus*):
/// a focused item that stops being focusable loses focus, and the observers told of the loss
/// may make another item unfocusable, or focus the item again and make it unfocusable again.
/// The check is followed at most four times in a row; "what is still due after that waits for
/// the next delivery's end".
@Suite struct FocusFollowUpLimitTests {
    let app = Application()
    let window: Window
    let item: Button
    let recorded = Recorded()

    final class Recorded {
        /// Each loss of the item, and each frame a loss observer sent that focused it again.
        var lines: [String] = []
        /// Whether, after each frame a loss observer sent, the item was focused and focusable.
        var focusableAfterEachSentFrame: [Bool] = []
    }

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        item = Button(frame: Rect(10, 10, 40, 40), in: app)
        window.addSubview(item)
        window.makeKey()
        window.isFocusSystemEnabled = true
    }

    /// The observer that fights the check: told that the item lost focus, it makes the item
    /// focusable, focuses it again with a Tab frame, and makes it unfocusable again, for ever if
    /// nothing bounds it.
    func fightTheCheck() {
        app.observeFocus { [unowned app, unowned item, unowned window, recorded] context in
            guard context.previouslyFocusedItem === item, context.nextFocusedItem == nil else { return }
            recorded.lines.append("lost")
            item.allowsFocus = true
            if (try? app.sendTab(at: app.time)) != nil {
                recorded.lines.append("focused again")
                recorded.focusableAfterEachSentFrame.append(item.isFocused && item.isFocusable(in: window))
            }
            item.allowsFocus = false
        }
    }

    /// A host's setter outside any delivery starts the fight: the check is made four times in a
    /// row, each losing the item that the previous observer focused again; the setter then
    /// returns, the item focused but unfocusable, the check left due. Each frame the observer
    /// sent ended with the item focusable.
    @Test func aFightStartedOutsideAnyDeliveryIsFollowedFourTimesInARowAndTheRestIsLeftDue() throws {
        try app.sendTab(at: 0)
        fightTheCheck()
        item.allowsFocus = false
        #expect(recorded.lines == Array(repeating: ["lost", "focused again"], count: 4).flatMap { $0 })
        #expect(recorded.focusableAfterEachSentFrame == [true, true, true, true])
        #expect(window.focusedItem === item && !item.isFocusable(in: window), "the last observer focused it again")
        #expect(app.keyboard.focusIsStale, "the check is left due")
    }

    /// A fight started inside a delivery: a second observer makes the item unfocusable whenever
    /// it gains focus, so the Tab that focuses it starts the fight at that frame's end; the frame
    /// returns after four checks.
    @Test func aFightStartedInsideADeliveryIsFollowedFourTimesAtItsEnd() throws {
        app.observeFocus { [unowned item] context in
            if context.nextFocusedItem === item { item.allowsFocus = false }
        }
        fightTheCheck()
        try app.sendTab(at: 0)
        #expect(recorded.lines.filter { $0 == "lost" }.count == 4)
        #expect(window.focusedItem === item && app.keyboard.focusIsStale)
    }

    /// What the bound left due is done at the next delivery's end — a frame or a group of edits
    /// that changed nothing — before the fight goes on, bounded again.
    @Test(arguments: [false, true])
    func whatTheBoundLeftIsCheckedAtTheNextDeliverysEnd(byFrame: Bool) throws {
        try app.sendTab(at: 0)
        fightTheCheck()
        item.allowsFocus = false
        recorded.lines = []
        if byFrame { try app.advance(to: 0.1) } else { app.deferringUpdates {} }
        #expect(recorded.lines.first == "lost")
        #expect(recorded.lines.filter { $0 == "lost" }.count == 4)
    }

    /// A fight that settles within the bound: the observer focuses the item again and makes it
    /// unfocusable twice, then leaves it focusable. The delivery's end follows the check until it
    /// settles: the item focused and focusable, nothing left due.
    @Test func aFightThatSettlesWithinTheBoundEndsWithTheFocusedItemFocusable() throws {
        var rounds = 0
        app.observeFocus { [unowned app, unowned item] context in
            guard context.previouslyFocusedItem === item, context.nextFocusedItem == nil else { return }
            rounds += 1
            item.allowsFocus = true
            _ = try? app.sendTab(at: app.time)
            if rounds < 3 { item.allowsFocus = false }
        }
        try app.sendTab(at: 0)
        app.deferringUpdates { item.allowsFocus = false }
        #expect(rounds == 3)
        #expect(window.focusedItem === item && item.isFocusable(in: window))
        #expect(!app.keyboard.focusIsStale)
    }
}

/// A chain of losses longer than the bound, across windows: the loss in window k makes window
/// k − 1's focused item unfocusable. Windows are checked in the order their focus systems were
/// turned on, so each check after the first finds one more loss.
@Suite struct FocusLossChainTests {
    let app = Application()
    let items: [Button]
    let lost = Lost()

    final class Lost { var windows: [Int] = [] }

    init() throws {
        var items: [Button] = []
        for k in 0..<6 {
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            let item = Button(frame: Rect(10, 10, 40, 40), in: app)
            window.addSubview(item)
            window.makeKey()
            window.isFocusSystemEnabled = true
            try app.sendTab(at: Double(k))
            #expect(window.focusedItem === item)
            items.append(item)
        }
        self.items = items
        app.observeFocus { [items, lost] context in
            guard let index = items.firstIndex(where: { $0 === context.previouslyFocusedItem }), context.nextFocusedItem == nil
            else { return }
            lost.windows.append(index)
            if index > 0 { items[index - 1].allowsFocus = false }
        }
    }

    /// Outside any delivery the chain is followed four checks in a row; window 1's item stays
    /// focused, unfocusable, until the next delivery's end finishes the chain.
    @Test func aChainLongerThanTheBoundIsCutAndFinishedAtTheNextDeliverysEnd() {
        items[5].allowsFocus = false
        #expect(lost.windows == [5, 4, 3, 2])
        #expect(items[1].isFocused && !items[1].isFocusable(in: items[1].window!))
        app.deferringUpdates {}
        #expect(lost.windows == [5, 4, 3, 2, 1, 0])
        #expect(items.allSatisfy { !$0.isFocused })
    }
}

extension Application {
    /// Sends a frame of one Tab, down and up, at `time`.
    fileprivate func sendTab(at time: Double) throws(InputError) {
        try sendKeys(time, Keys.down(Keys.tab), Keys.up(Keys.tab))
    }
}
