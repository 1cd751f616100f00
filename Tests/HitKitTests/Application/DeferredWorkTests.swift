import Testing
@testable import HitKit

/// ``DeferredWork``: the nesting of deliveries, the one bounded follow-up loop, and structural
/// changes requested during another applied after it, in order.
@Suite struct DeferredWorkTests {
    @Test func onlyTheOutermostCloseReportsTheEnd() {
        let work = DeferredWork()
        #expect(!work.isDeferring)
        work.open()
        work.open()
        #expect(work.isDeferring)
        #expect(!work.close(), "an inner level's end does no due work")
        #expect(work.close(), "the outermost level's end does it")
        #expect(!work.isDeferring)
    }

    @Test func nestedPassesDoNotEndTheOutermostLevel() {
        let work = DeferredWork()
        let depthInside = work.nested { work.depth }
        #expect(depthInside == 1)
        #expect(work.depth == 0)
    }

    @Test func theFollowUpLoopStopsAtItsBound() {
        var passes = 0
        DeferredWork.followUp {
            passes += 1
            return true  // always more due: an action undoing another
        }
        #expect(passes == DeferredWork.maximumFollowUps)
    }

    @Test func theFollowUpLoopStopsWhenNothingMoreIsDue() {
        var passes = 0
        DeferredWork.followUp {
            passes += 1
            return passes < 2
        }
        #expect(passes == 2)
    }

    @Test func structuralChangesRequestedDuringOneRunAfterItInOrder() {
        let work = DeferredWork()
        var log: [String] = []
        work.performStructuralChange {
            log.append("outer begins")
            work.performStructuralChange {
                log.append("first deferred")
                work.performStructuralChange { log.append("deferred by a deferred one") }
            }
            work.performStructuralChange { log.append("second deferred") }
            log.append("outer ends")
        }
        #expect(log == ["outer begins", "outer ends", "first deferred", "second deferred", "deferred by a deferred one"])
        work.performStructuralChange { log.append("later, at once") }
        #expect(log.last == "later, at once")
    }
}
