#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value and the mutex guarding it, in one heap block (a `ManagedBuffer` with the value as
/// its header and the mutex as its tail element).
///
/// Why a separate object: a `MutableProperty`'s producer keeps its cell, so that a run
/// started after the property deinitialised can still send the last value.
@usableFromInline
final class LockedCell<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    // The value (the header) is only touched inside `withLock`, under the mutex. (Not
    // `Sendable`: `ManagedBuffer` rules it out; its owners are `@unchecked Sendable`.)

    @usableFromInline
    static func make(_ value: Value) -> LockedCell<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` allocates an instance of the class it is called on.
        let cell = unsafeDowncast(buffer, to: LockedCell<Value>.self)
        cell.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutex, nil)
        }
        return cell
    }

    /// Runs `body` on the value with the mutex held.
    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value, read under the mutex.
    @inlinable
    var value: Value {
        withLock { $0 }
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
