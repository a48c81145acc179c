import Foundation
import Signalbox

/// Page 3: properties, bindings and actions.
///
/// A `MutableProperty` holds a current value that can be read, written and observed from
/// any thread. Its `producer` sends the current value and then every change; its `signal`
/// sends changes only. A `Property` is the read-only view that view models expose, and
/// `map` / `combineLatest(with:)` derive new properties that stay up to date.
///
/// `target <~ source` binds a stream (or property) to a target: every value of the source
/// is written into the target, until the source ends, the target goes away, or the
/// returned disposable is disposed.
///
/// An `Action` runs one producer at a time. While a run is in flight, or while its
/// `enabledIf` property is `false`, applying it fails with `ActionError.disabled` and starts
/// nothing: the guard that keeps "load the next page" from being requested twice.
func propertiesBindingsAndActions() {
    pageHeading(3, "Properties, bindings and actions")

    section("MutableProperty: producer = current value then changes; signal = changes only")
    let name = MutableProperty("Ada")
    name.producer.startWithValues { print("  producer: \($0)") }
    name.signal.observeValues { print("  signal:   \($0)") }
    name.value = "Grace"

    section("Derived properties stay up to date")
    let first = MutableProperty("Ada")
    let last = MutableProperty("Lovelace")
    let fullName = first.combineLatest(with: last).map { "\($0) \($1)" }
    let letters = fullName.map(\.count)
    print("  fullName: \(fullName.value) (\(letters.value) characters)")
    last.value = "Byron"
    print("  fullName: \(fullName.value) (\(letters.value) characters)")

    section("Bindings: target <~ source, until disposed or either side ends")
    let shown = MutableProperty("")
    let (edits, keyboard) = Signal<String, Never>.pipe()
    let binding = shown <~ edits.map { $0.uppercased() }
    keyboard.send(value: "hello")
    print("  shown: \(shown.value)")
    binding?.dispose()
    keyboard.send(value: "ignored")
    print("  after binding.dispose(): shown is still \(shown.value)")

    var target: MutableProperty<Int>? = MutableProperty(0)
    let (counter, tick) = Signal<Int, Never>.pipe()
    target?.lifetime.observeEnded { print("  target deinitialised: its bindings end") }
    if let target { target <~ counter }
    tick.send(value: 1)
    print("  target: \(target?.value ?? -1)")
    target = nil
    tick.send(value: 2)  // nobody receives it; nothing is retained

    section("Action: one run at a time, with an enabledIf condition")
    actions()
}

/// An action that "refreshes" in one second of virtual time, guarded by an online flag.
private func actions() {
    let scheduler = TestScheduler()
    let online = MutableProperty(true)
    var requests = 0
    let refresh = Action<Void, Int, TourError>(enabledIf: online) {
        requests += 1
        let request = requests
        return SignalProducer(value: request * 10).delay(1, on: scheduler)
    }
    // `skipRepeats()`: a property's signal sends on every write, even of the same value.
    refresh.isExecuting.signal.skipRepeats().observeValues {
        print("  \(stamp(scheduler)) isExecuting: \($0)")
    }
    refresh.values.observeValues { print("  \(stamp(scheduler)) value: \($0)") }

    refresh.apply().start()
    refresh.apply().startWithFailed { error in
        print("  \(stamp(scheduler)) second apply while running: \(error)")
    }
    scheduler.advance(by: 1)

    online.value = false
    print("  \(stamp(scheduler)) offline; isEnabled: \(refresh.isEnabled.value)")
    refresh.apply().startWithFailed { error in
        print("  \(stamp(scheduler)) apply while offline: \(error)")
    }
    online.value = true
    refresh.apply().start()
    scheduler.advance(by: 1)
    print("  requests made: \(requests)")

    let failing = Action<String, Int, TourError> { text in
        SignalProducer(result: Int(text).map(Result.success) ?? .failure(.notANumber(text)))
    }
    failing.errors.observeValues { print("  errors signal: \($0)") }
    failing.apply("seven").startWithFailed { print("  apply(\"seven\") failed: \($0)") }
}
