/// The C API's version, `hk_version()` in include/hitkit.h: bumped when the ABI changes.
@_cdecl("hk_version")
public func hk_version() -> Int32 { 1 }
