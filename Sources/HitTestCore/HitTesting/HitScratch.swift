// The stacks of one hit-test query (``HitStack``), as pointers into room its host provides
// (``HitHost``): the live store's scratch columns, or a snapshot query's thread stack.

/// The per-level state of a view on the current path that is not a plain rectangle: one that
/// may not answer itself (pass-through, or hit outside its hit area), the top-most
/// `redirectsToSuperview` view, or a wide container whose subviews come from a grid cell.
@usableFromInline
struct SlowFrame: BitwiseCopyable {
    /// The next grid candidate to try, up to `end`; `nil` when walking sibling links.
    var cursor: UnsafePointer<Int32>?
    var end: UnsafePointer<Int32>?
    /// Where the view's point sits in the point stack (counted from the query's first entry; a
    /// path is never deeper than the rows, which `Int32` counts). 32 bits, beside the flag, keep
    /// the frame at 24 bytes: a snapshot query's 40 inline frames then fit in the 1 KB that
    /// `withUnsafeTemporaryAllocation` puts on the stack without asking (above it, it allocated).
    var level: Int32
    /// Whether the view answers itself once its subviews have all missed (step 4).
    var isAnswerable: Bool
}

/// A query's two stacks: `bottom..<top` holds its path's points, `slowBottom..<slowTop` its
/// slow frames; each `limit` is the end of the room. Unsafe pointer code: every pointer here
/// points into room the host keeps for the whole query, and moves only through ``rebase``.
struct HitScratch {
    var bottom: UnsafeMutablePointer<Point>
    var top: UnsafeMutablePointer<Point>
    var limit: UnsafeMutablePointer<Point>
    // All three are ``slowFramesNotSetUp`` until the first push (most queries never push one,
    // and loading them cost a sixth of a small query's setup).
    var slowBottom = Self.slowFramesNotSetUp
    var slowTop = Self.slowFramesNotSetUp
    var slowLimit = Self.slowFramesNotSetUp
    /// The point entry of the view owning the top slow frame: a sibling step or a pop at that
    /// entry consults the frame. ``noSlowEntry`` when there is no slow frame: a plain pointer
    /// compare per sibling step, where an optional cost a nil test on top of it.
    var slowEntry = Self.noSlowEntry

    @inline(__always)
    init(points bottom: UnsafeMutablePointer<Point>, limit: UnsafeMutablePointer<Point>) {
        self.bottom = bottom
        top = bottom
        self.limit = limit
    }

    /// An address no point entry has (the first page is never mapped).
    static var noSlowEntry: UnsafeMutablePointer<Point> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Point>.alignment).unsafelyUnwrapped
    }

    /// An address no slow frame has (the first page is never mapped).
    static var slowFramesNotSetUp: UnsafeMutablePointer<SlowFrame> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<SlowFrame>.alignment).unsafelyUnwrapped
    }

    var slowFramesAreSetUp: Bool { slowLimit != Self.slowFramesNotSetUp }

    /// Points the slow-frame stack at fresh room (`bottom..<limit`).
    mutating func setUpSlowFrames(_ bottom: UnsafeMutablePointer<SlowFrame>, limit: UnsafeMutablePointer<SlowFrame>) {
        slowBottom = bottom
        slowTop = bottom
        slowLimit = limit
    }

    /// Moves both stacks to room that holds a copy of their entries, keeping their depths and
    /// the slow entry's level.
    mutating func rebase(points: UnsafeMutablePointer<Point>, limit: UnsafeMutablePointer<Point>,
                         slowFrames: UnsafeMutablePointer<SlowFrame>, slowLimit: UnsafeMutablePointer<SlowFrame>) {
        let entryLevel = slowEntry == Self.noSlowEntry ? nil : slowEntry - bottom
        top = points + (top - bottom)
        bottom = points
        self.limit = limit
        if slowFramesAreSetUp {
            slowTop = slowFrames + (slowTop - slowBottom)
            slowBottom = slowFrames
            self.slowLimit = slowLimit
        }
        slowEntry = entryLevel.map { bottom + $0 } ?? Self.noSlowEntry
    }

    /// ``rebase(points:limit:slowFrames:slowLimit:)`` of the point stack alone.
    mutating func rebase(points: UnsafeMutablePointer<Point>, limit: UnsafeMutablePointer<Point>) {
        rebase(points: points, limit: limit, slowFrames: slowBottom, slowLimit: slowLimit)
    }

    /// ``rebase(points:limit:slowFrames:slowLimit:)`` of the slow-frame stack alone.
    mutating func rebase(slowFrames: UnsafeMutablePointer<SlowFrame>, slowLimit: UnsafeMutablePointer<SlowFrame>) {
        rebase(points: bottom, limit: limit, slowFrames: slowFrames, slowLimit: slowLimit)
    }
}
