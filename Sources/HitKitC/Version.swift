/// The library's version, `hk_version()` in include/hitkit.h: HK_VERSION_NUMBER(MAJOR, MINOR, PATCH)
/// of the header's HK_VERSION_ macros (Scripts/check-c-library.sh checks that they agree).
@_cdecl("hk_version")
public func hk_version() -> Int32 { 1 * 10000 + 0 * 100 + 0 }
