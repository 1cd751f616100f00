import HitKit

/// How the delivery log names the keys down (Behaviour B6): by the NAME their `down` gave, or by
/// their code, and in the order they went down. The replay writes it before each step's keys
/// (after its edits, whose cancellations still read the names of the presses they end); the
/// press lines read it.
final class SceneKeyNames {
    private var names: [Int: (name: String, order: Int)] = [:]
    private var nextOrder = 0
    /// The codes down, as the application sees them (a down adds, an up or cancel removes).
    private var down: Set<Int> = []

    /// Follows a step's key events, in order, before they are sent; a down for a key already
    /// down (a repeat) keeps the name and order of the key's first down.
    func follow(_ keys: [Scenario.KeyChange]) {
        for key in keys {
            switch key.phase {
            case .down:
                guard down.insert(key.code).inserted else { continue }
                names[key.code] = (key.logName, nextOrder)
                nextOrder += 1
            case .up, .cancelled:
                down.remove(key.code)
            }
        }
    }

    /// The name of the key `code` as its down gave it.
    func name(of code: Int) -> String {
        names[code]?.name ?? String(code)
    }

    /// Key names of `presses`, in the order pressed, comma-separated.
    func names(of presses: Set<HitKit.Press>) -> String {
        presses.compactMap { $0.key?.keyCode.rawValue }
            .sorted { (names[$0]?.order ?? 0) < (names[$1]?.order ?? 0) }
            .map(name(of:))
            .joined(separator: ",")
    }
}
