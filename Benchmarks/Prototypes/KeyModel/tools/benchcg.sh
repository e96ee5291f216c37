#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: tools/benchcg.sh BenchPacks|BenchArity|BenchMixed [CASE...]  — instructions per iteration,
# callgrind, N and 2N subtracted (all cases, or only the numbered ones).
B=${SCRATCH:-$ROOT/.build}/release/$1
N=${N:-100000}
$B list | while read c name; do
  if [ $# -gt 1 ] && ! printf ' %s ' "${@:2}" | grep -q " $c "; then continue; fi
  a=$(nice -n 15 valgrind --tool=callgrind --callgrind-out-file=/dev/null $B $c $N 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
  b=$(nice -n 15 valgrind --tool=callgrind --callgrind-out-file=/dev/null $B $c $((2*N)) 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
  echo "$c $name: $(( (b - a) / N )) instr/iter"
done
