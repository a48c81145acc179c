#!/usr/bin/env python3
"""Lists the tests a `swift test` log shows as started and never finished.

.ci/run calls it when a test stage outlives its bound (a hang), so that the failure names
the tests to look at. Usage: scripts/unfinished-tests.py LOG
"""

import re
import sys

STARTED = re.compile(r'^◇ Test "(?P<name>.+?)" started\.', re.MULTILINE)
ENDED = re.compile(r'^[✔✘━] Test "(?P<name>.+?)" (?:passed|failed|with )', re.MULTILINE)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        text = log.read()
    ended = {match["name"] for match in ENDED.finditer(text)}
    unfinished = [m["name"] for m in STARTED.finditer(text) if m["name"] not in ended]
    for name in dict.fromkeys(unfinished):
        print(f"  {name}")
    if not unfinished:
        print("  (none: the hang is outside a test, or the output was not flushed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
