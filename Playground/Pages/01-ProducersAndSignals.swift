import Signalbox

/// Page 1: producers and signals.
///
/// Signalbox has two kinds of stream. A `SignalProducer` is a *recipe*: creating one does
/// nothing, and every `start` runs its start handler again, with a fresh observer and a fresh
/// `Lifetime` (it is "cold"). A `Signal` is a *live* stream: it sends whatever is pushed into
/// its input to the observers attached at that moment (it is "hot").
///
/// Both follow one event grammar, `value* (failed | completed | interrupted)?`: any number
/// of values, then at most one terminal event, and nothing after it, ever.
///
/// Disposing the `Disposable` returned by `start` cancels that run: its observer receives
/// `.interrupted` and its lifetime ends, running the cleanup registered on it exactly once.
func producersAndSignals() {
    pageHeading(1, "Producers and signals")

    section("A producer is cold: nothing runs until start, and each start runs again")
    var starts = 0
    let numbers = SignalProducer<Int, Never> { observer, _ in
        starts += 1
        print("  start handler runs (start #\(starts))")
        observer.send(value: 1)
        observer.send(value: 2)
        observer.sendCompleted()
    }
    print("  producer created; start handler runs so far: \(starts)")
    numbers.startWithValues { print("  first run received \($0)") }
    numbers.startWithValues { print("  second run received \($0)") }

    section("A signal is hot: observers see only what is sent while they are attached")
    let (temperatures, thermometer) = Signal<Int, Never>.pipe()
    temperatures.observeValues { print("  early observer: \($0) °C") }
    thermometer.send(value: 18)
    temperatures.observeValues { print("  late observer: \($0) °C") }
    thermometer.send(value: 19)
    thermometer.sendCompleted()
    temperatures.observe { event in
        print("  observer attached after the end receives: \(event)")
    }

    section("The event grammar: nothing is delivered after a terminal event")
    let (stream, input) = Signal<String, TourError>.pipe()
    stream.observe { event in print("  received \(event)") }
    input.send(value: "a")
    input.send(error: .offline)
    input.send(value: "b")  // dropped: the stream has failed
    input.sendCompleted()  // dropped too
    print("  (the value \"b\" and the completion were dropped)")

    section("Disposal is cancellation: the run is interrupted and its lifetime ends once")
    let download = SignalProducer<String, Never> { observer, lifetime in
        lifetime.observeEnded { print("  lifetime ended: the request is cancelled here") }
        observer.send(value: "first chunk")
        // No completion: the run lasts until it is disposed.
    }
    let run = download.start { event in print("  received \(event)") }
    print("  disposing the run")
    run.dispose()
    run.dispose()  // harmless: the cleanup already ran, once
    print("  run.isDisposed == \(run.isDisposed)")

    section("A run that ends by itself ends its lifetime too: nothing stays retained")
    let finite = SignalProducer<Int, Never> { observer, lifetime in
        lifetime.observeEnded { print("  lifetime ended after completion") }
        observer.send(value: 7)
        observer.sendCompleted()
    }
    finite.start { event in print("  received \(event)") }
}
