// Users of HitKit see the engine's geometry types (`Point`, `Rect`, `AffineTransform`, …) and
// `ViewStore` without importing HitTestCore themselves.
@_exported import HitTestCore
