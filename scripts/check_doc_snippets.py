#!/usr/bin/env python3
"""Compiles every ```swift block of the given Markdown files; scripts/check-doc-snippets.sh
runs it with the package's modules (read that script first: it says what is checked).

The rules, which the documentation's authors follow (README.md, "Documentation"):

- Programs. The ```swift blocks of one file are compiled in order, in programs: a block
  with an `import` line starts a program, and a block without one continues the program
  of the block before it in the same file (it sees that block's imports and
  declarations). A block with imports that builds on the blocks before it (a test of the
  types an article declared, say) says so with `<!-- continues -->` on the line right
  before its fence. Each program is type-checked as one `main.swift` (top-level code
  allowed), in the Swift 6 language mode, warnings counted as errors, against the
  package's modules, `Testing` and the SwiftUI stand-in. A program that uses
  `canImport(SwiftUI)` must find the stand-in, or it would compile nothing.
- Manifests. A block whose first line is `// swift-tools-version…` is a whole
  `Package.swift`: it is loaded as the manifest of a package beside a link to this
  repository named after each `.package(path: "../NAME")` of the manifest, and its
  dependency graph is resolved (`swift package show-dependencies`), so a product or
  package name that does not exist fails.
- Fragments. A block preceded, on the line right before its fence, by
  `<!-- fragment: why -->` is not compiled; the reason is required and is listed in the
  summary. Everything else compiles.

Errors point at the Markdown file's lines (`#sourceLocation`).

Exit status: 0 when every block compiles, 1 otherwise, 2 on a usage or set-up error.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
FRAGMENT = re.compile(r"^\s*<!--\s*fragment\s*(?::\s*(?P<why>.*?))?\s*-->\s*$")
CONTINUES = re.compile(r"^\s*<!--\s*continues\s*-->\s*$")
IMPORT = re.compile(r"^\s*(@\w+\s+)*import\s+(class\s+|struct\s+|enum\s+|func\s+)?\w")
PATH_DEPENDENCY = re.compile(r'\.package\(\s*path:\s*"\.\./(?P<name>[^"/]+)"')


@dataclass
class Block:
    path: str
    line: int  # the line of the block's first code line (1-based)
    lines: list
    fragment: str = None  # the reason, for a fragment
    continues: bool = False  # marked `<!-- continues -->`

    @property
    def where(self):
        return f"{self.path}:{self.line - 1}"

    @property
    def is_manifest(self):
        first = next((text for text in self.lines if text.strip()), "")
        return first.startswith("// swift-tools-version")

    @property
    def has_import(self):
        return any(IMPORT.match(text) for text in self.lines)


@dataclass
class Program:
    blocks: list = field(default_factory=list)

    @property
    def where(self):
        first, last = self.blocks[0], self.blocks[-1]
        end = last.line + len(last.lines)
        return f"{first.path}:{first.line - 1}-{end}"


def swift_blocks(path):
    """The ```swift blocks of a Markdown file, in order; problems as `path:line: text`."""
    blocks, problems = [], []
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence = len(match["indent"]), match["fence"]
        language = match["info"].strip().split(" ")[0] if match["info"].strip() else ""
        body, closed, end = [], False, index + 1
        while end < len(lines):
            closing = FENCE.match(lines[end])
            if (
                closing
                and closing["fence"][0] == fence[0]
                and len(closing["fence"]) >= len(fence)
                and not closing["info"].strip()
            ):
                closed = True
                break
            text = lines[end]
            # Content is indented like its fence (a block in a list item): remove that.
            body.append(text[indent:] if text[:indent].strip() == "" else text.lstrip())
            end += 1
        if language == "swift":
            previous = lines[index - 1] if index > 0 else ""
            marker = FRAGMENT.match(previous)
            block = Block(path, index + 2, body, continues=bool(CONTINUES.match(previous)))
            if not closed:
                problems.append(f"{path}:{index + 1}: a ```swift block that never closes")
            elif marker:
                block.fragment = (marker["why"] or "").strip()
                if not block.fragment:
                    problems.append(
                        f"{path}:{index}: a fragment marker must say why the block is not "
                        "compiled: <!-- fragment: why -->")
                blocks.append(block)
            else:
                blocks.append(block)
        elif index > 0 and (FRAGMENT.match(lines[index - 1]) or CONTINUES.match(lines[index - 1])):
            problems.append(f"{path}:{index}: a marker before a block that is not swift")
        index = end + 1
    return blocks, problems


