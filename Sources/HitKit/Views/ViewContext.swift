/// What every view of one application shares, held by each view as one reference rather than
/// two (a view object is then small enough for a smaller heap block): a weak link to the
/// application and the list that frees subviews without recursion.
final class ViewContext {
    /// The application, once it is gone `nil` for every view of it at once.
    // `@exclusivity(unchecked)`: set once, in `init`; read on every step of a delivery.
    @exclusivity(unchecked) private(set) weak var application: Application?
    /// Frees subviews without recursion when a view is freed.
    let teardown = ViewTeardown()

    init(application: Application) {
        self.application = application
    }
}
