#!/usr/bin/env python3
"""Exact costs of sheath-bench cells per operation, with valgrind's callgrind.

Method: run a cell's loop (`sheath-bench --profile SCENARIO CONTENDER N`) under callgrind with N and
with 2N operations and subtract: what is left is exactly N operations, with the runtime's start-up, the
cell's setup and everything else the two runs share cancelled out.

  callgrind.py profile BIN SCENARIO CONTENDER ITERATIONS TOP
      one cell, function by function (scripts/profile.sh)
  callgrind.py instructions BIN [ROW...]
      instructions, reference-counting calls and mallocs per operation, hand-written against Sheath,
      for every resolution row or the rows named; then, with no rows named, Sheath's resolution at 10
      and at 10,000 bindings, with the data cache simulated (scripts/instructions.sh)

BIN is a release build of sheath-bench with its debug info stripped (valgrind 3.19 cannot read the
DWARF Swift 6.3 writes; the symbol table remains). The shell scripts build it; run them, not this.
"""

import collections
import concurrent.futures
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time

PROG = os.environ.get("CALLGRIND_PROG", "callgrind.py")
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def fail(message):
    sys.exit(f"{PROG}: error: {message}")


def progress(message):
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)


# MARK: Running a cell


def run_cell(binary, work, scenario, contender, iterations, cache=False):
    """Runs one cell's loop under callgrind (simulating the caches when `cache`); returns the path of
    callgrind's output."""
    out = os.path.join(work, f"cg.{scenario}.{contender}.{iterations}")
    log = out + ".log"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               *(["--cache-sim=yes"] if cache else []),
               binary, "--profile", scenario, contender, str(iterations)]
    # Swift seeds its hashing at random in each process, so a dictionary's collisions, and with them the
    # instruction count, would vary slightly from run to run; a fixed seed makes runs repeatable.
    # No backtrace on a crash: the fatal error's message stays the last thing the program says.
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", SWIFT_BACKTRACE="enable=no")
    with open(log, "w") as stderr:
        status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=stderr, env=environment).returncode
    text = open(log, encoding="utf-8", errors="replace").read()
    # sheath-bench prints this line once the loop has run; without it, the cell did not run.
    ran = f"sheath-bench: profiled: {scenario} "
    if status != 0 or ran not in text or not os.path.exists(out):
        # The program's own lines (valgrind's start with ==PID==), else valgrind's last ones.
        lines = [line for line in text.splitlines() if not line.startswith("==")] or text.splitlines()
        tail = "\n".join(lines[-10:])
        fail(f"`{' '.join(command[3:])}` under callgrind failed (exit status {status}); it said:\n{tail}")
    return out


def run_pair(binary, work, scenario, contender, iterations, cache=False):
    """The callgrind outputs of the cell with `iterations` and with twice as many operations."""
    return tuple(run_cell(binary, work, scenario, contender, n, cache) for n in (iterations, 2 * iterations))


# MARK: Reading callgrind's output

_recursion = re.compile(r"'\d+$")


def clean(name, merge_recursion=True):
    """A function's name without callgrind's file prefix and object suffix, and without the depth it
    gives a recursive call (`swift_release'2`, a release within a release) unless told to keep it: an
    inclusive cost already contains its deeper levels'."""
    name = re.sub(r"^\?\?\?:", "", name)
    name = re.sub(r"^\S+\.[ch]:", "", name)
    name = re.sub(r"\s+\[[^\]]*\]$", "", name).strip()
    return _recursion.sub("", name) if merge_recursion else name


class Profile:
    """A callgrind output file: total instructions, and calls per (caller, callee) pair."""

    _ref = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")

    def __init__(self, path):
        self.total = None
        self.events = {}
        self.calls = collections.Counter()
        names_of_events = ["Ir"]
        names, caller, callee = {}, None, None
        for text in open(path, encoding="utf-8", errors="replace"):
            text = text.rstrip("\n")
            m = self._ref.match(text)
            if m:
                if m.group(3):
                    names[m.group(2)] = clean(m.group(3))
                name = names.get(m.group(2), m.group(2))
                if m.group(1) == "fn":
                    caller = name
                else:
                    callee = name
            elif text.startswith("calls=") and callee is not None:
                self.calls[(caller, callee)] += int(text[6:].split()[0])
                callee = None
            elif text.startswith("events:"):
                names_of_events = text.split()[1:]
            elif text.startswith("totals:"):
                values = [int(v) for v in text.split()[1:]]
                self.events = dict(zip(names_of_events, values))
                self.total = self.events.get("Ir", values[0])
        if self.total is None:
            fail(f"{path}: no `totals:` line; callgrind's output is cut short")

    def calls_into(self, functions, family):
        """Calls to the functions `functions` matches, made from outside `family` (which includes them):
        a variant that forwards to another (swift_unknownObjectRetain to swift_retain) counts once."""
        return sum(n for (caller, callee), n in self.calls.items()
                   if functions.match(callee) and not (caller and family.match(caller)))


