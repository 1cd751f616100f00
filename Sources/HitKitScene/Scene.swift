import HitKit
