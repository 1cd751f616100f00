/// How many segments or pages the built-in controls hold; the C library's `HK_MAX_CONTROL_COUNT`
/// is the same bound.
public enum ControlLimits {
    /// The most segments a ``SegmentedControl`` and pages a ``PageControl`` hold (4,096): a
    /// larger count clamps to it, so a wild value cannot make a control grow until memory runs out.
    public static let maximumSegmentsOrPages = 4_096
}
