#!/usr/bin/env bash
# Instructions, reference-counting calls and mallocs per operation, hand-written against Sheath, for
# every resolution row: a Markdown table on standard output, progress on standard error.
#
# Usage: Benchmarks/scripts/instructions.sh [ROW...]
#   ROW   leaf leaf-stored-key singleton singleton-stored-key graph graph-resolver assisted flow-open flow-cached chain
#         (default: all of them)
#   JOBS=2 runs two cells at once (default 1); the counts do not depend on it or on the machine's load.
#
# Method (scripts/callgrind.py): each cell's loop runs under `valgrind --tool=callgrind` with N and with
# 2N operations (`sheath-bench --profile ROW CONTENDER N`); the difference ÷ N is exact per operation,
# the runtime's start-up and the cell's setup cancelled out. Calls to swift_retain, swift_release and
# their variants, and to malloc and its kind, are counted from callgrind's call counts the same way.
# Fails, printing nothing on standard output, if a tool is missing or a cell does not run.
#
# Needs valgrind and python3 (CI's toolchain image guarantees only Swift and valgrind).
set -euo pipefail
prog=instructions.sh
source "$(dirname "$0")/callgrind-setup.sh"
python3 "$here/scripts/callgrind.py" instructions "$bin" "$@"
