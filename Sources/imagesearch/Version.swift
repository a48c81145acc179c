/// The version of the package, as `imagesearch --version` prints it and the User-Agent
/// sends it: the one place it is written. `scripts/check-version.sh` (run by CI) checks it
/// against CHANGELOG.md: the newest release, with `+dev` while unreleased entries exist.
let imageSearchVersion = "0.2.0+dev"
