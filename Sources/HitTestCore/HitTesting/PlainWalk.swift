// The start of every query: Behaviour A2 over plain rectangles, with nothing but registers. Most
// views are plain rectangles (no flag off ``RowFlags/offFastPath``), and while every view entered
// so far is one, a query needs no stack: a plain view, once entered, answers itself if none of
// its subviews does (step 4), so the walk never returns to a level it left. It needs no host
// either (no closure, no grid, no frame), so the live store and a snapshot run it alike. At the
// first row it cannot take, it hands the query over to ``HitStack``, which goes on from there.

/// Where a plain walk ends.
enum PlainWalkEnd {
    /// The answer: a row, and its record (its generation is the answer's).
    case answer(row: Int32, record: RowPointer)
    /// The root is a plain rectangle that does not contain the point (or the point is not
    /// finite): no view.
    case miss
    /// The root is not a plain rectangle: the whole query is the general step's
    /// (``HitStack/run(_:_:root:honorsRootOverride:)``), from `point` in the root's coordinates.
    case rootOffFastPath(point: Point)
    /// `row` needs the general step (``HitStack/resume(at:parentPoint:_:)``); `parentPoint` is
    /// the point in its superview's coordinates. Every view above it on the path is a plain
    /// rectangle entered at the point, so if nothing at or behind `row` answers, its superview does.
    case handOver(row: Int32, parentPoint: Point)
}

extension RowReader {
    /// A window's query for a screen point, as far as a plain walk takes it. A plain window that
    /// misses costs one bounds test. A non-finite point stays non-finite through any window's map
    /// (an infinite coordinate times a zero entry is NaN), so it is never inside.
    @inline(__always)
    func walkPlainly(window: Int32, screenPoint: Point) -> PlainWalkEnd {
        let record = row(window)
        let f = record.pointee.flags.rawValue
        if f & RowFlags.offPlainPath.rawValue == 0 {
            let (local, inside) = RowMaps.enterPlainly(screenPoint, record)
            return inside ? walkPlainly(from: window, record, at: local) : .miss
        }
        let g = record.pointee.geometry
        let local = RowMaps.into(screenPoint, g, f, sideUnits(record))
        if f & RowFlags.offFastPath.rawValue != 0 { return .rootOffFastPath(point: local) }
        return RowMaps.boundsContain(g, local) ? walkPlainly(from: window, record, at: local) : .miss
    }

    /// The query of `root` (any view) for `point` in its own coordinates, as far as a plain walk
    /// takes it.
    @inline(__always)
    func walkPlainly(root: Int32, at point: Point) -> PlainWalkEnd {
        let record = row(root)
        if record.pointee.flags.rawValue & RowFlags.offFastPath.rawValue != 0 { return .rootOffFastPath(point: point) }
        return RowMaps.boundsContain(record.pointee.geometry, point) ? walkPlainly(from: root, record, at: point) : .miss
    }

    /// Steps 3 and 4 for `entered` (row `row`), a plain view whose bounds contain `point`, in its
    /// own coordinates; steps 1 to 4 for its subviews while they are plain rectangles (transformed
    /// or not).
    ///
    /// The loop keeps the last view entered (the answer if the subviews being tried all miss)
    /// and the point in its coordinates; a miss steps to the previous sibling by its link, a hit
    /// descends to the front-most subview. The conversion and the bounds test are
    /// ``RowMaps/enter(fromCenter:_:)``, the general step's arithmetic, so the same bits.
    @inline(__always)
    func walkPlainly(from row: Int32, _ entered: RowPointer, at point: Point) -> PlainWalkEnd {
        var answer = entered
        var answerLink = RowLink.link(row)
        var outer = point
        var link = entered.pointee.lastChildLink
        if link < 0 || !subviewsReach(entered, entered.pointee.flags.rawValue, point) {
            return .answer(row: row, record: entered)
        }
        while true {
            let record = self.row(link: link)
            let f = record.pointee.flags.rawValue
            var v = RowMaps.fromCenter(outer, record)
            if _slowPath(f & RowFlags.offPlainPath.rawValue != 0) {
                // A rotated or scaled plain rectangle costs its inverse transform here.
                guard f & RowFlags.offFastPath.rawValue == 0 else {
                    return .handOver(row: RowLink.row(self.link(of: record, link)), parentPoint: outer)
                }
                v = RowMaps.inverseTransformed(v, inverseTransformUnit(record))
            }
            let (p, inside) = RowMaps.enter(fromCenter: v, record)
            if _fastPath(!inside) {
                link = record.pointee.previousSiblingLink
                if _slowPath(link < 0) {
                    return .answer(row: RowLink.row(self.link(of: answer, answerLink)), record: answer)
                }
            } else {
                answer = record
                answerLink = link
                let child = record.pointee.lastChildLink
                if child < 0 || !subviewsReach(record, f, p) {
                    return .answer(row: RowLink.row(self.link(of: record, link)), record: record)
                }
                outer = p
                link = child
            }
        }
    }
}
