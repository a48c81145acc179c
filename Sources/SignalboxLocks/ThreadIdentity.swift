/// A number identifying the current thread, never 0, unique among running threads.
@inlinable @inline(__always)
package func currentThreadIdentity() -> UInt {
    // `pthread_t` is an integer on glibc and a pointer on Darwin and musl.
    #if canImport(Glibc)
        UInt(pthread_self())
    #else
        UInt(bitPattern: pthread_self())
    #endif
}
