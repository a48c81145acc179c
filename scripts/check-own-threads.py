#!/usr/bin/env python3
"""Every test suite that blocks carries the `.ownThreads` trait (docs/Maintaining.md).

A test file that waits (a semaphore, a condition, a helper that joins threads or waits for
a loopback server or a child process) must give each of its `@Suite`s the trait, so that
its tests run on `TestThreadPool` and leave Swift's cooperative pool to the tests that
need it. Run from the repository root; prints the suites that lack the trait and exits 1
if any do.
"""
import os
import re
import sys

# What blocks the calling thread: the waits of Foundation and Dispatch, and the package's
# test helpers that wait.
BLOCKING = re.compile(
    r"\.wait\(|DispatchSemaphore|DispatchGroup|concurrentPerform|usleep\(|Thread\.sleep"
    r"|waitUntil|condition\.wait|concurrently\(threads|finishes\(within|waitForTermination"
    r"|eventAfterTermination|\.outcome\(|onThreads\(|CommandRunner|PseudoTerminal"
    r"|InterleavingExplorer"
)
SUITE = re.compile(r"^\s*@Suite\b(\((?:[^()]|\([^()]*\))*\))?", re.M)

missing = []
for directory, subdirs, names in os.walk("Tests"):
    for name in sorted(names):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(directory, name)
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if "@Suite" not in text or not BLOCKING.search(text):
            continue
        for match in SUITE.finditer(text):
            if ".ownThreads" not in (match.group(1) or ""):
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{path}:{line}: a suite of a file that blocks, without .ownThreads")

for entry in missing:
    print(entry)
if missing:
    print("Add .ownThreads to these suites (docs/Maintaining.md).")
    sys.exit(1)
print("every suite of a file that blocks carries .ownThreads")
