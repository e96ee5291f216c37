# Sourced by profile.sh and instructions.sh: checks the tools, builds the release benchmark once and
# makes a copy of it for valgrind. Expects $prog (the script's name, for messages); sets $here (the
# Benchmarks folder), $work (a temporary folder, removed on exit) and $bin (the copy).
#
# valgrind 3.19 cannot read the DWARF that Swift 6.3 emits, so the copy has its debug info stripped:
# symbol names (from the symbol table) remain.

callgrind_fail() {
  echo "$prog: error: $*" >&2
  exit 1
}

command -v valgrind >/dev/null 2>&1 ||
  callgrind_fail "valgrind not found; it counts the instructions (Debian: apt-get install valgrind)"
command -v python3 >/dev/null 2>&1 ||
  callgrind_fail "python3 not found; it reads callgrind's output (Debian: apt-get install python3)"
command -v strip >/dev/null 2>&1 ||
  callgrind_fail "strip not found; it removes the debug info valgrind cannot read (Debian: apt-get install binutils)"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build -c release --package-path "$here" --product sheath-bench >&2 ||
  callgrind_fail "the release build of sheath-bench failed"
bin="$(swift build -c release --package-path "$here" --show-bin-path)/sheath-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/sheath-bench"
strip --strip-debug "$work/sheath-bench"
bin="$work/sheath-bench"
export CALLGRIND_PROG="$prog"
