// The package's one platform import: every file of the package that calls the C library
// (`pthread_*`, `isatty`, `read`, `getaddrinfo`…) imports `SignalboxLocks` instead of
// choosing between Darwin, Glibc and Musl itself.
#if canImport(Darwin)
    @_exported import Darwin
#elseif canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#else
    #error("Signalbox needs the C library of Darwin, Glibc or Musl")
#endif
