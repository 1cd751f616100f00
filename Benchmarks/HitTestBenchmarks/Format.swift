import Foundation

/// Number formatting shared by the table, the Markdown and the plot.
enum Format {
    static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<1_000: String(format: "%.1f ns", value)
        case ..<1_000_000: String(format: "%.2f µs", value / 1_000)
        default: String(format: "%.2f ms", value / 1_000_000)
        }
    }

    static func ratio(_ value: Double) -> String {
        String(format: value < 10 ? "%.1f×" : "%.0f×", value)
    }

    static func decimal(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func count(_ value: Int) -> String {
        var digits = String(value), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits = String(digits.dropLast(3))
        }
        return digits + grouped
    }
}
