import CHitKit

/// The library's version, `hk_version()` in include/hitkit.h: HK_VERSION_NUMBER of the header's own
/// HK_VERSION_MAJOR/MINOR/PATCH, read through the CHitKit module, so the two cannot disagree.
@_cdecl("hk_version")
public func hk_version() -> Int32 { HK_VERSION_MAJOR * 10000 + HK_VERSION_MINOR * 100 + HK_VERSION_PATCH }