def programs_of(blocks):
    """Groups a file's compiled code blocks into programs (see the module's docstring)."""
    programs = []
    for block in blocks:
        if block.fragment is not None or block.is_manifest:
            continue
        if not programs or (block.has_import and not block.continues):
            programs.append(Program())
        programs[-1].blocks.append(block)
    return programs


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def check_program(program, number, settings):
    """Type-checks one program; returns the compiler's complaint, or None."""
    folder = os.path.join(settings.work, f"program-{number}")
    os.makedirs(folder)
    source = []
    for block in program.blocks:
        source.append(f'#sourceLocation(file: "{block.path}", line: {block.line})')
        source.extend(block.lines)
        source.append("#sourceLocation()")
    main = os.path.join(folder, "main.swift")
    with open(main, "w", encoding="utf-8") as file:
        file.write("\n".join(source) + "\n")
    files = [main]
    if any("canImport(SwiftUI)" in text for block in program.blocks for text in block.lines):
        # Without the stand-in the block would be skipped and anything would pass.
        found = os.path.join(folder, "StandInFound.swift")
        with open(found, "w", encoding="utf-8") as file:
            file.write(
                "#if !canImport(SwiftUI)\n"
                '#error("the SwiftUI stand-in is not on the import path")\n'
                "#endif\n")
        files.append(found)
    command = [
        settings.swiftc, "-typecheck", "-swift-version", "6", "-warnings-as-errors",
        "-module-name", "DocSnippet", "-module-cache-path", settings.module_cache,
        "-I", settings.modules, "-I", settings.stand_in,
        # The package's system-library module (its module map), which SwiftPM hands every
        # client of ImageSearchModel and a bare swiftc must be told of.
        "-I", os.path.join(settings.root, "Sources", "CCurlCalls"), *files,
    ]
    result = run(command, cwd=settings.root)
    if result.returncode == 0:
        return None
    return (result.stdout + result.stderr).strip() or f"swiftc exited with {result.returncode}"


def check_manifest(block, number, settings):
    """Resolves a manifest block's package graph; returns SwiftPM's complaint, or None."""
    folder = os.path.join(settings.work, f"manifest-{number}")
    package = os.path.join(folder, "root-package")
    os.makedirs(package)
    text = "\n".join(block.lines) + "\n"
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(text)
    names = sorted(set(match["name"] for match in PATH_DEPENDENCY.finditer(text)))
    for name in names:
        if name != "root-package":
            os.symlink(settings.root, os.path.join(folder, name))
    scratch = ["--scratch-path", os.path.join(folder, "scratch")]
    dump = run([settings.swift, "package", *scratch, "dump-package"], cwd=package)
    if dump.returncode != 0:
        return (dump.stdout + dump.stderr).strip()
    # Every target gets a source file where SwiftPM looks for it, so that only the
    # manifest itself can be wrong.
    for target in json.loads(dump.stdout).get("targets", []):
        where = target.get("path") or os.path.join(
            "Tests" if target.get("type") == "test" else "Sources", target["name"])
        os.makedirs(os.path.join(package, where), exist_ok=True)
        with open(os.path.join(package, where, "Placeholder.swift"), "w") as file:
            file.write("")
    result = run([settings.swift, "package", *scratch, "show-dependencies"], cwd=package)
    complaints = [
        line for line in (result.stdout + result.stderr).splitlines()
        if "error:" in line or "warning:" in line
    ]
    if result.returncode != 0 or complaints:
        return "\n".join(complaints) or (result.stdout + result.stderr).strip()
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", required=True, help="the repository (paths are relative)")
    parser.add_argument("--modules", required=True, help="folder of the package's modules")
    parser.add_argument("--stand-in", required=True, help="folder of the SwiftUI stand-in")
    parser.add_argument("--work", required=True, help="an empty scratch folder")
    parser.add_argument("--list", action="store_true", help="list the blocks; compile nothing")
    parser.add_argument("files", nargs="+", help="Markdown files, relative to --root")
    settings = parser.parse_args()
    settings.module_cache = os.path.join(settings.work, "module-cache")
    settings.swiftc = shutil.which("swiftc") or "swiftc"
    settings.swift = shutil.which("swift") or "swift"
    me = "check-doc-snippets"
    sys.stdout.reconfigure(line_buffering=True)

    blocks, problems = [], []
    os.chdir(settings.root)
    for path in settings.files:
        found, trouble = swift_blocks(path)
        blocks.extend(found)
        problems.extend(trouble)
    programs = [program for path in settings.files
                for program in programs_of([b for b in blocks if b.path == path])]
    manifests = [b for b in blocks if b.fragment is None and b.is_manifest]
    fragments = [b for b in blocks if b.fragment is not None]

    if settings.list:
        for program in programs:
            print(f"program  {program.where} ({len(program.blocks)} blocks)")
        for block in manifests:
            print(f"manifest {block.where}")
        for block in fragments:
            print(f"fragment {block.where}: {block.fragment}")
        return 0

    checks = [
        (f"program {program.where} ({len(program.blocks)} blocks)", program.where,
         lambda number, program=program: check_program(program, number, settings))
        for program in programs
    ] + [
        (f"manifest {block.where}", block.where,
         lambda number, block=block: check_manifest(block, number, settings))
        for block in manifests
    ]
    failures = []
    for number, (what, where, check) in enumerate(checks):
        complaint = check(number)
        print(f"{me}: {'ok' if complaint is None else 'FAILED'}: {what}")
        if complaint is not None:
            print(complaint, file=sys.stderr)
            failures.append(where)
    for block in fragments:
        print(f"{me}: skipped: fragment {block.where}: {block.fragment}")
    for problem in problems:
        print(f"{me}: {problem}", file=sys.stderr)

    compiled = sum(len(program.blocks) for program in programs) + len(manifests)
    print(
        f"{me}: {len(blocks)} swift blocks in {len(settings.files)} files: {compiled} compiled "
        f"({len(programs)} programs, {len(manifests)} manifests), {len(fragments)} fragments")
    if failures or problems:
        print(f"{me}: FAILED: {', '.join(failures + problems)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
