// Xlib for Swift: the core protocol calls and the window-manager hints.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
