import SignalboxLocks
import Synchronization

/// The state of a set of disposables that are disposed together: what a
/// `CompositeDisposable` holds, and what a producer run's `Lifetime` holds itself (so that a
/// run allocates one object fewer than a lifetime wrapping a composite).
///
/// Its owner keeps it in an `@exclusivity(unchecked) var` beside a `Lock`, and calls its
/// methods only inside `lock.withLock { … }`: the access to the state then begins after the
/// lock is taken and ends before it is released, so accesses from several threads never
/// overlap. (A lock inside the struct, taken by its `mutating` methods, would begin each
/// access before taking the lock: an exclusivity violation the thread sanitizer reports.)
/// Nothing here calls out; what must run outside the lock is handed back (`Contents`).
///
/// Why an array and not a dictionary: every run of a producer has one of these, so its cost
/// is paid per subscription. Keys grow with each `add`, so the array stays sorted by key:
/// disposal walks it in order (no sort) and removal finds a key by binary search.
@usableFromInline
struct DisposalState {
    private var members: ContiguousArray<(key: UInt64, member: Disposable)> = []
    private var nextKey: UInt64 = 0
    /// Whether the state was disposed (`takeForDisposal()` called).
    private(set) var disposed = false
    /// Runs before the members on disposal; a producer run keeps its interrupter here (see
    /// `ProducerRun`), so that a run ending by itself also stops its source.
    private var first: (() -> Void)?
    /// Whether `first` was ever set (it is cleared when it runs).
    private var hadFirst = false

    init() {}

    /// Adds a member; returns its key, or `nil` if the state is disposed (then the caller
    /// disposes `disposable`, outside the lock).
    mutating func insert(_ disposable: Disposable) -> UInt64? {
        if disposed { return nil }
        let key = nextKey
        nextKey += 1
        members.append((key, disposable))
        return key
    }

    /// Takes out the member added under `key`, if it is still there (for the caller to
    /// release outside the lock: a member's deinit may call back).
    mutating func remove(key: UInt64) -> Disposable? {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].key < key { low = middle + 1 } else { high = middle }
        }
        guard low < members.count, members[low].key == key else { return nil }
        return members.remove(at: low).member
    }

    /// Runs `body` with whether the state is disposed, the action that runs before every
    /// member on disposal (`first`) and whether one was ever set (`hadFirst`).
    mutating func withFirst<Result>(
        _ body: (_ isDisposed: Bool, _ first: inout (() -> Void)?, _ hadFirst: inout Bool)
            -> Result
    ) -> Result {
        body(disposed, &first, &hadFirst)
    }

    /// Marks the state disposed and empties it; returns what to run, outside the lock, or
    /// `nil` if it was already disposed.
    mutating func takeForDisposal() -> Contents? {
        guard !disposed else { return nil }
        disposed = true
        let contents = Contents(first: first, members: members)
        first = nil
        members = []
        return contents
    }

    /// What a disposal runs once the lock is released: `first`, then the members, in the
    /// order they were added.
    struct Contents {
        let first: (() -> Void)?
        let members: ContiguousArray<(key: UInt64, member: Disposable)>

        func dispose() {
            first?()
            for entry in members { entry.member.dispose() }
        }
    }
}

/// An object holding a `DisposalState` whose members can be taken out again by key (what
/// `MemberRemoval` refers to).
protocol DisposalStateOwner: AnyObject, Sendable {
    /// Removes the member added under `key`, if it is still there (without disposing it).
    func removeMember(key: UInt64)
}

/// The handle an `add` returns: disposing it takes the member out again.
///
/// It holds the state's owner strongly (no weak reference, whose side table would cost an
/// allocation per owner); a disposed state holds nothing, so a kept handle keeps at most an
/// empty owner alive.
final class MemberRemoval: Disposable, Sendable {
    private let owner: any DisposalStateOwner
    private let key: UInt64
    private let removed = LockFreeAtomic<Bool>(false)

    init(_ owner: any DisposalStateOwner, key: UInt64) {
        self.owner = owner
        self.key = key
    }

    /// The handle for `disposable`, added to `owner` under `key`; or, when it was not added
    /// (`key` is `nil`: the owner is disposed), `nil`, having disposed `disposable`.
    static func handle(for disposable: Disposable, in owner: any DisposalStateOwner, key: UInt64?)
        -> Disposable?
    {
        guard let key else {
            disposable.dispose()
            return nil
        }
        return MemberRemoval(owner, key: key)
    }

    var isDisposed: Bool { removed.load(ordering: .acquiring) }

    func dispose() {
        guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        owner.removeMember(key: key)
    }
}
