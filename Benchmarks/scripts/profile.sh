#!/usr/bin/env bash
# Instruction profile of one benchmark cell, per operation, with callgrind.
#
# Usage: Benchmarks/scripts/profile.sh SCENARIO [CONTENDER] [ITERATIONS]
#   SCENARIO    a scenario id: leaf singleton graph assisted flow-open flow-cached chain build-10000 …
#   CONTENDER   sheath (default), hand-written, swinject, swift-dependencies
#   ITERATIONS  operations in the smaller run (default 20000; the larger runs twice as many)
#
# Method (scripts/callgrind.py): runs the cell's loop under `valgrind --tool=callgrind` with N and with
# 2N operations (`sheath-bench --profile`) and subtracts, function by function: what is left is exactly
# N operations, with the setup, the runtime's start-up and the calibration all cancelled out. Prints
# the instructions per operation, then the functions by self and by inclusive instructions per
# operation, then the calls per operation of each callee.
#
# Needs valgrind (with callgrind_annotate) and python3.
set -euo pipefail
prog=profile.sh
scenario=${1:?usage: profile.sh SCENARIO [CONTENDER] [ITERATIONS]}
contender=${2:-sheath}
iterations=${3:-20000}
top=${TOP:-25}

source "$(dirname "$0")/callgrind-setup.sh"
command -v callgrind_annotate >/dev/null 2>&1 ||
  callgrind_fail "callgrind_annotate not found; it comes with valgrind"
python3 "$here/scripts/callgrind.py" profile "$bin" "$scenario" "$contender" "$iterations" "$top"
