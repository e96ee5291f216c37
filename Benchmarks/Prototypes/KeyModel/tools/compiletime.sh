#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: tools/compiletime.sh MODE REPS APP...   MODE = typecheck | compile (-c -Onone, one frontend job per file, -j 1)
# User+sys CPU seconds of a clean swiftc of the generated app against the release-built KeyCore/Surface modules.
cd "$(dirname "$0")/.."
M=$PWD/.build/release/Modules
mode=$1; reps=$2; shift 2
for app in "$@"; do
  for i in $(seq $reps); do
    out=$(mktemp -d $ROOT/.build/ct.XXXX)
    if [ $mode = typecheck ]; then args="-typecheck"; else args="-c -Onone -j 1"; fi
    ( cd $out && /usr/bin/time -f "%U %S" -o $out/t nice -n 10 swiftc $args -parse-as-library -module-name $app -I $M $ROOT/gen/$app/*.swift > $out/log 2>&1 ) || { echo "FAIL $app"; head -20 $out/log; }
    echo "$app $mode run$i user_sys=$(cat $out/t)"
    rm -rf $out
  done
done
