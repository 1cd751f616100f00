/// A handler that sees every key down before any responder, key command or focus does: the hook
/// through which A11's Escape and Menu key are "taken before anything else sees them".
///
/// A key down an interceptor takes makes no press and is not unhandled; the key stays down until
/// its up, which is ignored, and its repeats do nothing (Behaviour A10, *Keys taken before the
/// chain*). Interceptors are asked in the order they were added, for every key down that is not
/// a repeat, first thing after the key event is found valid; the first that answers true takes it.
package protocol KeyInterceptor: AnyObject {
    /// Whether to take `key`'s down. `target` is where its press would go (the key window's
    /// focused item, first responder, root view controller or the window itself; `nil` without
    /// a key window).
    func takesKeyDown(_ key: Key, target: Responder?, in application: Application) -> Bool
}

extension Application {
    /// Adds `interceptor` after those already added. The application keeps it until
    /// ``removeKeyInterceptor(_:)``.
    package func addKeyInterceptor(_ interceptor: any KeyInterceptor) {
        guard !keyboard.interceptors.contains(where: { $0 === interceptor }) else { return }
        keyboard.interceptors.append(interceptor)
    }

    package func removeKeyInterceptor(_ interceptor: any KeyInterceptor) {
        keyboard.interceptors.removeAll { $0 === interceptor }
    }
}
