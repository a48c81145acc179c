/// Receives one logged event: the identifier given to `logEvents`, a description of the
/// event (`"value 1"`, `"failed timeout"`, `"completed"`, `"starting"`…), and the source
/// location of the `logEvents` call.
public typealias EventLogger = (
    _ identifier: String, _ event: String, _ fileName: String, _ functionName: String,
    _ lineNumber: Int
) -> Void

/// Prints a logged event as `[identifier] event fileName: …, functionName: …, lineNumber: …`;
/// the default logger of `logEvents`.
///
/// - Parameters:
///   - identifier: The identifier given to `logEvents`.
///   - event: The description of the event.
///   - fileName: The file of the `logEvents` call.
///   - functionName: The function of the `logEvents` call.
///   - lineNumber: The line of the `logEvents` call.
public func defaultEventLog(
    identifier: String, event: String, fileName: String, functionName: String, lineNumber: Int
) {
    print(
        "[\(identifier)] \(event) fileName: \(fileName), functionName: \(functionName), lineNumber: \(lineNumber)"
    )
}

/// The kinds of event `logEvents` can report, to choose which ones it logs.
public enum LoggingEvent {
    /// The events of a signal.
    public enum Signal: String, CaseIterable, Sendable {
        /// A value.
        case value
        /// The completion.
        case completed
        /// The failure.
        case failed
        /// Any terminal event (logged after it).
        case terminated
        /// The end of the derived signal.
        case disposed
        /// The interruption.
        case interrupted

        /// Every kind of signal event.
        public static let allEvents: Set<Signal> = Set(allCases)
    }

    /// The events of a producer's run.
    public enum SignalProducer: String, CaseIterable, Sendable {
        /// Before the run's work starts.
        case starting
        /// After the run's work was started.
        case started
        /// A value.
        case value
        /// The completion.
        case completed
        /// The failure.
        case failed
        /// Any terminal event (logged after it).
        case terminated
        /// The end of the run's lifetime.
        case disposed
        /// The interruption.
        case interrupted

        /// Every kind of producer event.
        public static let allEvents: Set<SignalProducer> = Set(allCases)
    }
}

extension SignalProducer {
    /// Reports the chosen events of each run to `logger`, without changing them; for
    /// debugging a pipeline.
    ///
    /// The logger is called synchronously, on the thread of each event, before the event
    /// is forwarded: `starting` and `started` around the start of the run's work,
    /// `value <value>`, `failed <error>`, `completed` or `interrupted`, then `terminated`
    /// after a terminal event, and `disposed` when the run's lifetime ends.
    ///
    /// ```swift
    /// search.logEvents(identifier: "search").start()
    /// // Prints: [search] starting fileName: …, then started, value …, completed, …
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: Passed to the logger with each event.
    ///   - events: Which kinds of event to log; all by default.
    ///   - fileName: The file reported to the logger; the caller's by default.
    ///   - functionName: The function reported to the logger; the caller's by default.
    ///   - lineNumber: The line reported to the logger; the caller's by default.
    ///   - logger: Receives each event; `defaultEventLog` (which prints) by default.
    /// - Returns: A producer that logs its events.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.SignalProducer> = LoggingEvent.SignalProducer.allEvents,
        fileName: String = #filePath, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> SignalProducer<Value, Error> {
        let log = { (kind: LoggingEvent.SignalProducer, text: String) in
            if events.contains(kind) {
                logger(identifier, text, fileName, functionName, lineNumber)
            }
        }
        return on(
            starting: { log(.starting, "starting") },
            started: { log(.started, "started") },
            failed: { log(.failed, "failed \($0)") },
            completed: { log(.completed, "completed") },
            interrupted: { log(.interrupted, "interrupted") },
            terminated: { log(.terminated, "terminated") },
            disposed: { log(.disposed, "disposed") },
            value: { log(.value, "value \($0)") })
    }
}

extension Signal {
    /// Reports the chosen events of the signal to `logger`, without changing them; see
    /// `SignalProducer.logEvents(identifier:events:fileName:functionName:lineNumber:logger:)`.
    ///
    /// - Parameters:
    ///   - identifier: Passed to the logger with each event.
    ///   - events: Which kinds of event to log; all by default.
    ///   - fileName: The file reported to the logger; the caller's by default.
    ///   - functionName: The function reported to the logger; the caller's by default.
    ///   - lineNumber: The line reported to the logger; the caller's by default.
    ///   - logger: Receives each event; `defaultEventLog` (which prints) by default.
    /// - Returns: A signal that logs its events.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.Signal> = LoggingEvent.Signal.allEvents,
        fileName: String = #filePath, functionName: String = #function, lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> Signal<Value, Error> {
        let log = { (kind: LoggingEvent.Signal, text: String) in
            if events.contains(kind) {
                logger(identifier, text, fileName, functionName, lineNumber)
            }
        }
        return on(
            failed: { log(.failed, "failed \($0)") },
            completed: { log(.completed, "completed") },
            interrupted: { log(.interrupted, "interrupted") },
            terminated: { log(.terminated, "terminated") },
            disposed: { log(.disposed, "disposed") },
            value: { log(.value, "value \($0)") })
    }
}
