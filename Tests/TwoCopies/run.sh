#!/usr/bin/env bash
# Two copies of Sheath in one process, end to end: builds two dynamic libraries that each link Sheath
# statically (libFrameworkA, libFrameworkB) and an app that loads them, then checks that the second
# copy warns once, naming both libraries, and that a single copy says nothing.
# Run from anywhere: Tests/TwoCopies/run.sh (CI runs it; run on Linux only so far).
set -euo pipefail
cd "$(dirname "$0")/../.."
package=Tests/TwoCopies

swift build --package-path "$package"
bin=$(swift build --package-path "$package" --show-bin-path)
case "$(uname)" in Darwin) ext=dylib ;; *) ext=so ;; esac
a="$bin/libFrameworkA.$ext"
b="$bin/libFrameworkB.$ext"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

fail() {
  printf 'Tests/TwoCopies/run.sh: FAIL: %s\n' "$1" >&2
  exit 1
}

# Runs the app with $1 (a name for the case) and the arguments after it; compares its standard output
# and standard error with $out/expected.stdout and $out/expected.stderr, showing a diff if they differ.
check() {
  local name=$1
  shift
  "$bin/App" "$@" >"$out/stdout" 2>"$out/stderr" || fail "$name: the app exited with status $?: $(cat "$out/stderr")"
  diff -u "$out/expected.stdout" "$out/stdout" >&2 || fail "$name: standard output differs (expected -, got +)"
  diff -u "$out/expected.stderr" "$out/stderr" >&2 || fail "$name: standard error differs (expected -, got +)"
  echo "ok: $name"
}

cat >"$out/expected.stdout" <<TEXT
FrameworkA: hello from FrameworkA's copy of Sheath
FrameworkB: hello from FrameworkB's copy of Sheath
TEXT
cat >"$out/expected.stderr" <<TEXT
Sheath: warning: two copies of Sheath are loaded in this process
  one from $a
  one from $b
fix: link Sheath once: as a dynamic library every target shares, or statically into the app alone; keys declared against one copy are unknown to the other's graphs, and each copy has its own singletons
TEXT
check "two libraries, RTLD_LOCAL (as two macOS frameworks): both ran; one warning, naming both" "$a" "$b"
check "two libraries, RTLD_GLOBAL (as a Linux app's linked libraries): both ran; one warning, naming both" \
  --global "$a" "$b"

head -n 1 "$out/expected.stdout" >"$out/expected.stdout.one"
mv "$out/expected.stdout.one" "$out/expected.stdout"
: >"$out/expected.stderr"
check "one library: it ran; no warning" "$a"