# Reference counting: strong retains and releases (plain, _n, bridgeObject, unknownObject, nonatomic),
# unowned ones, and the loads that turn an unowned or weak reference into a strong one.
RETAINS = re.compile(r"^swift_(nonatomic_)?(bridgeObject|unknownObject|unowned)?[Rr]etain(_n|Strong)?$"
                     r"|^swift_(unknownObjectW|w)eakLoadStrong$")
RELEASES = re.compile(r"^swift_(nonatomic_)?(bridgeObject|unknownObject|unowned)?[Rr]elease(_n)?$"
                      r"|^swift_unownedRetainStrongAndRelease$")
REFCOUNTING = re.compile(f"{RETAINS.pattern}|{RELEASES.pattern}")
MALLOCS = re.compile(r"^(__libc_)?(malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign|valloc)$")


def per_op(small, large, iterations, value):
    """value(large) − value(small), per operation: the N extra operations of the larger run."""
    return (value(large) - value(small)) / iterations


# MARK: instructions


# The resolution rows: (id, title, operations in the smaller run). The chain is ~100× the others.
ROWS = [
    ("leaf", "leaf transient (`Validator`)", 2000),
    ("leaf-stored-key", "leaf, its key kept in a `static let`", 2000),
    ("singleton", "singleton (hand-written: a global `let`)", 2000),
    ("singleton-stored-key", "singleton, its key kept in a `static let`", 2000),
    ("graph", "graph (view model → data controller → API + validator)", 2000),
    ("graph-resolver", "graph, escape-hatch keys (`{ r in … }`)", 2000),
    ("assisted", "assisted: view model with its view", 2000),
    ("flow-open", "flow: open + resolve scoped", 2000),
    ("flow-cached", "flow: resolve again", 2000),
    ("chain", "chain of 100 transients", 200),
]
# Instruction targets (DESIGN.md, issue 28): Sheath ÷ hand-written, for keys as the README writes them
# (the escape hatch has none).
TARGETS = {"leaf": 1.2, "singleton": 1.5, "singleton-stored-key": 1.5, "graph": 1.2, "assisted": 1.2, "flow-open": 2.5, "chain": 1.3}
CONTENDERS = ["hand-written", "sheath"]


def count(row_id, contender, iterations, binary, work):
    started = time.monotonic()
    small, large = (Profile(path) for path in run_pair(binary, work, row_id, contender, iterations))
    figures = {
        "instructions": per_op(small, large, iterations, lambda p: p.total),
        "retains": per_op(small, large, iterations, lambda p: p.calls_into(RETAINS, REFCOUNTING)),
        "releases": per_op(small, large, iterations, lambda p: p.calls_into(RELEASES, REFCOUNTING)),
        "mallocs": per_op(small, large, iterations, lambda p: p.calls_into(MALLOCS, MALLOCS)),
    }
    if figures["instructions"] <= 0:
        fail(f"{row_id} {contender}: the run with {2 * iterations} operations did not cost more than the "
             f"one with {iterations} ({small.total:,} and {large.total:,} instructions); "
             "the loop did not run as expected")
    if any(value < -0.01 for value in figures.values()):
        fail(f"{row_id} {contender}: a negative count per operation ({figures}); the two runs differ "
             "in more than their number of operations")
    progress(f"{row_id} {contender}: {figures['instructions']:,.0f} instructions/op "
             f"({time.monotonic() - started:.1f} s)")
    return figures


# Resolution at scale (Sheath alone): (10-binding row, 10,000-binding row, what, operations in the
# smaller run). 20,000 operations resolve each of 10,000 keys twice, so the difference of the two runs
# is whole passes over the table.
SCALE_ROWS = [
    ("resolve-10", "resolve-10000", "resolve one key", 20000),
    ("resolve-each-10", "resolve-each-10000", "resolve every key in turn", 20000),
]


