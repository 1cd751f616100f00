// `hitkit`: Behaviour B7's command line over HitKitScene.
import Foundation
import HitKitScene

// On a large stack: decoding a scene recurses per nesting level, and a press no view keeps goes
// up the responder chain one call per responder that logs or overrides presses, which a scene
// the loader accepts (about 10,000 views deep) would overflow the main thread's 8 MiB with.
// (Touches go up any chain in a bounded stack: Behaviour A3, deep chains.)
let arguments = Array(CommandLine.arguments.dropFirst())
exit(LargeStack.run { HitKitTool.run(arguments) })
