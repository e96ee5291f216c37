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
# Follow-up 2: SurfaceRecipe (arity keys + one recipe-form bind): the key mistakes e1-e5 and the
# recipe-form bind mistakes r1-r8 (r6 imports SurfaceMainActor itself); output in diag/out-SurfaceRecipe.txt
s=SurfaceRecipe
{ printf 'import KeyCore\nimport %s\n' $s; cat common.swift.txt; } > $T/common.swift
for f in ok.swift r*.swift e1*.swift e2*.swift e3*.swift e4*.swift e5*.swift; do
  [ $f = ok.swift ] && continue  # ok.swift uses the per-arity bind
  echo "=== $s $f"
  { printf 'import KeyCore\nimport %s\n' $s; cat $f; } > $T/$f
  (cd $T && nice -n 15 swiftc -typecheck -swift-version 6 -I $M common.swift $f 2>&1)
done > out-$s.txt 2>&1
