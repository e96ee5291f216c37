#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: tools/benchcg.sh BenchPacks|BenchArity  — instructions per iteration, callgrind, N and 2N subtracted.
B=${SCRATCH:-$ROOT/.build}/release/$1
N=${N:-100000}
$B list | while read c name; do
  a=$(nice -n 10 valgrind --tool=callgrind --callgrind-out-file=/dev/null $B $c $N 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
  b=$(nice -n 10 valgrind --tool=callgrind --callgrind-out-file=/dev/null $B $c $((2*N)) 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
  echo "$c $name: $(( (b - a) / N )) instr/iter"
done
