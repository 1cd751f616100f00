import HitTestCore

// A workaround for an engine memory bug, reported with its reproduction; remove it once fixed.
//
// `ViewStore.refreshDerivedGeometry` writes `hotExtras[ensureExtras(r)].hitArea = …`: the column's
// base pointer is read before `ensureExtras` runs, and when `ensureExtras` has to grow the column
// (the row's first side-table slot, with all slots taken) the new hit area is written into the
// freed buffer — a use after free (AddressSanitizer: heap-buffer-overflow in `Column.subscript`)
// and a lost hit area. Only `setBounds` and `setFrame` reach it, with a negative or non-finite
// size on a row that has no slot yet. Every other setter takes the slot before refreshing.

extension DifferentialHarness {
    /// Whether the harness steers around the engine bug above. Set it to `false` once the engine
    /// is fixed: the differential tests and the fuzzer then reach that path again (today they
    /// would find heap corruption, crashes and wrong hit areas there).
    public static let avoidsHotExtrasGrowthBug = true
}

extension ViewStore {
    /// `setBounds`, taking the row's side-table slot first when the bounds will need one.
    func setBoundsAvoidingGrowthBug(_ bounds: Rect, of id: ViewID) throws(ViewStoreError) {
        try takeSideTableSlotIfNeeded(size: bounds.size, of: id)
        try setBounds(bounds, of: id)
    }

    /// `setFrame`, taking the row's side-table slot first when the bounds will need one.
    func setFrameAvoidingGrowthBug(_ frame: Rect, of id: ViewID) throws(ViewStoreError) {
        try takeSideTableSlotIfNeeded(size: frame.size, of: id)
        try setFrame(frame, of: id)
    }

    /// Sets the alpha to another value and back: `setAlpha` takes a slot before anything reads
    /// the hot column, and leaves the view exactly as it was.
    private func takeSideTableSlotIfNeeded(size: Size, of id: ViewID) throws(ViewStoreError) {
        guard DifferentialHarness.avoidsHotExtrasGrowthBug,
              !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0)
        else { return }
        let alpha = try self.alpha(of: id)
        try setAlpha(alpha == 0.5 ? 0.25 : 0.5, of: id)
        try setAlpha(alpha, of: id)
    }
}
