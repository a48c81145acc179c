// The Signalbox tour: a runnable walk through the package, one page at a time.
//
//     swift run playground
//
// Each page is a function in Playground/Pages/, read it next to its output. The tour uses
// virtual time (`TestScheduler`) and the offline image catalog, so it needs no network and
// prints exactly the same text on every run; `.ci/run` diffs that text against
// Playground/expected-output.txt, so a change in behaviour (or a broken example) fails CI.

print("Signalbox tour")
print("==============")

producersAndSignals()  // 1. cold producers, hot signals, the event grammar, disposal
operatorsAndSchedulers()  // 2. map, attemptMap, observe(on:), a debounced search pipeline
propertiesBindingsAndActions()  // 3. Property, MutableProperty, <~, Action
theModel()  // 4. ImageSearch over the offline catalog: pages, cache, errors
viewModels()  // 5. ImageSearchTableViewModel and ImageDetailViewModel in virtual time
testing()  // 6. stubs, EventRecorder, readable diffs, marble diagrams, PropertyTimeline
yourOwnAPI()  // 7. request objects, one client, a ModelController, request-level stubs
observation()  // 8. withObservationTracking on a view model; @Observable models as producers

print("")
print("End of the tour.")
