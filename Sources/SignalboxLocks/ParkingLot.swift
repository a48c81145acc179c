#if !canImport(Darwin)
    /// The table of mutexes and condition variables where threads wait for a `LockWord`: made
    /// once, on the first contended lock, and never freed. (Not on Darwin, where the word is
    /// an `os_unfair_lock` and the kernel parks its waiters.)
    @usableFromInline
    package final class ParkingLot: @unchecked Sendable {
        // Safety: the mutexes and condition variables are made before `shared` is published
        // and are only used through pthread calls, which synchronise by themselves; the
        // pointers never change.

        /// One mutex and its condition variable.
        @usableFromInline
        package struct Bucket {
            @usableFromInline package let mutex: UnsafeMutablePointer<pthread_mutex_t>
            @usableFromInline package let condition: UnsafeMutablePointer<pthread_cond_t>
        }

        /// A power of two, so that a bucket is chosen with a mask.
        static let bucketCount = 64

        @usableFromInline package static let shared = ParkingLot()

        private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
        private let conditions: UnsafeMutablePointer<pthread_cond_t>

        private init() {
            mutexes = .allocate(capacity: Self.bucketCount)
            conditions = .allocate(capacity: Self.bucketCount)
            for index in 0..<Self.bucketCount {
                (mutexes + index).initialize(to: pthread_mutex_t())
                _ = pthread_mutex_init(mutexes + index, nil)
                (conditions + index).initialize(to: pthread_cond_t())
                _ = pthread_cond_init(conditions + index, nil)
            }
        }

        /// The bucket for the word at `address` (heap addresses: the low bits are alignment,
        /// so they are shifted out).
        @usableFromInline
        package func bucket(for address: UnsafeRawPointer) -> Bucket {
            let index =
                Int(truncatingIfNeeded: UInt(bitPattern: address) >> 4) & (Self.bucketCount - 1)
            return Bucket(mutex: mutexes + index, condition: conditions + index)
        }
    }
#endif
