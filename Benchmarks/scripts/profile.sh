#!/usr/bin/env bash
# Instruction profile of one benchmark cell, per operation, with callgrind.
#
# Usage: Benchmarks/scripts/profile.sh SCENARIO [CONTENDER] [ITERATIONS]
#   SCENARIO    a scenario id: leaf singleton graph assisted flow-open flow-cached chain build-10000 …
#   CONTENDER   sheath (default), hand-written, swinject, swift-dependencies
#   ITERATIONS  operations in the smaller run (default 20000; the larger runs twice as many)
#
# Method: runs the cell's loop under `valgrind --tool=callgrind` with N and with 2N operations
# (`sheath-bench --profile`) and subtracts, function by function: what is left is exactly N operations,
# with the setup, the runtime's start-up and the calibration all cancelled out. Prints the instructions
# per operation, then the functions by self and by inclusive instructions per operation.
#
# valgrind 3.19 cannot read the DWARF that Swift 6.3 emits, so the script profiles a copy of the
# release binary with its debug info stripped: symbol names (from the symbol table) remain.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
scenario=${1:?usage: profile.sh SCENARIO [CONTENDER] [ITERATIONS]}
contender=${2:-sheath}
iterations=${3:-20000}
top=${TOP:-25}

swift build -c release --package-path "$here" --product sheath-bench >&2
bin="$(swift build -c release --package-path "$here" --show-bin-path)/sheath-bench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/sheath-bench"
strip --strip-debug "$work/sheath-bench"

for n in "$iterations" "$((iterations * 2))"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$n" \
    "$work/sheath-bench" --profile "$scenario" "$contender" "$n" >/dev/null 2>"$work/valgrind.$n.log" || {
    cat "$work/valgrind.$n.log" >&2
    exit 1
  }
  callgrind_annotate --threshold=100 "$work/cg.$n" >"$work/self.$n"
  callgrind_annotate --threshold=100 --inclusive=yes "$work/cg.$n" >"$work/incl.$n"
done

python3 - "$work" "$iterations" "$((iterations * 2))" "$top" "$scenario" "$contender" <<'PY'
import re, subprocess, sys
work, small, large, top, scenario, contender = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
annotated = re.compile(r"^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$")

def clean(name):
    name = re.sub(r"^\?\?\?:", "", name)
    name = re.sub(r"^\S+\.[ch]:", "", name)
    return re.sub(r"\s+\[[^\]]*\]$", "", name).strip()

def parse_annotated(path):
    totals, functions = None, {}
    for text in open(path, encoding="utf-8", errors="replace"):
        m = annotated.match(text)
        if not m:
            continue
        count, name = int(m.group(1).replace(",", "")), m.group(2).strip()
        if name == "PROGRAM TOTALS":
            totals = count
            continue
        name = clean(name)
        functions[name] = functions.get(name, 0) + count
    return totals, functions

def parse_calls(path):
    """Calls per callee, summed over callers, from callgrind's raw output."""
    names, calls, callee = {}, {}, None
    ref = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")
    for text in open(path, encoding="utf-8", errors="replace"):
        text = text.rstrip("\n")
        m = ref.match(text)
        if m:
            if m.group(2):
                names[m.group(1)] = clean(m.group(2))
            if text.startswith("cfn="):
                callee = names.get(m.group(1), m.group(1))
            continue
        if text.startswith("calls=") and callee is not None:
            calls[callee] = calls.get(callee, 0) + int(text[6:].split()[0])
            callee = None
    return calls

ops = large - small
def diff(a, b):
    return {name: (b.get(name, 0) - a.get(name, 0)) / ops for name in set(a) | set(b)}

t1, self1 = parse_annotated(f"{work}/self.{small}")
t2, self2 = parse_annotated(f"{work}/self.{large}")
total = (t2 - t1) / ops
self_costs = diff(self1, self2)
inclusive = diff(parse_annotated(f"{work}/incl.{small}")[1], parse_annotated(f"{work}/incl.{large}")[1])
calls = diff(parse_calls(f"{work}/cg.{small}"), parse_calls(f"{work}/cg.{large}"))

names = sorted(set(self_costs) | set(inclusive) | set(calls))
try:
    out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True,
                         text=True, check=True).stdout.split("\n")
    readable = dict(zip(names, out))
except Exception:
    readable = {name: name for name in names}

print(f"### {contender}, {scenario}: {total:,.0f} instructions per operation\n")
def table(title, unit, costs, share):
    print(f"| {title} | {unit} |" + (" share |" if share else ""))
    print("|---|--:|" + ("--:|" if share else ""))
    shown = 0
    for name, cost in sorted(costs.items(), key=lambda kv: -kv[1]):
        if shown >= top or cost < 0.5:
            break
        label = readable.get(name, name)
        if label in ("(below main)",) or label.startswith("0x") or "start_main" in label or label.endswith("_main") \
                or "runForProfiler" in label:
            continue
        label = label if len(label) <= 150 else label[:147] + "…"
        label = label.replace("|", "\\|")
        print(f"| `{label}` | {cost:,.1f} |" + (f" {100 * cost / total:.1f}% |" if share else ""))
        shown += 1
    print()
table("function (self)", "instructions/op", self_costs, True)
table("function (inclusive)", "instructions/op", inclusive, True)
table("callee", "calls/op", calls, False)
PY
