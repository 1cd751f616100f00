// `hitkit`: Behaviour B7's command line over HitKitScene.
import Foundation

exit(HitKitTool.run(Array(CommandLine.arguments.dropFirst())))