def count_scale(row_id, iterations, binary, work):
    """Instructions and simulated data-cache misses per operation of Sheath's cell `row_id`."""
    started = time.monotonic()
    small, large = (Profile(path) for path in run_pair(binary, work, row_id, "sheath", iterations, cache=True))
    def event(*names):
        return lambda p: sum(p.events.get(name, 0) for name in names)
    figures = {
        "instructions": per_op(small, large, iterations, event("Ir")),
        "d1": per_op(small, large, iterations, event("D1mr", "D1mw")),
        "ll": per_op(small, large, iterations, event("DLmr", "DLmw")),
    }
    progress(f"{row_id} sheath (cache simulated): {figures['instructions']:,.0f} instructions/op "
             f"({time.monotonic() - started:.1f} s)")
    return figures


def scale_table(results):
    out = ["### Resolution at scale (Sheath; callgrind's cache simulation)", "",
           "Instructions and simulated first-level (D1) and last-level (LL) data-cache misses per "
           "resolution, at 10 and at 10,000 bindings. The instruction count is the target's "
           "\"resolve flat\" (±10%); the misses are what a table and keys larger than the cache cost.", "",
           "| row | instructions/op: 10 | 10,000 | 10,000 ÷ 10 | flat (±10%) "
           "| D1 misses/op: 10 | 10,000 | LL misses/op: 10 | 10,000 |",
           "|---|--:|--:|--:|---|--:|--:|--:|--:|"]
    for small_id, large_id, title, _ in SCALE_ROWS:
        a, b = results[small_id], results[large_id]
        ratio = b["instructions"] / a["instructions"]
        out.append(f"| {title} | {a['instructions']:,.0f} | {b['instructions']:,.0f} | {ratio:.2f}× "
                   f"| {'yes' if abs(ratio - 1) <= 0.10 else '**no**'} | {a['d1']:.2f} | {b['d1']:.2f} "
                   f"| {a['ll']:.2f} | {b['ll']:.2f} |")
    return out


def calls(value):
    """A call count per operation: whole when it is (every operation the same), else one decimal."""
    return f"{value:,.0f}" if abs(value - round(value)) < 0.02 else f"{value:,.1f}"


def library_commit():
    """The last commit that changed anything outside Benchmarks/ (the library measured), and whether
    the work tree changes it further."""
    def git(*args):
        return subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True).stdout.strip()
    outside = ["--", ".", ":(exclude)Benchmarks"]
    commit = git("log", "-1", "--format=%h", *outside) or "unknown"
    dirty = git("status", "--porcelain", *outside)
    return commit + (" + uncommitted changes" if dirty else "")


