import Testing

/// `hitkit`'s arguments, exit codes and error messages (Behaviour B7), through the built command.
@Suite("The hitkit command line")
struct CommandLineTests {
    let colors = "Fixtures/scenes/seeds-colors.json"

    @Test func usageErrorsExitWithTwo() throws {
        let cases: [[String]] = [
            [], ["frobnicate"], ["hit-test"], ["hit-test", colors, "a", "b"],
            ["convert", colors, "blue", "red", "1"], ["chain", colors], ["chain", colors, "a", "b"],
        ]
        for arguments in cases {
            let result = try HitKitProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains("usage: hitkit hit-test SCENE [POINTS|-]"))
        }
        let help = try HitKitProcess.run(["help"])
        #expect(help.status == 0 && help.standardOutput.contains("hitkit chain SCENE ID"))
    }

    @Test func aMalformedPointLineStopsWithItsLineNumberAfterTheEarlierAnswers() throws {
        let result = try HitKitProcess.run(["hit-test", colors], input: "5 5\n25 45\n12 abc\n50 60\n")
        #expect(result.status == 2)
        #expect(result.outputLines == ["white", "green"])
        #expect(result.standardError == "<stdin>: line 3: expected two numbers \"x y\", found \"12 abc\"\n")

        let fromFile = try HitKitProcess.run(["hit-test", colors, "Fixtures/scenes/seeds-colors.json"])
        #expect(fromFile.status == 2)
        #expect(fromFile.standardOutput.isEmpty)
        #expect(fromFile.standardError.hasPrefix("Fixtures/scenes/seeds-colors.json: line 1: expected two numbers"))
    }

    @Test func blankLinesAndCarriageReturnsAreTolerated() throws {
        let result = try HitKitProcess.run(["hit-test", colors], input: "5 5\r\n\n   \n50\t60\r\n-1 -1")
        #expect(result.status == 0)
        #expect(result.outputLines == ["white", "blue", "-"])
    }

    @Test func nonFinitePointsHitNothing() throws {
        let result = try HitKitProcess.run(["hit-test", colors], input: "nan 5\n5 inf\n")
        #expect(result.status == 0 && result.outputLines == ["-", "-"])
    }

    @Test func missingFilesAreBadInput() throws {
        let scene = try HitKitProcess.run(["hit-test", "Fixtures/scenes/nope.json"], input: "1 1\n")
        #expect(scene.status == 2 && scene.standardOutput.isEmpty)
        #expect(scene.standardError == "Fixtures/scenes/nope.json: cannot read the file: no such file\n")
        let points = try HitKitProcess.run(["hit-test", colors, "Fixtures/scenes/nope.points"])
        #expect(points.status == 2 && points.standardOutput.isEmpty)
        #expect(points.standardError == "Fixtures/scenes/nope.points: cannot read the points file: no such file\n")
        let folder = try HitKitProcess.run(["hit-test", colors, "Fixtures/scenes"])
        #expect(folder.standardError == "Fixtures/scenes: cannot read the points file: is a directory\n")
    }

    @Test func anUnreadableStandardInputIsBadInputToo() throws {
        // read(2) fails with EISDIR: not an empty points list, as it once was taken for.
        let folder = try HitKitProcess.run(["hit-test", colors], standardInputFrom: "Fixtures/scenes")
        #expect(folder.status == 2 && folder.standardOutput.isEmpty)
        #expect(folder.standardError == "<stdin>: cannot read the points file: is a directory\n")
        let dash = try HitKitProcess.run(["hit-test", colors, "-"], standardInputFrom: "Fixtures/scenes")
        #expect(dash.status == 2 && dash.standardError == folder.standardError)
    }

    @Test func hitTestSaysItReadsATerminal() throws {
        let typed = try HitKitProcess.runOnTerminal(["hit-test", colors], typing: "5 5\n")
        #expect(typed.status == 0)
        #expect(typed.outputLines == ["white"])
        #expect(typed.standardError.contains("reading points from standard input"))
        // A pipe or a file is not someone typing: nothing is said.
        let piped = try HitKitProcess.run(["hit-test", colors], input: "5 5\n")
        #expect(piped.outputLines == ["white"] && piped.standardError.isEmpty)
    }

    @Test func replaySaysWhenItIsGivenASceneFile() throws {
        let result = try HitKitProcess.run(["replay", colors])
        #expect(result.status == 2 && result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("\(colors): this is a scene file, not a scenario; replay takes a scenario"))
        // A broken file that is not a scene either keeps the scenario loader's own message.
        let broken = try HitKitProcess.run(["replay", "Fixtures/scenes/nope.json"])
        #expect(broken.standardError == "Fixtures/scenes/nope.json: cannot read the file: no such file\n")
    }

    @Test func convertRefusesWhatIsNotAViewOrANumber() throws {
        let badNumber = try HitKitProcess.run(["convert", colors, "blue", "red", "1", "two"])
        #expect(badNumber.status == 2 && badNumber.standardOutput.isEmpty)
        #expect(badNumber.standardError.contains("expected a number for y, found \"two\""))
        // The numbers of a points file: no hex, nothing after the number.
        for (x, y) in [("0x10", "1"), ("1", "2px")] {
            let refused = try HitKitProcess.run(["convert", colors, "blue", "red", x, y])
            #expect(refused.status == 2 && refused.standardOutput.isEmpty, "\(x) \(y)")
        }
        let unknown = try HitKitProcess.run(["convert", colors, "purple", "screen", "1", "2"])
        #expect(unknown.status == 2 && unknown.standardError.contains("no object has the id \"purple\""))
        let controller = try HitKitProcess.run(["convert", "Fixtures/scenes/text-field-chain.json", "vc", "screen", "1", "2"])
        #expect(controller.status == 2 && controller.standardError.contains("\"vc\" is a view controller"))
    }

    @Test func convertPrintsDoublesAsSwiftDoes() throws {
        // Screen to screen is the identity, so this checks the printing alone: the shortest form
        // that reads back to the same Double, in Swift's spelling.
        let cases = [("0.1", "0.2", "0.1 0.2"), ("1e-5", "3", "1e-05 3.0"), ("100000000000000000000", "-0", "1e+20 -0.0"),
                     ("0.30000000000000004", "2.5", "0.30000000000000004 2.5")]
        for (x, y, expected) in cases {
            let result = try HitKitProcess.run(["convert", colors, "screen", "screen", x, y])
            #expect(result.status == 0)
            #expect(result.standardOutput == expected + "\n")
        }
        // A path with rounding: 0.1 into the window and back out is not exactly 0.1.
        let rounded = try HitKitProcess.run(["convert", "Fixtures/scenes/geometry.json", "screen", "cb", "0.1", "0.2"])
        #expect(rounded.standardOutput == "-79.9 -89.80000000000001\n")
    }

    @Test func chainRefusesWhatIsNotAResponder() throws {
        let gesture = try HitKitProcess.run(["chain", "Fixtures/scenes/gestures-controls.json", "pan"])
        #expect(gesture.status == 2 && gesture.standardOutput.isEmpty)
        #expect(gesture.standardError.contains("\"pan\" is a gesture recognizer, not a responder"))
        let unknown = try HitKitProcess.run(["chain", colors, "purple"])
        #expect(unknown.status == 2 && unknown.standardError.contains("no object has the id \"purple\""))
    }
}
