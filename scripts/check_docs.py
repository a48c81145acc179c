#!/usr/bin/env python3
"""Lists the public symbols of the given modules whose documentation is missing or incomplete.

Reads the symbol graphs written by `swift package dump-symbol-graph` (one
`<Module>.symbols.json`, plus `<Module>@<Other>.symbols.json` for extensions of other
modules' types) and reports, as `path:line: symbol: problem`:

- a public symbol with no doc comment (or an empty summary line);
- a function, initialiser, operator or subscript whose doc comment does not describe each
  parameter (`- Parameter name:` or a `- name:` item of a `- Parameters:` list; the
  argument label or the parameter name), its result (`- Returns:`, unless it returns
  nothing) or its error (`- Throws:`, for `throws`; `rethrows` needs none).

Not reported, because the author wrote nothing that could carry a comment:
- compiler-synthesised symbols (they have no source location: `init(rawValue:)` of a raw
  enum, `Equatable`/`Hashable` members, `CodingKeys`…);
- members inherited from a protocol's default implementation or a superclass (the graphs
  are dumped with `--skip-synthesized-members`);
- a member that implements a protocol requirement without a comment of its own: its
  documentation is the requirement's, which is checked where it is declared.

Exit status: 0 when nothing is reported, 1 otherwise, 2 on a usage or input error.
"""

import argparse
import glob
import json
import os
import re
import sys

FUNCTION_KINDS = {
    "swift.func",
    "swift.func.op",
    "swift.method",
    "swift.type.method",
    "swift.init",
    "swift.subscript",
    "swift.type.subscript",
}
NO_RESULT = {"", "()", "Void", "Swift.Void"}


def load_symbols(graph_dir, module):
    """Yields every symbol of the symbol graphs of `module`."""
    paths = [os.path.join(graph_dir, module + ".symbols.json")]
    paths += sorted(glob.glob(os.path.join(graph_dir, module + "@*.symbols.json")))
    found = False
    for path in paths:
        if not os.path.exists(path):
            continue
        found = True
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            yield symbol
    if not found:
        raise FileNotFoundError(f"no symbol graph for module {module} in {graph_dir}")


def doc_text(symbol):
    lines = symbol.get("docComment", {}).get("lines", [])
    return "\n".join(line.get("text", "") for line in lines)


def is_inherited(symbol):
    """Whether the doc comment was copied from elsewhere (a protocol requirement)."""
    comment = symbol.get("docComment")
    location = symbol.get("location")
    if not comment or not location:
        return False
    uri = comment.get("uri")
    return uri is not None and uri != location.get("uri")


def summary_line(text):
    for line in text.splitlines():
        stripped = line.strip()
        if stripped:
            return "" if stripped.startswith("- ") else stripped
    return ""


def documents_parameter(text, names):
    for name in names:
        escaped = re.escape(name)
        if re.search(r"^\s*-\s+Parameter\s+" + escaped + r"\s*:", text, re.M):
            return True
        if re.search(r"^\s*-\s+" + escaped + r"\s*:", text, re.M):
            return True
    return False


def problems_of(symbol):
    text = doc_text(symbol)
    if "docComment" not in symbol or not text.strip():
        return ["no doc comment"]
    if not summary_line(text):
        return ["no summary line"]
    if is_inherited(symbol) or symbol["kind"]["identifier"] not in FUNCTION_KINDS:
        return []
    problems = []
    signature = symbol.get("functionSignature", {})
    for parameter in signature.get("parameters", []):
        names = {parameter.get("name", ""), parameter.get("internalName", "")} - {"", "_"}
        if names and not documents_parameter(text, names):
            label = parameter.get("internalName") or parameter.get("name")
            problems.append(f"no '- Parameter {label}:'")
    kind = symbol["kind"]["identifier"]
    result = "".join(f.get("spelling", "") for f in signature.get("returns", [])).strip()
    if kind != "swift.init" and result not in NO_RESULT:
        if not re.search(r"^\s*-\s+Returns\s*:", text, re.M):
            problems.append("no '- Returns:'")
    if own_effect(symbol) == "throws" and not re.search(r"^\s*-\s+Throws\s*:", text, re.M):
        problems.append("no '- Throws:'")
    return problems


def own_effect(symbol):
    """`throws` or `rethrows` if the symbol itself is declared so, else `None`.

    A `throws` inside a parameter's closure type, `(Value) throws(E) -> U`, does not count:
    only keywords outside every parenthesis of the declaration do.
    """
    depth = 0
    for fragment in symbol.get("declarationFragments", []):
        spelling = fragment.get("spelling", "")
        if fragment.get("kind") == "keyword":
            if depth == 0 and spelling in ("throws", "rethrows"):
                return spelling
            continue
        depth += spelling.count("(") - spelling.count(")")
    return None


def relative_path(uri, root):
    path = uri[len("file://"):] if uri.startswith("file://") else uri
    try:
        return os.path.relpath(path, root)
    except ValueError:
        return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph_dir", help="directory of the *.symbols.json files")
    parser.add_argument("modules", nargs="+", help="modules to check")
    parser.add_argument("--root", default=os.getcwd(), help="paths are shown relative to it")
    arguments = parser.parse_args()

    reports = set()
    checked = 0
    for module in arguments.modules:
        try:
            symbols = list(load_symbols(arguments.graph_dir, module))
        except (OSError, ValueError) as error:
            print(f"check-docs: {error}", file=sys.stderr)
            return 2
        for symbol in symbols:
            location = symbol.get("location")
            if location is None or symbol.get("accessLevel") not in ("public", "open"):
                continue  # synthesised by the compiler, or not public
            checked += 1
            path = relative_path(location.get("uri", "?"), arguments.root)
            line = location.get("position", {}).get("line", 0) + 1
            name = ".".join(symbol.get("pathComponents", []))
            for problem in problems_of(symbol):
                reports.add((path, line, name, problem))

    for path, line, name, problem in sorted(reports):
        print(f"{path}:{line}: {name}: {problem}")
    modules = ", ".join(arguments.modules)
    if reports:
        symbols = len({(path, line, name) for path, line, name, _ in reports})
        print(
            f"check-docs: {symbols} of {checked} public symbols of {modules} need documentation"
            " (summary line; '- Parameter', '- Returns:', '- Throws:' where they apply)",
            file=sys.stderr,
        )
        return 1
    print(f"check-docs: all {checked} public symbols of {modules} are documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
