import Testing
@testable import HitTestCore
