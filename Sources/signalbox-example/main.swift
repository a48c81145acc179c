import Signalbox

// A tiny tour: a cold producer, an operator chain, and a hot signal bound to a property.
let evenSquares = SignalProducer<Int, Never>(values: 1...10)
    .filter { $0.isMultiple(of: 2) }
    .map { $0 * $0 }

evenSquares.startWithValues { print("even square:", $0) }

let total = MutableProperty(0)
let (numbers, input) = Signal<Int, Never>.pipe()
total <~ numbers.scan(0, +)
for number in 1...4 { input.send(value: number) }
print("running total:", total.value)
