#!/usr/bin/env bash
# What one key costs the compiler, and what each part of its declaration's shape contributes: the
# evidence behind "where the compile-time gap is" in Benchmarks/README.md.
#
# Usage: Benchmarks/scripts/key-anatomy.sh
#   KEYS=100    keys (and services) in the measured file
#   JOBS=2      compiler runs under valgrind at once
#   WORK=Benchmarks/.build-key-anatomy   generated sources, model modules, callgrind output
#
# Method. scripts/generate.py writes one file of KEYS services and the same file with a key for each,
# declared as the README declares keys (`static let sN: Key<any PN> = Key { r in SN(d: r[.sM]) }`,
# the compile-time benchmark's sheath-annotated style). Each file is compiled the way SwiftPM's debug
# build compiles an app target — the `-emit-module` job, then the `-c` job — under valgrind's
# callgrind, which counts the instructions the compiler executes (the same on every run). A key's cost
# is (with keys − without) ÷ KEYS, per job.
#   sheath      against Sheath itself (built here, debug)
#   model …     against generated models of Sheath's key declarations (generate.py key-model: the
#               class hierarchy, `Key`'s initializer and the resolving subscripts with empty bodies),
#               one per shape, so that a change to the shape can be priced before anyone builds it:
#     today                  the model of today's shape; it should cost what `sheath` costs
#     phantom kind           `BindableKey<Kind, Value>` instead of `BindableKey<Factory, …>`
#     lean init              `Key.init` without its `test:` and `name:` parameters
#     no call site           lookups without `fileID: StaticString = #fileID, line: UInt = #line`
#     phantom + lean         both
#     phantom + lean + none  all three
# Takes ~6 minutes with the defaults on 2 cores; KEYS=10 (~2.5 minutes) checks that it runs.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/.." && pwd)"
KEYS=${KEYS:-100}
JOBS=${JOBS:-2}
WORK=${WORK:-$here/.build-key-anatomy}

fail() {
  echo "key-anatomy: error: $*" >&2
  exit 1
}
command -v valgrind >/dev/null 2>&1 || fail "valgrind not found (Debian: apt-get install valgrind)"
command -v python3 >/dev/null 2>&1 || fail "python3 not found"
case "$KEYS" in '' | *[!0-9]* | 0) fail "KEYS is a positive number of keys, not '$KEYS'" ;; esac
frontend="$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-frontend"
[ -x "$frontend" ] || fail "no swift-frontend next to swiftc ($frontend)"

rm -rf "$WORK"
mkdir -p "$WORK/cache"
generate() { python3 "$here/scripts/generate.py" "$@"; }

echo "==> Build Sheath (debug)" >&2
(cd "$root" && swift build --target Sheath >&2)
products="$(cd "$root" && swift build --show-bin-path)"
sheath_flags=(-I "$products/Modules" -Xcc "-fmodule-map-file=$products/CSheathRuntime.build/module.modulemap"
  -Xcc "-I$root/Sources/CSheathRuntime/include")

shapes=("today:factory:full:yes" "phantom kind:phantom:full:yes" "lean init:factory:lean:yes"
  "no call site:factory:full:no" "phantom + lean:phantom:lean:yes" "phantom + lean + none:phantom:lean:no")

echo "==> Generate the sources and the model modules" >&2
for module in Sheath KeyModel; do
  generate key-file --keys "$KEYS" --no-keys --module "$module" >"$WORK/none-$module.swift"
  generate key-file --keys "$KEYS" --module "$module" >"$WORK/keys-$module.swift"
done
for index in "${!shapes[@]}"; do
  IFS=: read -r _ kind init site <<<"${shapes[$index]}"
  mkdir -p "$WORK/model$index"
  generate key-model --kind "$kind" --init "$init" --call-site "$site" >"$WORK/model$index/KeyModel.swift"
  swiftc -emit-module -parse-as-library -swift-version 6 -module-name KeyModel \
    -module-cache-path "$WORK/cache" -o "$WORK/model$index/KeyModel.swiftmodule" "$WORK/model$index/KeyModel.swift"
done

# One line per compiler run: name, then the frontend arguments (tab-separated).
common=(-enable-testing -g -debug-info-format=dwarf -dwarf-version=4 -swift-version 6 -Onone
  -D SWIFT_PACKAGE -D DEBUG -module-cache-path "$WORK/cache" -module-name App -parse-as-library)
