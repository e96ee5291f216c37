#!/usr/bin/env python3
"""Keeps Sheath's unsafe code where it belongs, and says what it looked at.

Usage: scripts/check-unsafe.py            check, print the census, fail on any problem
       scripts/check-unsafe.py --update   rewrite scripts/unsafe-outside.txt from the sources

Two rules, over every Swift file in Sources/ (comments are not code, and are skipped):

1. Unsafe constructs (pointers, `Unmanaged`, `unsafelyUnwrapped`, `unsafeDowncast`, the C runtime's
   atomics, ...) live in Sources/Sheath/Runtime/, behind typed handles (CONTRIBUTING.md lists them).
   Anywhere else, a file may hold only the count scripts/unsafe-outside.txt records for it, exactly: a
   count that grows fails (move the code behind a handle), and so does one that shrinks (lower the
   record with --update, so that it stays the truth the docs quote).
2. Every `@unchecked Sendable` says why it is safe, in a `// @unchecked:` comment that opens the body
   of the declaration (or sits right above it, for an extension with an empty body).
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"
UNSAFE_HOME = SOURCES / "Sheath" / "Runtime"
RECORD = ROOT / "scripts" / "unsafe-outside.txt"

# What counts as unsafe: each match on a line of code is one use.
CONSTRUCTS = re.compile(
    r"\bUnmanaged\b"
    r"|\bUnsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer\b"
    r"|\bunsafelyUnwrapped\b"
    r"|\bunsafeDowncast\b"
    r"|\bunsafeBitCast\b"
    r"|\b_?withUnsafe\w*"
    r"|\b_withUnprotected\w*"
    r"|\bassumingMemoryBound\b"
    r"|\bbindMemory\b"
    r"|\bunowned\(unsafe\)"
    r"|\bnonisolated\(unsafe\)"
    r"|\bsheath_\w+"
)
UNCHECKED = re.compile(r"@unchecked\s+Sendable")
REASON = "// @unchecked:"


def code_lines(text):
    """Each line with its comments and string literals blanked, so that prose never counts."""
    lines = []
    in_block = 0
    for line in text.splitlines():
        out = []
        i = 0
        in_string = False
        while i < len(line):
            if in_block:
                if line.startswith("*/", i):
                    in_block -= 1
                    i += 2
                elif line.startswith("/*", i):
                    in_block += 1
                    i += 2
                else:
                    i += 1
                continue
            if in_string:
                if line[i] == "\\":
                    i += 2
                    continue
                if line[i] == '"':
                    in_string = False
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block += 1
                i += 2
                continue
            if line[i] == '"':
                in_string = True
                out.append('"')
                i += 1
                continue
            out.append(line[i])
            i += 1
        lines.append("".join(out))
    return lines


def unchecked_conformances(text):
    """The 1-based line of each `@unchecked Sendable` in `text`, and whether a reason is beside it."""
    raw = [line.strip() for line in text.splitlines()]
    found = []
    for number, line in enumerate(code_lines(text)):
        if not UNCHECKED.search(line):
            continue
        # The comment block right above, or the one that opens the body: past the rest of the
        # declaration's header (`{`, `where …`), up to the first line of code.
        beside = []
        above = number - 1
        while above >= 0 and raw[above].startswith("//"):
            beside.append(raw[above])
            above -= 1
        below = number + 1
        while below < len(raw) and (raw[below] == "{" or raw[below].startswith("where ")):
            below += 1
        while below < len(raw) and raw[below].startswith("//"):
            beside.append(raw[below])
            below += 1
        found.append((number + 1, any(nearby.startswith(REASON) for nearby in beside)))
    return found


def census():
    counts = {}
    unreasoned = []
    unchecked_total = 0
    files = sorted(SOURCES.rglob("*.swift"))
    for path in files:
        text = path.read_text()
        counts[path.relative_to(ROOT).as_posix()] = sum(len(CONSTRUCTS.findall(line)) for line in code_lines(text))
        for number, reasoned in unchecked_conformances(text):
            unchecked_total += 1
            if not reasoned:
                unreasoned.append(f"{path.relative_to(ROOT)}:{number}")
    return files, counts, unreasoned, unchecked_total


def problems(outside, record, unreasoned):
    """What fails the check: each file whose count differs from its record, each unexplained conformance."""
    found = []
    for path in sorted(set(outside) | set(record)):
        uses, recorded = outside.get(path, 0), record.get(path, 0)
        if uses > recorded:
            found.append(
                f"{path}: {uses} unsafe uses, {recorded} recorded: move the new ones behind a handle in "
                f"Sources/Sheath/Runtime/"
            )
        elif uses < recorded:
            found.append(f"{path}: {uses} unsafe uses, {recorded} recorded: run scripts/check-unsafe.py --update")
    for location in unreasoned:
        found.append(f"{location}: @unchecked Sendable without a `{REASON}` comment saying why it is safe")
    return found


def read_record():
    record = {}
    if not RECORD.exists():
        return record
    for line in RECORD.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        count, path = line.split(None, 1)
        record[path] = int(count)
    return record


def is_home(path):
    return path.startswith(UNSAFE_HOME.relative_to(ROOT).as_posix() + "/")


def self_test():
    """Fails if the census counts comments or strings, misses code, misreads a reason, or words a
    failure differently from what is pinned here."""
    sample = (
        '/// Unmanaged in a doc comment\n'
        'let a = Unmanaged.passUnretained(x) // unsafeDowncast in a comment\n'
        'let b = "UnsafeRawPointer in a string"; let c = p.unsafelyUnwrapped\n'
        '/* UnsafeMutablePointer\n'
        '   in a block */ let d = unsafeDowncast(e, to: F.self)\n'
        'unowned(unsafe) let g: G; let h = sheath_load_acquire(i)\n'
        '_withUnprotectedUnsafePointer(to: j) { _ in }; x.withUnsafeBytes { _ in }\n'
    )
    found = [CONSTRUCTS.findall(line) for line in code_lines(sample)]
    expected = [
        [],
        ["Unmanaged"],
        ["unsafelyUnwrapped"],
        [],
        ["unsafeDowncast"],
        ["unowned(unsafe)", "sheath_load_acquire"],
        ["_withUnprotectedUnsafePointer", "withUnsafeBytes"],
    ]
    if found != expected:
        print(f"error: check-unsafe's self-test found {found}, expected {expected}", file=sys.stderr)
        return False
    conformances = unchecked_conformances(
        "final class A: @unchecked Sendable {\n"
        "  // @unchecked: immutable.\n"
        "}\n"
        "final class B: @unchecked Sendable {\n"
        "  let b = 0\n"
        "}\n"
        "// @unchecked Sendable in a comment\n"
    )
    if conformances != [(1, True), (4, False)]:
        print(f"error: check-unsafe's self-test read the conformances as {conformances}", file=sys.stderr)
        return False
    messages = problems({"X.swift": 3, "Y.swift": 1}, {"X.swift": 2, "Y.swift": 2, "Z.swift": 1}, ["W.swift:4"])
    pinned = [
        "X.swift: 3 unsafe uses, 2 recorded: move the new ones behind a handle in Sources/Sheath/Runtime/",
        "Y.swift: 1 unsafe uses, 2 recorded: run scripts/check-unsafe.py --update",
        "Z.swift: 0 unsafe uses, 1 recorded: run scripts/check-unsafe.py --update",
        "W.swift:4: @unchecked Sendable without a `// @unchecked:` comment saying why it is safe",
    ]
    if messages != pinned:
        print(f"error: check-unsafe's self-test worded its failures as {messages}", file=sys.stderr)
        return False
    return True


def main():
    if not self_test():
        return 1
    files, counts, unreasoned, unchecked_total = census()
    outside = {path: n for path, n in counts.items() if n and not is_home(path)}
    home = {path: n for path, n in counts.items() if n and is_home(path)}

    if "--update" in sys.argv[1:]:
        body = "".join(f"{n} {path}\n" for path, n in sorted(outside.items(), key=lambda e: (-e[1], e[0])))
        RECORD.write_text(
            "# Unsafe constructs outside Sources/Sheath/Runtime/, by file: written by\n"
            "# scripts/check-unsafe.py --update, checked exactly by scripts/check-unsafe.py.\n" + body
        )
        print(f"wrote {RECORD.relative_to(ROOT)}: {sum(outside.values())} uses in {len(outside)} files")
        return 0

    failures = problems(outside, read_record(), unreasoned)

    print(
        f"check-unsafe: looked at {len(files)} Swift files in Sources/; "
        f"{sum(home.values())} unsafe uses in {len(home)} files of Sources/Sheath/Runtime/, "
        f"{sum(outside.values())} in {len(outside)} files elsewhere (recorded); "
        f"{unchecked_total} @unchecked Sendable, {unchecked_total - len(unreasoned)} with a reason."
    )
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
