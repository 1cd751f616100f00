// View handles with their owner: `hk_view.index` holds the row in its low 24 bits and the owner
// tag of its store (an app's store included) in the 7 bits above, so a handle used with another
// app or store is refused (HK_ERR_FOREIGN_HANDLE) instead of naming whatever view has that row
// there. The generation stays the engine's, so a destroyed view's handle stays stale forever.
//
// Every handle is decoded by the store, app or snapshot the call looked up (its owner), and
// every handle given to C is encoded with the tag of the owner it came from.

import CHitKit
import HitTestCore

enum ViewHandles {
    static let rowBits: Int32 = 24
    static let rowMask: Int32 = (1 << rowBits) - 1
    /// Tags 1...127 (0 is never issued: a handle C made up is foreign to every store).
    static let maxTag: Int32 = 127

    /// The engine handle of a C view handle of `owner`'s.
    @inline(__always)
    static func decode(_ index: Int32, _ generation: UInt32, owner: Int32) throws(CFailure) -> ViewID {
        guard index >> rowBits == owner else { try throwForeign(index >> rowBits, owner) }
        return ViewID(index: index & rowMask, generation: generation)
    }

    /// The C index of an engine handle of `owner`'s. Every store C reaches holds at most
    /// `Limits.viewsPerStore` views (made so by the calls that create them), so every row fits.
    @inline(__always)
    static func encode(_ id: ViewID, owner: Int32) -> Int32 {
        checkNameable(id)
        return owner << rowBits | id.index
    }

    /// Under HITKIT_INTERNAL_CHECKS, a view given to C must have a row its handle can name.
    @inline(__always)
    static func checkNameable(_ id: ViewID) {
        #if HITKIT_INTERNAL_CHECKS
        precondition(id.index >= 0 && id.index <= rowMask, "row \(id.index) past the last a C handle names: a store C reaches was made without its view limit")
        #endif
    }

    static func foreign(_ tag: Int32, _ current: Int32) -> CFailure {
        let whose = switch tag {
        // hk_no_view() means "the screen" to a conversion and "none" in answers, never a view.
        case ..<0: "is hk_no_view() or another negative index, which names no view here"
        case 0: "was not issued by HitKit"
        default: "belongs to another app or store (owner tag \(tag), not \(current))"
        }
        return CFailure(.foreignHandle, "the view handle \(whose)")
    }

    @inline(never)
    static func throwForeign(_ tag: Int32, _ current: Int32) throws(CFailure) -> Never {
        throw foreign(tag, current)
    }

}

/// A store, an app (with its store's tag) or a snapshot (with its store's): what C's view
/// handles in a call belong to.
protocol ViewHandleOwner {
    var tag: Int32 { get }
}

/// An owner's tag alone, for callbacks that outlive the call that set them up.
struct OwnerTag: ViewHandleOwner {
    let tag: Int32
}

extension ViewHandleOwner {
    var ownerTag: OwnerTag { OwnerTag(tag: tag) }
}

extension ViewHandleOwner {
    /// The view a C handle names; a negative index (hk_no_view()) is refused as foreign, as any
    /// index without this owner's tag is.
    @inline(__always)
    func viewID(_ index: Int32, _ generation: UInt32) throws(CFailure) -> ViewID {
        try ViewHandles.decode(index, generation, owner: tag)
    }

    /// The view a C handle names, or nil for hk_no_view().
    @inline(__always)
    func viewID(ifAny index: Int32, _ generation: UInt32) throws(CFailure) -> ViewID? {
        index < 0 ? nil : try viewID(index, generation)
    }

    /// The view a C handle names, which must not be hk_no_view().
    func requiredViewID(_ index: Int32, _ generation: UInt32, _ role: String = "view") throws(CFailure) -> ViewID {
        guard let id = try viewID(ifAny: index, generation) else { throw CFailure(.invalidArgument, "the \(role) is hk_no_view()") }
        return id
    }

    /// The coordinate space a C handle names: hk_no_view() is the screen.
    @inline(__always)
    func coordinateSpace(_ index: Int32, _ generation: UInt32) throws(CFailure) -> CoordinateSpace {
        try viewID(ifAny: index, generation).map(CoordinateSpace.view) ?? .screen
    }

    /// The C handle of a view for a callback's event: hk_no_view() for `nil`.
    func handle(_ id: ViewID?) -> hk_view {
        guard let id else { return hk_view(index: -1, generation: 0) }
        return hk_view(index: ViewHandles.encode(id, owner: tag), generation: id.generation)
    }

    /// Writes the C handle of a view (hk_no_view() for `nil`) where C's `hk_view *` points.
    @inline(__always)
    func write(_ id: ViewID?, to out: UnsafeMutableRawPointer) {
        guard let id else { return writeC(hk_view(index: -1, generation: 0), to: out) }
        writeAnswer(id, to: out)
    }

    /// Writes the C handle of a view.
    @inline(__always)
    func writeAnswer(_ id: ViewID, to out: UnsafeMutableRawPointer) {
        ViewHandles.checkNameable(id)
        #if _endian(little)
        // hk_view is ViewID's {int32 index; uint32 generation} (a promise of ViewID's,
        // ViewIDLayoutTests) with the tag in the index's top bits: the engine's answer, which
        // comes back as one word, or-ed with the tag and written in one store.
        let tagBits = UInt64(UInt32(bitPattern: tag << ViewHandles.rowBits))
        out.storeBytes(of: unsafeBitCast(id, to: UInt64.self) | tagBits, as: UInt64.self)
        #else
        writeC(hk_view(index: ViewHandles.encode(id, owner: tag), generation: id.generation), to: out)
        #endif
    }
}
