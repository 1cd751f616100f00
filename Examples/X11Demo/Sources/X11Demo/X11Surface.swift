import CX11
#if canImport(Glibc)
import Glibc
#endif

/// One Xlib top-level window with an off-screen pixmap to draw into: each redraw fills the
/// pixmap and copies it to the window at once, so the screen never shows a half-drawn scene.
final class X11Surface {
    enum OpenError: Error, CustomStringConvertible {
        case noDisplay(String)
        var description: String {
            switch self {
            case .noDisplay(let name): "cannot open X display \(name.isEmpty ? "(DISPLAY unset)" : name)"
            }
        }
    }

    let display: OpaquePointer
    let window: Window
    let width: Int32
    let height: Int32
    /// The window manager's "close" message, to quit when the window is closed.
    let deleteWindowAtom: Atom
    private let screen: Int32
    private let backBuffer: Pixmap
    private let gc: GC
    private var pixels: [Colour: UInt] = [:]

    init(title: String, width: Int32, height: Int32) throws(OpenError) {
        guard let display = XOpenDisplay(nil) else {
            let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            throw .noDisplay(name)
        }
        self.display = display
        self.width = width
        self.height = height
        screen = XDefaultScreen(display)
        // At the root's origin: with no window manager (Xvfb) it stays there, so window and
        // screen coordinates agree for the script's xdotool clicks and screenshots.
        window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height),
                                     0, XBlackPixel(display, screen), XBlackPixel(display, screen))
        XStoreName(display, window, title)
        let events = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | EnterWindowMask | LeaveWindowMask | KeyPressMask | KeyReleaseMask | FocusChangeMask | StructureNotifyMask
        XSelectInput(display, window, events)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        backBuffer = XCreatePixmap(display, window, UInt32(width), UInt32(height),
                                   UInt32(XDefaultDepth(display, screen)))
        gc = XCreateGC(display, backBuffer, 0, nil)
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        XFreeGC(display, gc)
        XFreePixmap(display, backBuffer)
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// The file descriptor of the X connection, to wait on with `poll`.
    var connection: Int32 { XConnectionNumber(display) }

    // MARK: Drawing into the back buffer

    func fill(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ colour: Colour) {
        guard width > 0, height > 0 else { return }
        XSetForeground(display, gc, pixel(for: colour))
        XFillRectangle(display, backBuffer, gc, x, y, UInt32(width), UInt32(height))
    }

    /// Fills the convex polygon through `points` (window pixels).
    func fillPolygon(_ points: [(x: Int32, y: Int32)], _ colour: Colour) {
        var corners = points.map { XPoint(x: Int16(clamping: $0.x), y: Int16(clamping: $0.y)) }
        XSetForeground(display, gc, pixel(for: colour))
        XFillPolygon(display, backBuffer, gc, &corners, Int32(corners.count), Convex, CoordModeOrigin)
    }

    /// Draws `text` with its baseline at `y`, in the server's default font.
    func text(_ text: String, x: Int32, y: Int32, _ colour: Colour) {
        XSetForeground(display, gc, pixel(for: colour))
        var bytes = Array(text.utf8CString.dropLast())
        XDrawString(display, backBuffer, gc, x, y, &bytes, Int32(bytes.count))
    }

    /// Shows the back buffer.
    func present() {
        XCopyArea(display, backBuffer, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
        XFlush(display)
    }

    /// The server's pixel for a colour, allocated once (exact on the TrueColor visuals Xvfb
    /// and desktops use).
    private func pixel(for colour: Colour) -> UInt {
        if let known = pixels[colour] { return known }
        var request = XColor()
        request.red = UInt16(colour.red) * 257
        request.green = UInt16(colour.green) * 257
        request.blue = UInt16(colour.blue) * 257
        request.flags = CChar(DoRed | DoGreen | DoBlue)
        let allocated = XAllocColor(display, XDefaultColormap(display, screen), &request) != 0
        let value = allocated ? request.pixel : XWhitePixel(display, screen)
        pixels[colour] = value
        return value
    }
}
