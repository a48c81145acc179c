extension Result {
    /// The success value, or `nil` for a failure.
    public var value: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }

    /// The failure, or `nil` for a success.
    public var error: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

/// A type that stands for a `Result`, to constrain a generic parameter to results (as in
/// `where Value: ResultProtocol`).
public protocol ResultProtocol {
    /// The type of the success value.
    associatedtype Success
    /// The type of the failure.
    associatedtype Failure: Swift.Error

    /// Creates a success.
    ///
    /// - Parameter success: The success value.
    init(success: Success)

    /// Creates a failure.
    ///
    /// - Parameter failure: The failure.
    init(failure: Failure)

    /// The value as a `Result`.
    var result: Result<Success, Failure> { get }
}

extension Result: ResultProtocol {
    /// Creates `.success(success)`.
    ///
    /// - Parameter success: The success value.
    public init(success: Success) {
        self = .success(success)
    }

    /// Creates `.failure(failure)`.
    ///
    /// - Parameter failure: The failure.
    public init(failure: Failure) {
        self = .failure(failure)
    }

    /// The result itself.
    public var result: Result<Success, Failure> { self }
}
