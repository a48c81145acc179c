#!/usr/bin/env python3
"""Every type and file name that docs/*.md quotes in backticks exists in the code.

A name in backticks that looks like a type (`UpperCamelCase`, also the parts of
`Type.member` and the head of `Type(label:)`) must be declared or used in a Swift file of
the package (Sources, Tests, Benchmarks, Playground, Fuzz); one that looks like a file
(`Name.swift`, `Folder/Name.swift`, `scripts/x.sh`) must exist with that path suffix.
Run from the repository root; prints what it cannot find and exits 1 if anything is missing.
"""
import os
import re
import sys

ROOTS = ["Sources", "Tests", "Benchmarks", "Playground", "Fuzz", "scripts", ".ci", "docs"]
SKIP_DIRS = {".build", ".build-tsan", ".build-release", ".git"}

files = [name for name in os.listdir(".") if os.path.isfile(name)]
folders = set()
for root in ROOTS:
    for directory, subdirs, names in os.walk(root):
        subdirs[:] = [d for d in subdirs if d not in SKIP_DIRS and not d.startswith(".build")]
        folders.add(directory)
        for name in names:
            files.append(os.path.join(directory, name))

swift_text = ""
for path in files:
    if path.endswith(".swift"):
        with open(path, encoding="utf-8", errors="replace") as handle:
            swift_text += handle.read() + "\n"
words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", swift_text))

# Names from the platform and the languages the docs compare with: not ours to declare.
FOREIGN = {
    "Foundation", "Dispatch", "Synchronization", "Observation", "URLSession", "URLSessionTask",
    "URLError", "ObservationRegistrar", "DispatchSource", "Thread", "Combine", "OpenCombine",
    "ReactiveSwift", "RxSwift", "Glibc", "Darwin", "Musl", "XCTest", "Testing", "Quick",
    "Nimble", "NIOConcurrencyHelpers", "Mutex", "Sendable", "String", "Int", "Double", "Bool",
    "Void", "Never", "Error", "Date", "Data", "Result", "Optional", "Array", "Task",
    "AsyncSequence", "AsyncStream", "MainActor", "TCA", "FoundationNetworking",
    "PassthroughSubject", "Just", "README", "CHANGELOG", "BENCHMARKS", "CI", "JSON", "HTTP",
    "TERM", "ESC", "PATH", "HOME", "XDG_CACHE_HOME", "PIXABAY_API_KEY", "BROWSER", "NO_COLOR",
    "COLUMNS", "LANG", "SIGINT", "SIGWINCH", "SIGTSTP", "SIGCONT", "Ctrl", "Alt", "Escape",
    "Enter", "W1", "W2", "W3", "W4", "W5", "W6", "W7",
}

missing = []
for doc in sorted(p for p in files if p.startswith("docs/") and p.endswith(".md")):
    with open(doc, encoding="utf-8") as handle:
        text = handle.read()
    # Code blocks are diagrams and examples; the names to check are the quoted ones.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for quoted in re.findall(r"`([^`\n]+)`", text):
        token = quoted.strip()
        if re.fullmatch(r"[\w./+-]+/", token):
            if not any(f == token[:-1] or f.endswith("/" + token[:-1]) for f in folders):
                missing.append((doc, token, "no such folder"))
            continue
        if re.fullmatch(r"[\w./+-]+\.(swift|sh|py|md|tsv)", token):
            if not any(p == token or p.endswith("/" + token) for p in files):
                missing.append((doc, token, "no such file"))
            continue
        head = re.split(r"[(<\s:=]", token, maxsplit=1)[0]
        for part in head.split("."):
            if re.fullmatch(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*", part) and part not in FOREIGN:
                if part not in words:
                    missing.append((doc, part, "no such name in the Swift sources"))

for doc, name, why in missing:
    print(f"{doc}: `{name}`: {why}")
if missing:
    print(f"{len(missing)} name(s) quoted in docs/ not found")
    sys.exit(1)
print("every type and file name quoted in docs/ exists")
