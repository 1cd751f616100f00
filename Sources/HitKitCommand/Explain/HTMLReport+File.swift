import Foundation
import HitKitScene

extension HTMLReport {
    /// Replays `scenario` (loaded from `file`) for the report and writes the page to `path`.
    /// A file that cannot be written is reported as bad input, naming it.
    static func write(_ scenario: Scenario, file: String, to path: String) throws(SceneError) {
        let page = page(try ReportRecording(scenario, file: file), title: file)
        do {
            try Data(page.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw SceneError(file: path, location: .file, message: "cannot write the report: \(error.localizedDescription)")
        }
    }
}
