extension SignalProducer {
    /// Prints every event of each run, and when runs start and are disposed, prefixed with
    /// `identifier`; for debugging a pipeline. (The logger of Signalbox 0.2, which receives
    /// whole lines.)
    ///
    /// ```swift
    /// search.logEvents(identifier: "search").start()
    /// // Prints: [search] starting, [search] value(…), [search] completed, [search] disposed
    /// ```
    ///
    /// The events themselves pass through unchanged.
    ///
    /// - Parameters:
    ///   - identifier: Printed in brackets before each line; empty prints no prefix.
    ///   - logger: Receives each line; `print` by default.
    /// - Returns: A producer that logs its events.
    @_disfavoredOverload
    @available(
        *, deprecated,
        message:
            "pass a logger of ReactiveSwift's EventLogger type; see logEvents(identifier:events:fileName:functionName:lineNumber:logger:)"
    )
    public func logEvents(
        identifier: String = "", logger: @escaping (String) -> Void = { print($0) }
    ) -> SignalProducer<Value, Error> {
        let prefix = identifier.isEmpty ? "" : "[\(identifier)] "
        return on(
            starting: { logger(prefix + "starting") },
            event: { logger(prefix + "\($0)") },
            disposed: { logger(prefix + "disposed") })
    }
}

extension Signal {
    /// Prints every event, and when the derived signal is disposed, prefixed with
    /// `identifier`; for debugging a pipeline. (The logger of Signalbox 0.2, which receives
    /// whole lines.)
    ///
    /// - Parameters:
    ///   - identifier: Printed in brackets before each line; empty prints no prefix.
    ///   - logger: Receives each line; `print` by default.
    /// - Returns: A signal that logs its events.
    @_disfavoredOverload
    @available(
        *, deprecated,
        message:
            "pass a logger of ReactiveSwift's EventLogger type; see logEvents(identifier:events:fileName:functionName:lineNumber:logger:)"
    )
    public func logEvents(
        identifier: String = "", logger: @escaping (String) -> Void = { print($0) }
    ) -> Signal<Value, Error> {
        let prefix = identifier.isEmpty ? "" : "[\(identifier)] "
        return on(
            event: { logger(prefix + "\($0)") },
            disposed: { logger(prefix + "disposed") })
    }
}
