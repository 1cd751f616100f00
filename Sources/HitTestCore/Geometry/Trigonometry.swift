// The C library's sin and cos: the standard library has none, and the engine takes no Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Double {
    @usableFromInline var cosineValue: Double { cos(self) }
    @usableFromInline var sineValue: Double { sin(self) }
}
