import Testing
@testable import HitKit

/// Behaviour A7: becoming and resigning first responder.
@Suite struct FirstResponderTests {
    final class Field: View {
        var acceptsFocus = true
        var letsGo = true
        override var canBecomeFirstResponder: Bool { acceptsFocus }
        override var canResignFirstResponder: Bool { letsGo }
    }

    let app = Application()
    let window: Window
    let field: Field
    let other: Field

    init() {
        window = Window(frame: Rect(0, 0, 100, 100), in: app)
        field = Field(frame: Rect(0, 0, 10, 10), in: app)
        other = Field(frame: Rect(20, 0, 10, 10), in: app)
        window.addSubview(field)
        window.addSubview(other)
        window.makeKeyAndVisible()
    }

    @Test func becomeAndResign() {
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        #expect(window.firstResponder === field)
        #expect(app.firstResponder === field, "the application's first responder is the key window's")
        #expect(field.resignFirstResponder())
        #expect(!field.isFirstResponder)
        #expect(window.firstResponder == nil)
    }

    @Test func aPlainViewBecomesFirstResponderWhenItsAnswerIsSetWithoutSubclassing() {
        let plain = View(frame: Rect(40, 0, 10, 10), in: app)
        window.addSubview(plain)
        #expect(!plain.canBecomeFirstResponder && !plain.becomeFirstResponder(), "UIKit views refuse by default")
        plain.acceptsFirstResponder = true
        #expect(plain.canBecomeFirstResponder)
        #expect(plain.becomeFirstResponder())
        #expect(window.firstResponder === plain)
    }

    @Test func anOverrideDecidesOverTheSettableAnswerUnlessItAsksSuper() {
        final class AskingSuper: View {
            var vetoes = false
            override var canBecomeFirstResponder: Bool { !vetoes && super.canBecomeFirstResponder }
        }
        // Field's override ignores the property.
        field.acceptsFocus = false
        field.acceptsFirstResponder = true
        #expect(!field.becomeFirstResponder())
        // An override calling super gets the property's answer.
        let asking = AskingSuper(frame: Rect(40, 0, 10, 10), in: app)
        window.addSubview(asking)
        #expect(!asking.becomeFirstResponder())
        asking.acceptsFirstResponder = true
        asking.vetoes = true
        #expect(!asking.becomeFirstResponder())
        asking.vetoes = false
        #expect(asking.becomeFirstResponder())
    }

    @Test func refusedWhenItCannotBecomeFirstResponder() {
        field.acceptsFocus = false
        #expect(!field.becomeFirstResponder())
        #expect(window.firstResponder == nil)
        let plain = View(in: app)
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder(), "a plain view cannot by default")
    }

    @Test func switchingAsksTheCurrentOneToResign() {
        #expect(field.becomeFirstResponder())
        #expect(other.becomeFirstResponder())
        #expect(other.isFirstResponder && !field.isFirstResponder)
        other.letsGo = false
        #expect(!field.becomeFirstResponder(), "the current first responder refuses to resign")
        #expect(other.isFirstResponder)
        #expect(!other.resignFirstResponder())
    }

    @Test func aViewOutsideAnyWindowCannotBecomeFirstResponder() {
        let loose = Field(frame: .zero, in: app)
        #expect(!loose.becomeFirstResponder())
        #expect(!loose.isFirstResponder)
    }

    @Test func aFirstResponderThatLeavesTheWindowIsNoLongerFirst() {
        #expect(field.becomeFirstResponder())
        field.removeFromSuperview()
        #expect(!field.isFirstResponder)
        #expect(window.firstResponder == nil)
    }

    @Test func applicationFirstResponderFollowsTheKeyWindow() {
        let second = Window(frame: Rect(0, 0, 100, 100), in: app)
        let secondField = Field(frame: Rect(0, 0, 10, 10), in: app)
        second.addSubview(secondField)
        #expect(field.becomeFirstResponder())
        #expect(secondField.becomeFirstResponder(), "each window has its own first responder")
        #expect(field.isFirstResponder && secondField.isFirstResponder)
        #expect(app.firstResponder === field)
        second.makeKey()
        #expect(app.firstResponder === secondField)
    }

    @Test func controllersCanBeFirstResponder() {
        final class Controller: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let controller = Controller(in: app)
        window.addSubview(controller.view)
        #expect(controller.becomeFirstResponder())
        #expect(window.firstResponder === controller)
    }
}
