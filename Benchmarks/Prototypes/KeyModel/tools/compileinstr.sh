#!/bin/bash
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}  # the prototype folder
# usage: tools/compileinstr.sh typecheck|compile APP...  — instructions the compiler executes (callgrind),
# the method of Benchmarks/scripts/compile-time.sh MEASURE=instructions: the frontend jobs the driver
# would run (`swiftc -###`, one job per file; compile = -c -Onone -j 1) are each run under
# valgrind --tool=callgrind and their counts summed. Exact on a busy machine; ~50x slower than a compile.
M=$ROOT/.build/release/Modules
mode=$1; shift
for app in "$@"; do
  if [ $mode = typecheck ]; then args="-typecheck"; else args="-c -Onone -j 1"; fi
  out=$(mktemp -d $ROOT/.build/ci.XXXX)
  total=0; jobs=0
  while read -r line; do
    n=$(cd $out && nice -n 15 valgrind --tool=callgrind --callgrind-out-file=/dev/null $line 2>&1 >/dev/null | awk '/Collected :/ { print $4 }')
    [ -z "$n" ] && { echo "FAIL $app: $line" | cut -c1-300; continue; }
    total=$((total + n)); jobs=$((jobs + 1))
  done < <(swiftc -### $args -parse-as-library -module-name $app -I $M $ROOT/gen/$app/*.swift)
  echo "$app $mode jobs=$jobs instructions=$total ($(( total / 1000000 )) M)"
  rm -rf $out
done