def instructions(binary, requested):
    known = {row[0]: row for row in ROWS}
    for name in requested:
        if name not in known:
            fail(f"no instruction row `{name}`; the rows: {' '.join(known)}")
    rows = [known[name] for name in requested] if requested else ROWS
    jobs = int(os.environ.get("JOBS", "1"))
    if jobs < 1:
        fail("JOBS must be 1 or more")
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()

    started = time.monotonic()
    scale_ids = [(row_id, n) for small, large, _, n in SCALE_ROWS for row_id in (small, large)]
    with tempfile.TemporaryDirectory(prefix="sheath-callgrind.") as work, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {(row_id, contender): pool.submit(count, row_id, contender, n, binary, work)
                   for row_id, _, n in rows for contender in CONTENDERS}
        scale_futures = {} if requested else {
            row_id: pool.submit(count_scale, row_id, n, binary, work) for row_id, n in scale_ids}
        results = {key: future.result() for key, future in futures.items()}
        scale = {key: future.result() for key, future in scale_futures.items()}

    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    out = ["## Instructions per operation (callgrind)", ""]
    out.append(f"- Sheath: commit {library_commit()} (the last commit outside Benchmarks/); {valgrind}; {date}")
    out.append("- each cell run under callgrind with N and 2N operations (`sheath-bench --profile ROW "
               "CONTENDER N`), the difference ÷ N: exact counts, start-up and setup cancelled")
    out.append("- retain + release: calls to `swift_retain`, `swift_release` and their variants "
               "(`_n`, `bridgeObject`, `unknownObject`, `nonatomic`, `unowned`, `weakLoadStrong`) from "
               "outside them; mallocs: calls to `malloc`, `calloc`, `realloc`, `posix_memalign`, "
               "`aligned_alloc`")
    out.append("- instruction targets (DESIGN.md, issue 28): leaf, graph, assisted ≤ 1.2× hand-written; "
               "singleton ≤ 1.5× a global `let`; open a flow + resolve ≤ 2.5×; chain of 100 ≤ 1.3×")
    out.append("")
    out.append("| row | N | instructions/op: hand-written | Sheath | Sheath ÷ hand-written | target | met "
               "| retain + release/op: hand-written | Sheath | mallocs/op: hand-written | Sheath |")
    out.append("|---|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|")
    for row_id, title, n in rows:
        hand, sheath = results[(row_id, "hand-written")], results[(row_id, "sheath")]
        ratio = sheath["instructions"] / hand["instructions"]
        target = TARGETS.get(row_id)
        goal, met = (f"≤ {target}×", "yes" if ratio <= target else "**no**") if target else ("—", "—")
        refcounts = [f"{calls(f['retains'] + f['releases'])} ({calls(f['retains'])} + {calls(f['releases'])})"
                     for f in (hand, sheath)]
        out.append(f"| {title} | {n:,} | {hand['instructions']:,.0f} | {sheath['instructions']:,.0f} "
                   f"| {ratio:.2f}× | {goal} | {met} | {refcounts[0]} | {refcounts[1]} "
                   f"| {calls(hand['mallocs'])} | {calls(sheath['mallocs'])} |")
    out.append("")
    out.append("retain + release: total (retains + releases).")
    if scale:
        out.append("")
        out.extend(scale_table(scale))
    print("\n".join(out))
    progress(f"took {time.monotonic() - started:.0f} s")


# MARK: profile


def annotate(path, inclusive):
    """Instructions per function (self or inclusive), from callgrind_annotate."""
    annotated = re.compile(r"^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$")
    command = ["callgrind_annotate", "--threshold=100"] + (["--inclusive=yes"] if inclusive else []) + [path]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    functions = collections.Counter()
    for line in text.splitlines():
        m = annotated.match(line)
        if m and m.group(2).strip() != "PROGRAM TOTALS":
            functions[clean(m.group(2), merge_recursion=not inclusive)] += int(m.group(1).replace(",", ""))
    return functions


def profile(binary, scenario, contender, iterations, top):
    with tempfile.TemporaryDirectory(prefix="sheath-callgrind.") as work:
        small_path, large_path = run_pair(binary, work, scenario, contender, iterations)
        small, large = Profile(small_path), Profile(large_path)

        def diff(a, b):
            return {name: (b.get(name, 0) - a.get(name, 0)) / iterations for name in set(a) | set(b)}
        total = per_op(small, large, iterations, lambda p: p.total)
        self_costs = diff(annotate(small_path, False), annotate(large_path, False))
        inclusive = diff(annotate(small_path, True), annotate(large_path, True))

    def by_callee(p):
        counts = collections.Counter()
        for (_, callee), n in p.calls.items():
            counts[callee] += n
        return counts
    callees = diff(by_callee(small), by_callee(large))

    names = sorted(set(self_costs) | set(inclusive) | set(callees))
    try:
        out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                             capture_output=True, text=True, check=True).stdout.split("\n")
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
            if label in ("(below main)",) or label.startswith("0x") or "start_main" in label \
                    or label.endswith("_main") or "runForProfiler" in label:
                continue
            label = label if len(label) <= 150 else label[:147] + "…"
            label = label.replace("|", "\\|")
            print(f"| `{label}` | {cost:,.1f} |" + (f" {100 * cost / total:.1f}% |" if share else ""))
            shown += 1
        print()
    table("function (self)", "instructions/op", self_costs, True)
    table("function (inclusive)", "instructions/op", inclusive, True)
    table("callee", "calls/op", callees, False)


def main(argv):
    if len(argv) >= 2 and argv[0] == "instructions":
        instructions(argv[1], argv[2:])
    elif len(argv) == 6 and argv[0] == "profile":
        profile(argv[1], argv[2], argv[3], int(argv[4]), int(argv[5]))
    else:
        fail("usage: callgrind.py instructions BIN [ROW...] | profile BIN SCENARIO CONTENDER ITERATIONS TOP")


if __name__ == "__main__":
    main(sys.argv[1:])
