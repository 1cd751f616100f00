import Testing
@testable import HitKit

/// The build with `HITKIT_INTERNAL_CHECKS` turns the façade's unsafe promises into checks: a
/// fence (``ExclusivityFence``) is an ordinary stored property whose overlapping accesses trap,
/// and an ``UnownedLink`` is a checked `unowned` reference that traps when read after its object
/// is gone. Each test breaks one promise on purpose in a child process and expects it to die;
/// in the ordinary build the promises are not checked, so the tests run only in the checked one.
@Suite struct CheckedBuildTests {
    #if HITKIT_INTERNAL_CHECKS
    @Test func anOverlappingAccessToAFenceTraps() async {
        await #expect(processExitsWith: .failure) {
            let recognizer = GestureRecognizer()
            // A write to the fenced storage held open while the same storage is read: what rule 2
            // of the promise forbids.
            func overlap(_ storage: inout GestureRecognizer.Storage, _ recognizer: GestureRecognizer) {
                storage.isEnabled = recognizer.fenced.isEnabled
            }
            overlap(&recognizer.fenced, recognizer)
        }
    }

    @Test func aLinkReadAfterItsObjectIsFreedTraps() async {
        await #expect(processExitsWith: .failure) {
            final class Object {}
            var link = UnownedLink<Object>(nil)
            do {
                let object = Object()
                link = UnownedLink(object)
            }
            // The clearing rule broken: the object went and the link was not cleared.
            _ = link.object
        }
    }

    @Test func theSameUseWithItsClearingRuleKeptRuns() {
        final class Object {}
        var link = UnownedLink<Object>(nil)
        do {
            let object = Object()
            link = UnownedLink(object)
            #expect(link.isSet)
            link = UnownedLink(nil)
        }
        #expect(!link.isSet && link.object == nil)
    }
    #endif
}
