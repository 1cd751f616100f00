@testable import HitKit

/// Fingers that land, slide, lift and are cancelled at random in a 400 × 400 screen, as a host
/// sends them, for the property tests' streams; ``down`` is where each finger is.
struct RandomFingers {
    /// How many fingers there are (ids 0 ..< count).
    let count: Int
    /// How likely finger `id` is to change in a frame.
    let chance: (Int) -> Double
    /// A move's reach: the short one half the time, the long one otherwise.
    let reach: (short: Double, long: Double)
    /// Out of ten changes of a finger down: how many move and how many lift (the rest cancel).
    let moves: Int, lifts: Int
    private(set) var down: [Int: Point] = [:]

    init(count: Int = 3, chance: @escaping (Int) -> Double = { _ in 0.35 }, reach: (short: Double, long: Double) = (5, 80),
         moves: Int = 6, lifts: Int = 3) {
        self.count = count
        self.chance = chance
        self.reach = reach
        self.moves = moves
        self.lifts = lifts
    }

    /// One frame's changes; ``down`` follows them.
    mutating func frame(using rng: inout SplitMix64) -> [TouchInput] {
        var touches: [TouchInput] = []
        for id in 0..<count where rng.chance(chance(id)) {
            if let at = down[id] {
                let draw = Int.random(in: 0..<10, using: &rng)
                if draw < moves {
                    let reach = rng.chance(0.5) ? self.reach.short : self.reach.long
                    let to = Point(at.x + Double.random(in: -reach..<reach, using: &rng), at.y + Double.random(in: -reach..<reach, using: &rng))
                    touches.append(moved(id, to.x, to.y))
                    down[id] = to
                } else {
                    touches.append(draw < moves + lifts ? ended(id, at.x, at.y) : cancelled(id))
                    down[id] = nil
                }
            } else {
                let at = Point(Double.random(in: 0..<400, using: &rng), Double.random(in: 0..<400, using: &rng))
                touches.append(began(id, at.x, at.y))
                down[id] = at
            }
        }
        return touches
    }

    /// Every finger down lifts where it is.
    mutating func liftAll() -> [TouchInput] {
        defer { down = [:] }
        return down.sorted { $0.key < $1.key }.map { ended($0.key, $0.value.x, $0.value.y) }
    }
}
