/// The façade's exclusivity promise, written once for every fence.
///
/// Swift checks at run time that no two accesses to a class's stored property overlap when one of
/// them writes (`swift_beginAccess`). On the delivery's paths those checks cost more than the
/// work they guard, so a few stored properties turn them off with `@exclusivity(unchecked)`. Each
/// is the one place where an object keeps what the delivery changes (a `Storage` or `Progress`
/// value, a touch's life, a view's marks); such a property is a *fence*, and every fence keeps
/// this promise:
///
/// 1. **One thread.** An application and everything in it are used from the thread that delivers
///    its input (the façade's rule everywhere).
/// 2. **Leaf changes.** A change of fenced storage is one assignment or one short in-place
///    operation (an append, a removal by identity, a swap, a counter) that calls no code outside
///    the fence's own type — no responder, recognizer, delegate, observer or host closure — and
///    reads no other field of the same storage while it is under way.
/// 3. **Nothing held across a call.** A loop that calls out iterates over a copy of a fenced list,
///    over a list taken out of its field and given back afterwards, or re-reads the field after
///    each call. No access to fenced storage is held across a call that could reach it again.
///
/// A fence says `Fenced (``ExclusivityFence``)` beside its declaration, with what it holds and,
/// where rule 3 needs it, which loops take their lists out. Built with `HITKIT_INTERNAL_CHECKS`
/// every fence is an ordinary stored property, with the run-time checks back on, so that running
/// the tests that way (`swift test -Xswiftc -DHITKIT_INTERNAL_CHECKS`) checks the promise at every
/// access the tests make; the non-owning links become checked in the same build (``UnownedLink``).
enum ExclusivityFence {}
