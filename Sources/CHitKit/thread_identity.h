/*
 * thread_identity.h - the calling thread's identity in one load, for HitKitC's owner-thread
 * check (Sources/HitKitC/HandleTable.swift): the thread pointer, which glibc and musl point at
 * each live thread's own control block. Not part of the C API: include/hitkit.h does not
 * include it and the library installs only hitkit.h.
 */
#ifndef HITKIT_THREAD_IDENTITY_H
#define HITKIT_THREAD_IDENTITY_H

#include <pthread.h>
#include <stdint.h>

/* Always inlined: a call would spill the caller's registers around one load. */
static inline __attribute__((always_inline)) uintptr_t hk_internal_thread_identity(void) {
#if defined(__x86_64__)
    uintptr_t identity;
    __asm__("mov %%fs:0, %0" : "=r"(identity));
    return identity;
#elif defined(__aarch64__)
    uintptr_t identity;
    __asm__("mrs %0, tpidr_el0" : "=r"(identity));
    return identity;
#else
    return (uintptr_t)pthread_self();
#endif
}

#endif
