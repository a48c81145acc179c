import Synchronization

/// A value and the lock guarding it, in one heap block (a `ManagedBuffer` with the value as
/// its header and the lock's word, see `LockWord`, as its tail element).
///
/// Why a separate object: a `MutableProperty`'s producer keeps its cell, so that a run
/// started after the property deinitialised can still send the last value. Why not a class
/// with a stored `var`: each access to it would pay a dynamic exclusivity check.
@usableFromInline
final class LockedCell<Value>: ManagedBuffer<Value, LockFreeAtomic<UInt32>> {
    // The value (the header) is only touched inside `withLock`, under the lock. (Not
    // `Sendable`: `ManagedBuffer` rules it out; its owners are `@unchecked Sendable`.)

    @usableFromInline
    static func make(_ value: Value) -> LockedCell<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` allocates an instance of the class it is called on.
        let cell = unsafeDowncast(buffer, to: LockedCell<Value>.self)
        cell.withUnsafeMutablePointerToElements { word in
            word.initialize(to: LockFreeAtomic(LockWord.free))
        }
        return cell
    }

    /// Runs `body` on the value with the lock held.
    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, word in
            let identity = UnsafeRawPointer(word)
            LockWord.lock(word.pointee, identity: identity)
            defer { LockWord.unlock(word.pointee, identity: identity) }
            return try body(&value.pointee)
        }
    }

    /// The value, read under the lock.
    @inlinable
    var value: Value {
        withLock { $0 }
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { word in
            word.deinitialize(count: 1)
        }
    }
}
