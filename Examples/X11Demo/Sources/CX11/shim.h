// Xlib for Swift: the core protocol calls, the window-manager hints, XKB's detectable auto-repeat
// and XInput 2 (touches, smooth-scroll valuators, touchpad gestures).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
