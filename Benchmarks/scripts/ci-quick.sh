#!/usr/bin/env bash
# CI check for the benchmark package: it builds in release, and `sheath-bench --quick` runs every
# scenario to the end and prints the whole report. It checks that the benchmarks still work, not how
# fast anything is: a CI machine's timings mean little.
#
# Usage: Benchmarks/scripts/ci-quick.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> Build the benchmark package (release)"
swift build -c release --product sheath-bench

echo "==> sheath-bench --quick"
bin="$(swift build -c release --show-bin-path)/sheath-bench"
report=$("$bin" --quick 2>/dev/null)
printf '%s\n' "$report"

echo "==> Check the report"
fail() {
  echo "ci-quick: $*" >&2
  exit 1
}
# Every scenario's row, the derived rows and every section must be there.
for row in "leaf transient resolve" "leaf transient resolve, its key kept in a" "singleton resolve" "singleton resolve, its key kept in a" "graph resolve (view model" "graph resolve, escape-hatch keys" "assisted: view model" \
  "flow: open a child graph" "flow: resolve the scoped" "1 thread at once" "2 threads at once" \
  "2 threads ÷ 1 thread" "deep chain of 100" "build a graph of 10 bindings" "build a graph of 10,000 bindings" \
  "verify a graph of 10,000 bindings" "resolve one key in a graph of 10,000" "resolve at 10,000 bindings ÷ at 10" \
  "every key in turn" "### Targets (Sheath)" "### Thread scaling of this machine" "### Heap kept per open flow" \
  "| heap kept per open flow |" "### Memory of a 10,000-binding graph"; do
  grep -qF -- "$row" <<<"$report" || fail "missing from the report: $row"
done
# A measured cell that came out empty or not a number means a contender stopped measuring.
if grep -E '^\| (leaf|singleton|graph|assisted|flow|deep|heap kept)' <<<"$report" | grep -qE '\| — \||nan|inf'; then
  fail "a measured row has an empty or non-numeric cell"
fi
# The memory kept per open flow: a size in bytes for hand-written, Sheath and Swinject.
grep -qE '^\| heap kept per open flow \| [0-9.]+ (B|KiB|MiB) \| [0-9.]+ (B|KiB|MiB) \([0-9.]+×\) \| [0-9.]+ (B|KiB|MiB) \([0-9.]+×\)' <<<"$report" ||
  fail "the heap kept per open flow is not a size for every contender"
# Every target the issue sets is stated, with a verdict.
for target in "| leaf transient resolve | ≤ 1.2× hand-written" "| singleton resolve | ≤ 1.5× reading a global" \
  "| graph resolve | ≤ 1.2×" "| assisted resolve | ≤ 1.2×" "| flow: open + resolve its scoped data controller | ≤ 2.5×" \
  "| flow: heap kept per open flow | ≤ 512 B" "| deep chain of 100 transient objects | ≤ 1.3×" \
  "| 2 threads: per-op slowdown" "| build 10,000 bindings | ≤ 10 ms" "| verify 10,000 bindings | ≤ 10 ms" \
  "| resolve one key: 10,000 bindings ÷ 10 | within ±10%"; do
  grep -F -- "$target" <<<"$report" | grep -qE '\| (yes|\*\*no\*\*) \|$' || fail "missing from the targets, or without a verdict: $target"
done
# --filter selects rows.
filtered=$("$bin" --quick --filter singleton --no-memory 2>/dev/null)
grep -qF "singleton resolve" <<<"$filtered" || fail "--filter singleton lost the singleton row"
if grep -qF "graph resolve (view model" <<<"$filtered"; then fail "--filter singleton kept other rows"; fi

# Every resolution stop in a release build: the exact message, and no stack overflow (~10 s).
echo "==> scripts/release-traps.sh"
scripts/release-traps.sh || fail "scripts/release-traps.sh failed"

# The instruction mode (~1 minute): every row runs under callgrind and has its numbers. It needs
# python3, which CI's toolchain image does not promise; without it the check is skipped, saying so.
echo "==> scripts/instructions.sh"
if command -v python3 >/dev/null 2>&1; then
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  instructions=$(scripts/instructions.sh 2>"$log") || {
    cat "$log" >&2
    fail "scripts/instructions.sh failed"
  }
  printf '%s\n' "$instructions"
  for row in "leaf transient" "leaf, its key kept in a" "singleton" "singleton, its key kept in a" "graph (view model" "graph, escape-hatch keys" "assisted" "flow: open + resolve scoped" \
    "flow: resolve again" "chain of 100"; do
    grep -F "| $row" <<<"$instructions" |
      grep -qE '^\|[^|]+\| [0-9,]+ \| [0-9,]+ \| [0-9,]+ \| [0-9.]+× \|' ||
      fail "the instruction table has no numbers for: $row"
  done
  # Resolution at scale: instructions at 10 and 10,000 bindings, the ratio and the verdict, and the
  # simulated cache misses.
  for row in "resolve one key" "resolve every key in turn"; do
    grep -F "| $row |" <<<"$instructions" |
      grep -qE '^\|[^|]+\| [0-9,]+ \| [0-9,]+ \| [0-9.]+× \| (yes|\*\*no\*\*) \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \|$' ||
      fail "the resolution-at-scale table has no numbers for: $row"
  done

  # The compile-time script's instruction mode (~3 minutes: a debug build of Sheath, then a 10-binding
  # app's compiler jobs under callgrind): it finds SwiftPM's jobs and counts them. Swinject's style is
  # left out, so that the check needs no package beyond this repository.
  echo "==> scripts/compile-time.sh (MEASURE=instructions, a 10-binding app)"
  compile_work=$(mktemp -d)
  trap 'rm -f "$log"; rm -rf "$compile_work"' EXIT
  compile=$(MEASURE=instructions STYLES="hand-written sheath-annotated" BINDINGS=10 FILES=6 WORK="$compile_work" \
    scripts/compile-time.sh 2>"$log") || {
    cat "$log" >&2
    fail "scripts/compile-time.sh (MEASURE=instructions) failed"
  }
  printf '%s\n' "$compile"
  for style in hand-written sheath-annotated; do
    grep -qE "^\| $style \| [0-9]+ \| [0-9]+ \| [0-9]+ \|" <<<"$compile" ||
      fail "the compile-instruction table has no numbers for: $style"
  done

  # What one key costs the compiler, part by part (~2.5 minutes with 10 keys): Sheath and every model
  # shape compile, and each row has its numbers.
  echo "==> scripts/key-anatomy.sh (KEYS=10)"
  anatomy=$(KEYS=10 WORK="$compile_work/key-anatomy" scripts/key-anatomy.sh 2>"$log") || {
    cat "$log" >&2
    fail "scripts/key-anatomy.sh failed"
  }
  printf '%s\n' "$anatomy"
  for row in "Sheath" "model: today" "model: phantom kind" "model: lean init" "model: no call site" \
    "model: phantom + lean" "model: phantom + lean + none"; do
    grep -F "| $row |" <<<"$anatomy" |
      grep -qE '^\|[^|]+\| [0-9]+\.[0-9]{2} \| [0-9]+\.[0-9]{2} \| [0-9]+\.[0-9]{2} \| [0-9]+\.[0-9]{3}× \|$' ||
      fail "the key-anatomy table has no numbers for: $row"
  done
else
  echo "ci-quick: skipped scripts/instructions.sh, compile-time.sh and key-anatomy.sh: python3 not found"
fi
echo "ci-quick: ok"
