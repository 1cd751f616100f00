@_exported import HitTestCore
