// `hitkit`: Behaviour B7's command line over HitKitScene.
import Foundation
import HitKitScene

// On a large stack: a touch or press no view keeps goes up the responder chain one call per
// responder, which a scene the loader accepts (about 10,000 views deep) would overflow the main
// thread's 8 MiB with.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(LargeStack.run { HitKitTool.run(arguments) })
