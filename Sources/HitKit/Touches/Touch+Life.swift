extension Touch {
    /// One life of a touch, from its began to its end: every field a touch stores. A new touch and
    /// an ended one reused for a later finger both start a life through this type's one
    /// initializer, so a field added here cannot be left stale on reuse (`TouchReuseTests` checks
    /// every field of a reused touch against a new one's).
    struct Life {
        var id: Int
        var phase: Phase
        var timestamp: Double
        var tapCount: Int
        /// The hit-test view at began, linked by id (``ViewLink``: the touch does not own it,
        /// and a weak reference would slow every retain of the view).
        var viewLink: Optional<ViewLink<View>>
        /// The window of ``Touch/view``, linked by id; its id is what ``Touch/isIn(_:)`` compares.
        var windowLink: Optional<ViewLink<Window>>
        var gestureRecognizers: [GestureRecognizer]
        // High-rate input (Behaviour A3; Touch+Samples.swift): 0 where the input gives none.
        var force: Double
        var maximumPossibleForce: Double
        var majorRadius: Double
        var majorRadiusTolerance: Double
        /// The last frame's samples with force and radius filled in, oldest first (one at least,
        /// once the touch has changed in a frame); kept with their capacity from life to life.
        var frameSamples: [TouchSample]
        /// The last frame's predicted samples.
        var framePredictedSamples: [TouchSample]
        /// The location on the screen, before the last move, and at began.
        var screenLocation: Point
        var previousScreenLocation: Point
        var beganScreenLocation: Point
        /// The pointer's buttons when this touch began, for a pointer's click; `nil` for a finger
        /// (Behaviour A8, see Pointer/TouchTypes.swift).
        var buttonMaskAtBegan: Optional<Event.ButtonMask>
        /// The dispatcher's and the arena's marks (TouchBookkeeping.swift).
        var bookkeeping: TouchBookkeeping

        /// A life beginning now. `buffers` is the previous life's storage, emptied (or a new
        /// touch's empty buffers): only capacity carries over.
        init(id: Int, at location: Point, time: Double, view: View?, tapCount: Int, sequence: Int,
             buffers: consuming Buffers) {
            // The buffers are moved out of `buffers`, not copied: a copy would leave them shared
            // until `buffers` ends, and the first append below would then allocate a new one.
            var buffers = buffers
            // Each field is assigned once, and the optional ones are declared `Optional<…>`, not
            // `T?` (which starts a stored var as an implicit `nil`): with either undone, the
            // compiled code builds the life twice and copies one onto the other, about 460
            // instructions a began (the benchmark fails a row that makes the copy:
            // `CallgrindRun.unwantedCopies`).
            var gestureRecognizers: [GestureRecognizer] = []
            swap(&gestureRecognizers, &buffers.gestureRecognizers)
            // Step 1's walk up the chain also finds the window (at the chain's end).
            var windowLink: ViewLink<Window>? = nil
            if let view {
                windowLink = GestureArena.listRecognizers(from: view, into: &gestureRecognizers).map(ViewLink.init)
            }
            self.id = id
            phase = .began
            timestamp = time
            self.tapCount = tapCount
            viewLink = view.map(ViewLink.init)
            self.windowLink = windowLink
            self.gestureRecognizers = gestureRecognizers
            force = 0
            maximumPossibleForce = 0
            majorRadius = 0
            majorRadiusTolerance = 0
            frameSamples = []
            swap(&frameSamples, &buffers.frameSamples)
            framePredictedSamples = []
            swap(&framePredictedSamples, &buffers.framePredictedSamples)
            screenLocation = location
            previousScreenLocation = location
            beganScreenLocation = location
            buttonMaskAtBegan = nil
            var route = TouchRoute()
            swap(&route, &buffers.route)
            bookkeeping = TouchBookkeeping(sequence: sequence, route: route)
        }

        /// The storage a life hands on to the next, emptied.
        struct Buffers {
            var gestureRecognizers: [GestureRecognizer] = []
            var frameSamples: [TouchSample] = []
            var framePredictedSamples: [TouchSample] = []
            var route = TouchRoute()
        }

        /// Takes this life's buffers out, emptied, for the next life (moved, so they stay
        /// uniquely referenced and keep their capacity).
        mutating func takeBuffers() -> Buffers {
            var buffers = Buffers()
            swap(&buffers.gestureRecognizers, &gestureRecognizers)
            swap(&buffers.frameSamples, &frameSamples)
            swap(&buffers.framePredictedSamples, &framePredictedSamples)
            swap(&buffers.route, &bookkeeping.route)
            buffers.gestureRecognizers.removeAllKeepingCapacity()
            buffers.frameSamples.removeAllKeepingCapacity()
            buffers.framePredictedSamples.removeAllKeepingCapacity()
            buffers.route = buffers.route.emptied()
            return buffers
        }
    }
}
