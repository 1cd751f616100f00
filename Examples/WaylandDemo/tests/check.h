/*
 * check.h - the unit tests' checks: each CHECK counts a pass or prints the failure with its line;
 * check_summary prints "N passed, N failed" and gives the exit status.
 */
#ifndef HITKIT_DEMO_CHECK_H
#define HITKIT_DEMO_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(condition) check_that((condition), #condition, __FILE__, __LINE__)
#define CHECK_NEAR(a, b) check_near((a), (b), #a " == " #b, __FILE__, __LINE__)
#define CHECK_STR(a, b) check_string((a), (b), #a, __FILE__, __LINE__)

static inline int check_that(int ok, const char *what, const char *file, int line) {
    if (ok) check_passed++;
    else {
        check_failed++;
        printf("FAIL %s:%d: %s\n", file, line, what);
    }
    return ok;
}

static inline int check_near(double a, double b, const char *what, const char *file, int line) {
    int ok = fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
    if (!ok) printf("     %.17g != %.17g\n", a, b);
    return check_that(ok, what, file, line);
}

static inline int check_string(const char *a, const char *b, const char *what, const char *file, int line) {
    int ok = a && b && strcmp(a, b) == 0;
    if (!ok) printf("     \"%s\" != \"%s\"\n", a ? a : "(null)", b ? b : "(null)");
    return check_that(ok, what, file, line);
}

static inline int check_summary(const char *suite) {
    printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
