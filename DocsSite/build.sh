#!/usr/bin/env bash
# Builds the documentation site — the articles and the API reference of Sheath and SheathTesting — as a
# static site in DocsSite/.site/ (ignored by git). Any DocC warning fails the build: a broken link, an
# unresolved symbol, a parameter documented that does not exist.
#
# Usage: DocsSite/build.sh                build the site (runs the snippet tests first)
#        DocsSite/build.sh --no-snippets  skip the snippet tests (swift test --filter DocsSnippetsTests)
#
# SHEATH_DOCS_SCRATCH sets the SwiftPM scratch path (default: .build-docs, ignored by git).
#
# How: SwiftPM dumps the symbol graphs; DocC converts each module's catalog (Sources/<module>/<module>.docc)
# into an archive, and merges the two archives into one site. SheathTesting's pages link to Sheath's, and
# Sheath's articles link to SheathTesting's, so SheathTesting is converted twice: once only to learn its
# pages (for the links from Sheath), once for real against the finished Sheath archive. The site's own
# landing page, DocsSite/Landing.docc, is converted against both and replaces the page `docc merge`
# synthesizes. Every real conversion treats warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."

snippets=1
for argument in "$@"; do
  case "$argument" in
    --no-snippets) snippets=0 ;;
    -h | --help)
      sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "error: unknown argument '$argument' (see --help)" >&2
      exit 2
      ;;
  esac
done

started=$SECONDS
step() { printf '\n==> %s\n' "$*"; }

scratch=${SHEATH_DOCS_SCRATCH:-.build-docs}
work=$scratch/docs-site
site=DocsSite/.site
docc=$(command -v docc || true)
if [ -z "$docc" ] && [ -x "$(dirname "$(command -v swift)")/docc" ]; then
  docc=$(dirname "$(command -v swift)")/docc
fi
if [ -z "$docc" ]; then
  echo "error: docc was not found; it ships with the Swift toolchain (usr/bin/docc)" >&2
  exit 1
fi

step "The articles' code blocks match the snippet regions of Tests/DocsSnippetsTests"
python3 DocsSite/update-snippets.py --check || {
  echo "error: run DocsSite/update-snippets.py to copy the regions into the articles" >&2
  exit 1
}

if [ "$snippets" = 1 ]; then
  step "Snippet tests: the articles' code compiles, runs, and matches the articles"
  swift test --scratch-path "$scratch" --filter DocsSnippetsTests
fi

step "Symbol graphs"
dump_log=$(swift package --scratch-path "$scratch" dump-symbol-graph --emit-extension-block-symbols \
  --skip-synthesized-members 2>&1) || {
  echo "$dump_log" >&2
  exit 1
}
graphs=$(printf '%s\n' "$dump_log" | sed -n 's/^Files written to //p' | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  echo "$dump_log" >&2
  echo "error: could not find where SwiftPM wrote the symbol graphs" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work/symbols/Sheath" "$work/symbols/SheathTesting"
# Just these two modules: the graph of a module and of its extensions to other modules (Module@Other).
for module in Sheath SheathTesting; do
  cp "$graphs/$module.symbols.json" "$work/symbols/$module/"
  find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/symbols/$module/" \;
done
ls "$work"/symbols/*/

# convert CATALOG NAME OUTPUT [DOCC OPTIONS…]
convert() {
  local catalog=$1 name=$2 output=$3
  shift 3
  "$docc" convert "$catalog" \
    --output-path "$output" \
    --fallback-display-name "$name" --fallback-bundle-identifier "$name" \
    --enable-experimental-external-link-support \
    --enable-experimental-code-block-annotations \
    --transform-for-static-hosting \
    "$@"
}

step "DocC: SheathTesting's pages, for Sheath's links to them"
convert Sources/SheathTesting/SheathTesting.docc SheathTesting "$work/SheathTesting-pages.doccarchive" \
  --additional-symbol-graph-dir "$work/symbols/SheathTesting" --diagnostic-filter error >/dev/null

step "DocC: Sheath"
convert Sources/Sheath/Sheath.docc Sheath "$work/Sheath.doccarchive" \
  --additional-symbol-graph-dir "$work/symbols/Sheath" --dependency "$work/SheathTesting-pages.doccarchive" \
  --warnings-as-errors

step "DocC: SheathTesting"
convert Sources/SheathTesting/SheathTesting.docc SheathTesting "$work/SheathTesting.doccarchive" \
  --additional-symbol-graph-dir "$work/symbols/SheathTesting" --dependency "$work/Sheath.doccarchive" \
  --warnings-as-errors

step "DocC: the site's landing page"
convert DocsSite/Landing.docc Landing "$work/Landing.doccarchive" \
  --dependency "$work/Sheath.doccarchive" --dependency "$work/SheathTesting.doccarchive" --warnings-as-errors

step "DocC: one site from both archives"
rm -rf "$site"
# NB: SheathTesting goes first. Merged in the other order, DocC-Render (Swift 6.3) shows an empty sidebar,
# "No data available", on every SheathTesting page — it seems to match a page to the first module whose
# path starts the page's, and "/documentation/sheath" starts "/documentation/sheathtesting/…".
# check.sh fails on that text.
"$docc" merge "$work/SheathTesting.doccarchive" "$work/Sheath.doccarchive" --output-path "$site" \
  --synthesized-landing-page-name "Sheath" --synthesized-landing-page-kind Package \
  --synthesized-landing-page-topics-style list

step "The landing page: DocsSite/Landing.docc instead of the one docc merge synthesizes"
# The synthesized page is a title and a card per module; ours says what Sheath is and leads to Getting
# Started. It keeps the synthesized page's identity (its URL, /documentation/) and takes the rest.
python3 - "$work/Landing.doccarchive/data/documentation/landing.json" "$site/data/documentation.json" <<'PYTHON'
import json, sys

landing, synthesized = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
landing["identifier"] = synthesized["identifier"]
landing.pop("variants", None)
json.dump(landing, open(sys.argv[2], "w"), ensure_ascii=False, separators=(",", ":"))
PYTHON

step "Every public symbol has a page"
python3 - "$work/symbols" "$site" <<'PYTHON'
import json, pathlib, sys

symbols, site = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
expected = {}
for path in symbols.rglob("*.symbols.json"):
    for symbol in json.loads(path.read_text())["symbols"]:
        if symbol["kind"]["identifier"] != "swift.extension":
            expected[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
pages = set()
for path in (site / "data").rglob("*.json"):
    external = json.loads(path.read_text()).get("metadata", {}).get("externalID")
    if external:
        pages.add(external)
missing = sorted(name for precise, name in expected.items() if precise not in pages)
if missing:
    sys.exit("error: no page for " + ", ".join(missing))
print(f"{len(expected)} symbols, each with a page")
PYTHON

pages=$(find "$site/data/documentation" -name '*.json' | wc -l)
step "Done in $((SECONDS - started)) s: $pages pages in $site (check them with DocsSite/check.sh)"
