import Foundation
import Signalbox

extension KeyDecoder {
    /// What the decoder is given: bytes read, or a pause in the input.
    enum Input: Equatable {
        /// A chunk of bytes, as read.
        case bytes([UInt8])
        /// No byte came for the Escape timeout: a pending ESC is the Escape key.
        case pause
    }

    /// How long the input must pause before a lone ESC counts as the Escape key rather than
    /// the start of a sequence (terminals send a sequence in one write).
    static let escapeTimeout: TimeInterval = 0.03

    /// The keys in `bytes`: the decoder `scan`ned over the input, where a pause of
    /// `escapeTimeout` after a chunk (measured on `scheduler`) flushes a pending ESC.
    ///
    /// Each chunk replaces the pause that the one before it scheduled (`flatMap(.latest)`),
    /// so only a real pause in the input flushes. The keys come in the order typed; the
    /// producer completes once `bytes` has completed and the last pause was handled.
    ///
    /// - Parameters:
    ///   - bytes: The chunks read from the terminal (see ``TerminalInput``).
    ///   - escapeTimeout: The pause that ends a pending ESC.
    ///   - scheduler: Where the pause is timed (a `TestScheduler` in tests).
    /// - Returns: A producer of the decoded keys.
    static func keys(
        from bytes: SignalProducer<[UInt8], Never>,
        escapeTimeout: TimeInterval = KeyDecoder.escapeTimeout,
        on scheduler: DateScheduler
    ) -> SignalProducer<Key, Never> {
        bytes
            .flatMap(.latest) { chunk in
                SignalProducer<Input, Never>(value: .bytes(chunk))
                    .concat(
                        SignalProducer<Input, Never>(value: .pause)
                            .delay(escapeTimeout, on: scheduler))
            }
            .scan(into: (decoder: KeyDecoder(), keys: [Key]())) { state, input in
                switch input {
                case .bytes(let chunk): state.keys = state.decoder.feed(chunk)
                case .pause: state.keys = state.decoder.flush()
                }
            }
            .map(\.keys)
            .flatten()
    }
}
