/// Frees a tree of views without recursion.
///
/// A view keeps its subviews alive, so freeing the root of a deep tree would free each subview
/// from inside its parent's `deinit` — one stack frame per level, which overflows a thread's stack
/// at a few thousand levels. Instead, a view's `deinit` hands its subviews to this list, and only
/// the outermost `deinit` under way lets go of them, one at a time in a loop: each freed view adds
/// its own subviews to the list and returns at once. The stack stays flat at any depth.
///
/// One list per application: its views are used from one thread.
final class ViewTeardown {
    private var pending: [View] = []
    private var isDraining = false

    /// Takes over `subviews` from a view being freed; frees them (and, in turn, theirs) unless
    /// an outer `deinit` is already doing so.
    func release(_ subviews: inout [View]) {
        // Moved, not copied: no other reference may remain in the freed view's frame.
        pending.append(contentsOf: subviews)
        subviews = []
        guard !isDraining else { return }
        isDraining = true
        // `popLast` moves the last reference out; it is dropped at the end of each pass, which
        // may run that view's `deinit` (which only appends here).
        while let view = pending.popLast() { _ = view }
        isDraining = false
    }
}
