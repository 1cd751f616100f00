// X11Demo: HitKit embedded in a bare Xlib main loop. See README.md.
#if canImport(Glibc)
import Glibc
#endif

/// Errors go to standard error, keeping standard output for the delivery log.
func printError(_ message: String) {
    writeLine(message, to: STDERR_FILENO)
}

let log = DeliveryLog()
let options: DemoOptions
do {
    options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("\(error.message)\n\(DemoOptions.usage)")
    exit(2)
}

MainActor.assumeIsolated {
    let scene = DemoScene(log: log)
    let surface: X11Surface
    do {
        surface = try X11Surface(title: "HitKit X11 demo", width: Int32(DemoScene.size.width),
                                 height: Int32(DemoScene.size.height))
    } catch {
        printError("X11Demo: \(error)")
        exit(1)
    }
    EventLoop(scene: scene, surface: surface, log: log, options: options).run()
}
