#!/usr/bin/env bash
# The version has one source: `imageSearchVersion` in Sources/imagesearch/Version.swift
# (what `imagesearch --version` prints and the User-Agent sends). It must agree with
# CHANGELOG.md: the newest released heading `## [X.Y.Z] - DATE`, followed by `+dev` while
# `## [Unreleased]` holds entries; and a tag `vX.Y.Z` on HEAD must name that version.
#
# Releasing (README, "Releases"): rename `## [Unreleased]` to `## [X.Y.Z] - DATE`, open a new
# empty `## [Unreleased]` above it, set Version.swift to "X.Y.Z", commit, tag `vX.Y.Z`;
# then set Version.swift to "X.Y.Z+dev" with the first entry of the next release.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import re, subprocess, sys
source = open("Sources/imagesearch/Version.swift", encoding="utf-8").read()
match = re.search(r'let imageSearchVersion = "([^"]+)"', source)
if not match:
    sys.exit("check-version: no imageSearchVersion in Sources/imagesearch/Version.swift")
version = match.group(1)
changelog = open("CHANGELOG.md", encoding="utf-8").read()
released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
if not released:
    sys.exit("check-version: CHANGELOG.md has no released version heading")
unreleased = re.search(r"^## \[Unreleased\]\n(.*?)^## \[", changelog, re.M | re.S)
pending = bool(unreleased and re.search(r"^- ", unreleased.group(1), re.M))
expected = released[0] + ("+dev" if pending else "")
if version != expected:
    sys.exit(
        f"check-version: Version.swift says {version}, CHANGELOG.md says {expected} "
        f"(newest release {released[0]}" + (", with unreleased entries)" if pending else ")"))
tags = subprocess.run(["git", "tag", "--points-at", "HEAD"], capture_output=True, text=True).stdout.split()
for tag in tags:
    if re.fullmatch(r"v\d+\.\d+\.\d+", tag) and tag[1:] != version:
        sys.exit(f"check-version: HEAD is tagged {tag} but Version.swift says {version}")
print(f"check-version: {version} (CHANGELOG.md and Version.swift agree)")
PY
