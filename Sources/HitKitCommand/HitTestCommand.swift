import Foundation
import HitKitScene

/// `hitkit hit-test SCENE [POINTS|-]`: one output line per point, the id of the view hit or `-`.
enum HitTestCommand {
    static func run(scenePath: String, pointsPath: String, output: StandardOutput) throws(SceneError) {
        let scene = try LoadedScene.load(contentsOf: scenePath)
        let file = pointsPath == "-" ? "<stdin>" : pointsPath
        func answerLine(_ line: Substring, number: Int) throws(SceneError) {
            try answer(line, number: number, file: file, scene: scene, output: output)
        }
        var lines = LineCutter()
        if pointsPath == "-" {
            if isatty(STDIN_FILENO) == 1 {
                // Someone typing, not a pipe: without this the command looks as if it hangs.
                StandardError.write("hitkit: reading points from standard input, one \"x y\" a line; end with Ctrl-D\n")
            }
            // Standard input is answered line by line, so a program driving hitkit through a pipe
            // gets each answer before it sends the next point. It is read with read(2), not
            // readLine(), which ends at a read error as at the end of input: a read error is bad
            // input, not an empty points list.
            try FileReader.readStandardInput(named: file, describedAs: "the points file") { chunk throws(SceneError) in
                try lines.cut(chunk) { line, number throws(SceneError) in
                    try answerLine(line, number: number)
                    output.flush()
                }
            }
        } else {
            try lines.cut(try readPoints(pointsPath)[...], answerLine)
        }
        try lines.finish(answerLine)
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

/// Cuts a points list into lines as its bytes arrive, numbering them from 1. A line is handed on
/// once its line feed has come; a final line without one, at the end. A final line feed ends the
/// last line; it does not start an empty one.
private struct LineCutter {
    private var partial: [UInt8] = []
    private var number = 0

    mutating func cut(_ bytes: ArraySlice<UInt8>, _ line: (Substring, Int) throws(SceneError) -> Void) throws(SceneError) {
        var rest = bytes
        while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
            partial += rest[..<end]
            rest = rest[(end + 1)...]
            try handOn(line)
        }
        partial += rest
    }

    mutating func finish(_ line: (Substring, Int) throws(SceneError) -> Void) throws(SceneError) {
        if !partial.isEmpty { try handOn(line) }
    }

    private mutating func handOn(_ line: (Substring, Int) throws(SceneError) -> Void) throws(SceneError) {
        number += 1
        let text = Substring(decoding: partial, as: UTF8.self)
        partial.removeAll(keepingCapacity: true)
        try line(text, number)
    }
}
