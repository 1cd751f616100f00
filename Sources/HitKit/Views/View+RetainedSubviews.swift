// How a view keeps its subviews alive: an unordered array (the store keeps the order) and, in each
// subview, its place in that array. Eight bytes a subview plus the array's slack, where a
// dictionary by object took 16 bytes a bucket at up to three-quarters full (21–43 bytes a subview).

extension View {
    /// Keeps `subview` alive from now on (it has just become a subview of this view).
    func retainSubview(_ subview: View) {
        guard !isRetaining(subview) else { return }
        subview.indexInRetainedSubviews = Int32(truncatingIfNeeded: retainedSubviews.count)
        retainedSubviews.append(subview)
    }

    /// Whether `subview` is kept at the place it remembers.
    private func isRetaining(_ subview: View) -> Bool {
        let index = Int(subview.indexInRetainedSubviews)
        return index < retainedSubviews.count && retainedSubviews[index] === subview
    }

    /// Stops keeping `subview` alive (it has just left this view), if this view kept it.
    func releaseSubview(_ subview: View) {
        // The place is a hint: a view is in at most one list, but a stale hint (a view moved while
        // its old superview could not be looked up) must not remove another view.
        var index = Int(subview.indexInRetainedSubviews)
        if !isRetaining(subview) {
            guard let found = retainedSubviews.lastIndex(where: { $0 === subview }) else { return }
            index = found
        }
        // Swapped with the last one and dropped: O(1), and the order does not matter here.
        let last = retainedSubviews.count - 1
        if index != last {
            retainedSubviews.swapAt(index, last)
            retainedSubviews[index].indexInRetainedSubviews = Int32(truncatingIfNeeded: index)
        }
        // The subview may be freed here: nothing else is done with it.
        retainedSubviews.removeLast()
    }
}
