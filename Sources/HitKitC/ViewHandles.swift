// View handles with their owner: `hk_view.index` holds the row in its low 24 bits and the owner
// tag of its store (an app's store included) in the 7 bits above, so a handle used with another
// app or store is refused (HK_ERR_FOREIGN_HANDLE) instead of naming whatever view has that row
// there. The generation stays the engine's, so a destroyed view's handle stays stale forever.
//
// Entry points decode handles before or after they look their store or app up, so the check is
// kept per call (`CurrentCall.handleCheck`): the lookup sets the call's tag and checks the tags decoded before
// it; a handle decoded after it with another tag is turned into a row no store has (the engine
// refuses it without touching anything) and the call's status becomes HK_ERR_FOREIGN_HANDLE.
// Handles written back to C carry the call's tag.

import HitTestCore

enum ViewHandles {
    static let rowBits: Int32 = 24
    static let rowMask: Int32 = (1 << rowBits) - 1
    /// Tags 1...127 (0 is never issued: a handle C made up is foreign to every store).
    static let maxTag: Int32 = 127
    /// A row index no store reaches, for handles refused as foreign.
    static let refusedRow = Int32.max

    /// The engine handle of a C view handle (index >= 0), checked against the call's owner.
    static func decode(_ index: Int32, _ generation: UInt32) -> ViewID {
        let call = CurrentCall.onThisThread
        let tag = index >> rowBits
        if let current = call.handleCheck.tag {
            guard tag == current else {
                call.handleCheck.foreignTag = tag
                return ViewID(index: refusedRow, generation: generation)
            }
        } else {
            call.handleCheck.tagsBeforeLookup.append(tag)
        }
        return ViewID(index: index & rowMask, generation: generation)
    }

    /// The C index of an engine handle in the call's store; rows past the limit cannot be named
    /// (the call then fails with HK_ERR_LIMIT).
    static func encode(_ id: ViewID) -> Int32 {
        let call = CurrentCall.onThisThread
        guard id.index <= rowMask else {
            call.handleCheck.overLimit = true
            return -1
        }
        return (call.handleCheck.tag ?? 0) << rowBits | id.index
    }

    /// A store or app with `tag` was looked up by the current call.
    static func enter(tag: Int32) {
        let call = CurrentCall.onThisThread
        if call.handleCheck.tag == nil { call.handleCheck.tag = tag }
    }

    /// Refuses the call if a handle decoded before the lookup belongs to another owner.
    static func checkPending() throws(CFailure) {
        let call = CurrentCall.onThisThread
        guard let current = call.handleCheck.tag else { return }
        if let other = call.handleCheck.tagsBeforeLookup.first(where: { $0 != current }) {
            call.handleCheck.tagsBeforeLookup = []
            throw foreign(other, current)
        }
        call.handleCheck.tagsBeforeLookup = []
    }

    static func foreign(_ tag: Int32, _ current: Int32) -> CFailure {
        let whose = tag == 0 ? "was not issued by HitKit" : "belongs to another app or store (owner tag \(tag), not \(current))"
        return CFailure(.foreignHandle, "the view handle \(whose)")
    }

    /// The failure a call's handles caused, which takes the place of what the call reported.
    static func failure() -> CFailure? {
        let call = CurrentCall.onThisThread
        if let tag = call.handleCheck.foreignTag { return foreign(tag, call.handleCheck.tag ?? 0) }
        if call.handleCheck.overLimit {
            return CFailure(.limit, "the store has more than \(rowMask + 1) views: the new one cannot be named by a C handle")
        }
        return nil
    }
}
