import Dispatch
import Foundation

// The imagesearch command: parse the command line, pick the data source, then hand over to
// the one-shot or interactive front end, which exit from the main queue when done.

let environment = ProcessInfo.processInfo.environment
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("imagesearch: \(error.description); see --help")
    exit(2)
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
    printError("imagesearch: a query is required (or use --interactive); see --help")
    exit(2)
}

let setup: SearchSetup
do {
    setup = try SearchSetup(options: options, environment: environment)
} catch {
    printError("imagesearch: \(error.description); see --help")
    exit(2)
}
if let notice = setup.notice { printError(notice) }

if interactive {
    let session = InteractiveSession(setup: setup, terminal: terminal)
    session.start()
    withExtendedLifetime(session) { dispatchMain() }
} else {
    let search = OneShotSearch(options: options, setup: setup, terminal: terminal)
    search.start()
    withExtendedLifetime(search) { dispatchMain() }
}
