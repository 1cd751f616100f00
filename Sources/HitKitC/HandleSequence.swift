// The numbers an app gives C for its objects of one kind: 1 and up, never given twice, so that a
// stale number can never name a newer object.

/// An app's numbering of one kind of object for C (recognizers, controllers, key commands,
/// interactions, added control actions).
///
/// Numbers are never reused, so an app that has numbered 2^31 - 2 objects of one kind in its life
/// can number no more of it: the next call that would make one answers HK_ERR_LIMIT.
struct HandleSequence {
    /// The number ``take()`` gives next. Set near the end only by a test, to reach the last number
    /// without two billion objects.
    var next: Int32 = 1
    /// What is numbered, as an error message names it ("gesture recognizer handle").
    let kind: String

    init(of kind: String) {
        self.kind = kind
    }

    /// The number ``take()`` gives next; with none left, HK_ERR_LIMIT. Asked before an object is
    /// made or attached, so that a refused one leaves nothing behind.
    func peek() throws(CFailure) -> Int32 {
        guard next < Int32.max else {
            throw CFailure(.limit, "this app has given out every \(kind) (\(Int32.max - 1)); they are never reused")
        }
        return next
    }

    /// Gives the next number; with none left, HK_ERR_LIMIT and nothing taken.
    mutating func take() throws(CFailure) -> Int32 {
        let number = try peek()
        next += 1
        return number
    }
}
