import Foundation
import HitKitScene

/// `hitkit hit-test SCENE [POINTS|-]`: one output line per point, the id of the view hit or `-`.
enum HitTestCommand {
    static func run(scenePath: String, pointsPath: String, output: StandardOutput) throws(SceneError) {
        let scene = try LoadedScene.load(contentsOf: scenePath)
        if pointsPath == "-" {
            if isatty(STDIN_FILENO) == 1 {
                // Someone typing, not a pipe: without this the command looks as if it hangs.
                StandardError.write("hitkit: reading points from standard input, one \"x y\" a line; end with Ctrl-D\n")
            }
            // Standard input is answered line by line, so a program driving hitkit through a pipe
            // gets each answer before it sends the next point.
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                try answer(line[...], number: number, file: "<stdin>", scene: scene, output: output)
                output.flush()
            }
        } else {
            let bytes = try readPoints(pointsPath)
            var number = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                // A final newline ends the last line; it does not start an empty one.
                if line.isEmpty && line.endIndex == bytes.endIndex { break }
                try answer(Substring(decoding: line, as: UTF8.self), number: number, file: pointsPath, scene: scene, output: output)
            }
        }
    }

    private static func answer(_ line: Substring, number: Int, file: String, scene: LoadedScene,
                               output: StandardOutput) throws(SceneError) {
        switch PointLine.parse(line) {
        case .blank:
            break
        case .point(let point):
            output.write((scene.hitTest(screenPoint: point) ?? "-") + "\n")
        case .malformed(let message):
            throw SceneError(file: file, location: .line(number, column: nil), message: message)
        }
    }

    private static func readPoints(_ path: String) throws(SceneError) -> [UInt8] {
        try FileReader.contents(of: path, describedAs: "the points file")
    }
}
