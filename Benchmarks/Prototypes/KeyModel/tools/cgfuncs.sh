#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: tools/cgfuncs.sh BenchArity CASE — per-function instructions per iteration (callgrind,
# N and 2N subtracted per function, exclusive Ir): what one resolution spends, function by function.
B=${SCRATCH:-$ROOT/.build}/release/$1
N=${N:-100000}
T=$(mktemp -d)
nice -n 15 valgrind --tool=callgrind --callgrind-out-file=$T/a $B $2 $N > /dev/null 2>&1
nice -n 15 valgrind --tool=callgrind --callgrind-out-file=$T/b $B $2 $((2*N)) > /dev/null 2>&1
for f in a b; do callgrind_annotate --auto=no --threshold=100 $T/$f 2>/dev/null | grep -E '^ *[0-9,]+ +\([ 0-9.]+%\) +[^ ]+:' | grep -v 'PROGRAM TOTALS' | sed -E 's/^ *([0-9,]+) \([^)]*\) +/\1 /; s/,//g; s/ \[[^]]*\]$//; s/^([0-9]+) [^ ]*:/\1 /' > $T/$f.txt; done
python3 - $T/a.txt $T/b.txt $N <<'PY' | (if [ -n "$DEMANGLE" ]; then swift demangle --simplified; else cat; fi)
import sys
def load(p):
    d = {}
    for l in open(p):
        ir, fn = l.rstrip("\n").split(" ", 1)
        d[fn] = d.get(fn, 0) + int(ir)
    return d
a, b, n = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3])
rows = sorted(((b.get(f, 0) - a.get(f, 0)) / n, f) for f in set(a) | set(b))
tot = 0
for per, f in reversed(rows):
    if per >= 0.5:
        tot += per
        print(f"{per:8.1f}  {f}")
print(f"{tot:8.1f}  total")
PY
rm -rf $T
