import HitKit

/// How the delivery log names the keys down (Behaviour B6): by the NAME their `down` gave, or by
/// their code, and in the order they went down. The replay writes it before each step's keys
/// (after its edits, whose cancellations still read the names of the presses they end); the
/// press lines read it. A scene driven through C has no names: its keys go by their codes.
final class SceneKeyNames {
    private var names: [Int: String] = [:]
    /// The codes down, as the application sees them (a down adds, an up or cancel removes).
    private var down: Set<Int> = []

    /// Follows a step's key events, in order, before they are sent; a down for a key already
    /// down (a repeat) keeps the name of the key's first down.
    func follow(_ keys: [Scenario.KeyChange]) {
        for key in keys {
            switch key.phase {
            case .down:
                guard down.insert(key.code).inserted else { continue }
                names[key.code] = key.logName
            case .up, .cancelled:
                down.remove(key.code)
            }
        }
    }

    /// The name of the key `code` as its down gave it.
    func name(of code: Int) -> String {
        names[code] ?? String(code)
    }

    /// Key names of `presses`, in the order they began (a set's own order changes from run to
    /// run), comma-separated.
    func names(of presses: Set<HitKit.Press>) -> String {
        presses.sorted { $0.sequence < $1.sequence }
            .compactMap { $0.key.map { name(of: $0.keyCode.rawValue) } }
            .joined(separator: ",")
    }
}
