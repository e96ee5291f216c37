#!/usr/bin/env python3
"""Copies the snippet regions of Tests/DocsSnippetsTests into the articles' code blocks.

Edit the code in Tests/DocsSnippetsTests (where `swift test` compiles and runs it), then run
    DocsSite/update-snippets.py
to rewrite every block marked `<!-- snippet: NAME -->` in Sources/*/*.docc (and DocsSite/*.docc) with the region
`// docs: NAME` … `// docs: end`. The same rules as DocsMatchSnippetsTests, which checks the result:
pieces of one name are joined by an empty line, each without its common indentation, without
`fileprivate ` and without `// swift-format-ignore` lines. Prints the articles it changed; `--check` changes nothing and fails if any would change.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILEPRIVATE = re.compile(r"^(\s*(?:@\w+(?:\([^)]*\))?\s+)*)fileprivate\s+")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$")


def dedent(lines):
    lines = [line.rstrip(" ") for line in lines]
    indentation = min((len(line) - len(line.lstrip(" ")) for line in lines if line), default=0)
    return [line[indentation:] if line else line for line in lines]


def regions():
    found = {}
    for path in sorted(
        [
            *(ROOT / "Tests" / "DocsSnippetsTests").rglob("*.swift"),
            *(ROOT / "Tests" / "DefaultMainActor" / "Sources").rglob("*.swift"),
            *(ROOT / "Tests" / "DefaultMainActor" / "Tests").rglob("*.swift"),
        ]
    ):
        name, piece = None, []
        for line in path.read_text().split("\n"):
            stripped = line.strip()
            if stripped == "// swift-format-ignore":
                continue  # keeps swift-format from rejoining a declaration laid out for the page
            if stripped.startswith("// docs: "):
                marker = stripped[len("// docs: "):]
                if marker == "end" and name:
                    lines = [FILEPRIVATE.sub(r"\1", line) for line in dedent(piece)]
                    found[name] = found[name] + [""] + lines if name in found else lines
                    name = None
                elif marker != "end":
                    name, piece = marker, []
            elif name:
                piece.append(line)
    return found


def update(text, found, where):
    lines, out, index, marker = text.split("\n"), [], 0, None
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        match = MARKER.match(line)
        if match:
            marker = match.group(1)
            continue
        if line.strip().startswith("```") and marker:
            indentation = line[: len(line) - len(line.lstrip())]
            end = index
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            if marker not in found:
                sys.exit(f"{where}: no region `// docs: {marker}` in Tests/DocsSnippetsTests")
            out += [indentation + code if code else code for code in found[marker]]
            index, marker = end, None
        elif line.strip():
            marker = None
    return "\n".join(out)


def main():
    check = "--check" in sys.argv[1:]
    found, changed = regions(), []
    articles = [*(ROOT / "Sources").glob("*/*.docc/**/*.md"), *(ROOT / "DocsSite").glob("*.docc/**/*.md")]
    for path in sorted(articles):
        text = path.read_text()
        new = update(text, found, path.relative_to(ROOT))
        if new != text:
            changed.append(str(path.relative_to(ROOT)))
            if not check:
                path.write_text(new)
    for name in changed:
        print(("would update " if check else "updated ") + name)
    if check and changed:
        sys.exit(1)


if __name__ == "__main__":
    main()