runs="$WORK/runs.txt"
: >"$runs"
add_run() {
  local name=$1
  shift
  local IFS=$'\t'
  printf '%s\t%s\n' "$name" "$*" >>"$runs"
}
for variant in none keys; do
  for target in sheath "${!shapes[@]}"; do
    if [ "$target" = sheath ]; then
      source="$WORK/$variant-Sheath.swift"
      flags=("${sheath_flags[@]}")
    else
      source="$WORK/$variant-KeyModel.swift"
      flags=(-I "$WORK/model$target")
    fi
    add_run "emit-$target-$variant" -frontend -emit-module -experimental-skip-non-inlinable-function-bodies-without-types \
      "$source" "${common[@]}" -empty-abi-descriptor "${flags[@]}" -o "$WORK/emit-$target-$variant.swiftmodule"
    add_run "compile-$target-$variant" -frontend -c -primary-file "$source" "${common[@]}" "${flags[@]}" \
      -o "$WORK/compile-$target-$variant.o"
  done
done

# The first run against a module cache builds the system's and Sheath's C modules into it: do that
# once, uncounted, for both kinds of source.
echo "==> Warm the module cache" >&2
for name in emit-sheath-none emit-0-none; do
  line=$(grep "^$name"$'\t' "$runs")
  IFS=$'\t' read -r -a arguments <<<"${line#*$'\t'}"
  "$frontend" "${arguments[@]}" || fail "the compiler failed on $name"
done

echo "==> $(wc -l <"$runs") compiler runs under callgrind, $JOBS at a time" >&2
export WORK frontend
# Each run writes its instruction count to $WORK/NAME.count, or its output to $WORK/NAME.log and fails.
count_one() {
  local name=${1%%$'\t'*} rest=${1#*$'\t'}
  local IFS=$'\t'
  # shellcheck disable=SC2086
  set -- $rest
  if valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.callgrind" "$frontend" "$@" >"$WORK/$name.log" 2>&1; then
    sed -n 's/^==[0-9]*== Collected : //p' "$WORK/$name.log" >"$WORK/$name.count"
  else
    echo "key-anatomy: error: the compiler failed in run $name; see $WORK/$name.log" >&2
    return 1
  fi
}
export -f count_one
tr '\n' '\0' <"$runs" | xargs -0 -P "$JOBS" -I{} bash -c 'count_one "$1"' _ {} ||
  fail "a compiler run failed (see above)"

# Every run must have left a count before the table is printed (callgrind prints none when it could
# not follow the compiler).
while IFS=$'\t' read -r name _; do
  grep -qE '^[0-9]+$' "$WORK/$name.count" 2>/dev/null || fail "no instruction count for run $name; see $WORK/$name.log"
done <"$runs"
count() { cat "$WORK/$1.count"; }

# M instructions per key in one job: (with keys − without) ÷ KEYS.
per_key() {
  python3 -c "import sys; print(f'{(int(sys.argv[1]) - int(sys.argv[2])) / int(sys.argv[3]) / 1e6:.2f}')" \
    "$(count "$1-$2-keys")" "$(count "$1-$2-none")" "$KEYS"
}
total() { python3 -c "import sys; print(f'{float(sys.argv[1]) + float(sys.argv[2]):.2f}')" "$(per_key emit "$1")" "$(per_key compile "$1")"; }
today_total=$(total 0)

echo "## What one key costs the compiler"
echo
echo "M instructions per key, from $KEYS keys declared as the README declares them (callgrind;"
echo "\`KEYS=$KEYS Benchmarks/scripts/key-anatomy.sh\`). emit-module and compile are SwiftPM's two debug jobs"
echo "for the file; a key's cost is (with keys − without) ÷ $KEYS. The rows after the first compile against"
echo "generated models of Sheath's key declarations (generate.py key-model), not Sheath."
echo "$(date +%Y-%m-%d), $(swiftc --version 2>&1 | head -1)."
echo
echo "| declarations | emit-module | compile | total | ÷ model of today |"
echo "|---|--:|--:|--:|--:|"
for target in sheath "${!shapes[@]}"; do
  if [ "$target" = sheath ]; then
    label="Sheath"
  else
    label="model: ${shapes[$target]%%:*}"
  fi
  total=$(total "$target")
  ratio=$(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.3f}×')" "$total" "$today_total")
  echo "| $label | $(per_key emit "$target") | $(per_key compile "$target") | $total | $ratio |"
done
