/*
 * CHitKit.c - compiles nothing into the library: it includes the module's headers so that
 * SwiftPM's C compile of this file lists include/hitkit.h and thread_identity.h among its
 * dependencies. An edit of either header rebuilds this object, an input of HitKitC's Swift
 * compile, which then recompiles what reads the header (see module.modulemap).
 */
#include "../../include/hitkit.h"
#include "thread_identity.h"
