import Dispatch
import Foundation
import SignalboxLocks

// The imagesearch command: parse the command line, pick the data source, then hand over to
// the one-shot, line-mode or full-screen front end, which exit from the main queue when done.

// Before anything opens a file or a socket: closed standard descriptors are reserved.
ProcessStartup.run()

let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())
let wantsJSON = arguments.contains("--json")

/// Prints a usage error (and, with `--json`, the JSON error document) and exits 2.
func usageFailure(_ error: UsageError) -> Never {
    if wantsJSON {
        print(JSONReport.failure(error.description, exitCode: 2).encoded())
    }
    printError("imagesearch: \(error.description); see --help")
    exit(2)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(arguments)
} catch {
    usageFailure(error)
}

if options.help {
    print(helpText)
    exit(0)
}
if options.version {
    print("imagesearch \(imageSearchVersion)")
    exit(0)
}

let terminal = Terminal(noColor: options.noColor, environment: environment)
let interactive = options.interactive || (options.query.isEmpty && terminal.stdinIsTerminal)
if !interactive && options.query.isEmpty {
    usageFailure(UsageError("a query is required (or use --interactive)"))
}

let setup: SearchSetup
do {
    setup = try SearchSetup(options: options, environment: environment)
} catch {
    usageFailure(error)
}
// A key in memory must not reach a core file or a backtrace.
if setup.source == "pixabay" { ProcessStartup.protectSecrets(environment: environment) }
let fullScreen = interactive && terminal.canRunFullScreen
// The full-screen interface shows the notices on its empty screen instead.
if !fullScreen {
    for notice in setup.notices { printError(notice) }
}

if fullScreen {
    let session = FullScreenSession(setup: setup, options: options, environment: environment)
    // Started from the main queue, like everything it does later: `dispatchMain()` hands
    // the main queue to another thread, and the session's state is the queue's.
    DispatchQueue.main.async { session.start() }
    withExtendedLifetime(session) { dispatchMain() }
} else if interactive {
    let session = LineSession(setup: setup, terminal: terminal)
    session.start()
    withExtendedLifetime(session) { dispatchMain() }
} else {
    let search = OneShotSearch(options: options, setup: setup, terminal: terminal)
    search.start()
    withExtendedLifetime(search) { dispatchMain() }
}
