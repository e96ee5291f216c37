#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: diag/run.sh — type-checks each mistake against each surface; output in diag/out-<Surface>.txt
cd "$(dirname "$0")"
M=$ROOT/.build/release/Modules
T=$ROOT/.build/diag; mkdir -p $T
for s in SurfaceArity SurfacePacks SurfaceMixed; do  # SurfaceMixed: arity keys + pack bind (follow-up Q-B)
  { printf 'import KeyCore\nimport %s\n' $s; cat common.swift.txt; } > $T/common.swift
  for f in ok.swift e*.swift; do
    echo "=== $s $f"
    { printf 'import KeyCore\nimport %s\n' $s; cat $f; } > $T/$f
    (cd $T && nice -n 15 swiftc -typecheck -swift-version 6 -I $M common.swift $f 2>&1)
  done > out-$s.txt 2>&1
done
