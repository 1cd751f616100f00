// exp, log and log1p from the C library: the façade takes no Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's functions the motion curves use, under names that say what they are.
enum MotionMath {
    static func exponential(_ x: Double) -> Double { exp(x) }
    static func naturalLog(_ x: Double) -> Double { log(x) }
    /// ln(1 + x), exact for small x.
    static func naturalLogOnePlus(_ x: Double) -> Double { log1p(x) }
}
