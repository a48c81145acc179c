import Dispatch

extension QueueScheduler {
    /// Wraps an existing serial queue: ReactiveSwift's internal spelling of
    /// `init(queue:)`, for code (such as its tests) that uses it with `@testable import`.
    convenience init(internalQueue: DispatchQueue) {
        self.init(queue: internalQueue)
    }
}
