extension Result {
    /// The success value, or `nil` for a failure.
    var value: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }

    /// The failure, or `nil` for a success.
    var error: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
