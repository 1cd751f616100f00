@testable import HitKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The trace's names and numbers belong to the objects they were given to, not to their
/// addresses: a new object allocated where a freed one was is not traced as the freed one.
@Suite struct TraceNamesLifetimeTests {
    /// Whether AddressSanitizer runs in this process (CI's sanitized run).
    static let isAddressSanitized = dlsym(nil, "__asan_init") != nil

    @Test func aNewRecognizerNeverTakesTheTraceNumberOfAFreedOne() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 200, 200), in: app)
        let token = app.observeTrace { _ in }
        let tracer = try #require(app.tracer)
        var seen: [ObjectIdentifier: String] = [:]
        var reused: (earlier: String, later: String)?
        for _ in 0..<200 {
            let tap = TapGestureRecognizer()
            window.addGestureRecognizer(tap)
            let name = tracer.name(of: tap)
            window.removeGestureRecognizer(tap)
            if let earlier = seen[ObjectIdentifier(tap)] {
                reused = (earlier, name)
                break
            }
            seen[ObjectIdentifier(tap)] = name
        }
        withExtendedLifetime(token) {}
        // The allocator gives a freed recognizer's address to the next one at once, except under
        // AddressSanitizer, whose quarantine reuses none: there is nothing to check then.
        guard !Self.isAddressSanitized else { return }
        let pair = try #require(reused, "no address was reused in 200 recognizers")
        #expect(pair.earlier != pair.later, "a freed recognizer's trace name \(pair.earlier) was given to a new one")
    }

    @Test func aFreedViewsTraceNameIsNotGivenToANewView() throws {
        let app = Application()
        _ = Window(frame: Rect(0, 0, 200, 200), in: app)
        let token = app.observeTrace { _ in }
        let tracer = try #require(app.tracer)
        var seen = Set<ObjectIdentifier>()
        var inherited: [String] = []
        for index in 0..<1_000 {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            if seen.contains(ObjectIdentifier(view)) { inherited.append(tracer.name(of: view)) }
            seen.insert(ObjectIdentifier(view))
            app.setTraceName("cell\(index)", for: view)
        }
        withExtendedLifetime(token) {}
        #expect(Self.isAddressSanitized || !inherited.isEmpty, "no address was reused in 1,000 views")
        #expect(inherited.allSatisfy { !$0.hasPrefix("cell") }, "new, unnamed views traced as \(inherited.prefix(3))")
    }

    /// A table given names for many objects that are then freed drops their entries as it grows
    /// again, rather than keeping one per object ever named.
    @Test func theEntriesOfFreedObjectsAreDroppedAsTheTableGrows() {
        final class Object {}
        var table = ObjectTable<Int>()
        var first = (0..<1_000).map { _ in Object() }
        for (index, object) in first.enumerated() { table[object] = index }
        // Made while the first are alive, so that no address is shared.
        let second = (0..<3_000).map { _ in Object() }
        first.removeAll()
        for (index, object) in second.enumerated() { table[object] = index }
        #expect(table.count == second.count, "\(table.count) entries for \(second.count) live objects")
        #expect(second.indices.allSatisfy { table[second[$0]] == $0 })
    }
}
