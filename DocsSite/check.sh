#!/usr/bin/env bash
# Checks the built site (DocsSite/.site/, from DocsSite/build.sh) in a real browser: serves it on
# loopback, loads the landing pages, every article, and the main symbol pages in headless Chromium, and fails if a page renders empty or shows DocC's error or "page not found"
# content (or an empty sidebar). Screenshots go to DocsSite/.screenshots/ (ignored by git).
#
# Usage: DocsSite/check.sh
#
# Installs Chromium with apt-get when it is missing and the script runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."

site=DocsSite/.site
shots=DocsSite/.screenshots
started=$SECONDS

if [ ! -f "$site/index.html" ] || [ ! -d "$site/data/documentation" ]; then
  echo "error: no site in $site: build it first with DocsSite/build.sh" >&2
  exit 1
fi

find_browser() { command -v chromium || command -v chromium-browser || command -v google-chrome || true; }
browser=$(find_browser)
if [ -z "$browser" ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "==> Installing Chromium"
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    browser=$(find_browser)
  fi
  if [ -z "$browser" ]; then
    echo "error: Chromium is needed: apt-get install -y chromium" >&2
    exit 1
  fi
fi

work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free port on loopback: bind port 0, read what the kernel picked.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 50); do
  if python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=1)" "$base/" 2>/dev/null; then
    break
  fi
  sleep 0.1
done

# The pages to check, as "path<TAB>title": the site's root, each module, each article, each symbol whose
# page the catalogs arrange in Sources/*/*.docc/Extensions/, and SheathTesting's types.
python3 - "$site" Sources >"$work/pages.tsv" <<'PYTHON'
import json, pathlib, sys

site, catalogs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
extended = {
    line.strip()[len("# ``"):-len("``")].split("/")[-1].lower()
    for path in catalogs.glob("*/*.docc/Extensions/*.md")
    for line in path.read_text().splitlines()[:1]
}
pages = [("/documentation/", "Sheath")]
for path in sorted((site / "data" / "documentation").rglob("*.json")):
    page = json.loads(path.read_text())
    url = page["identifier"]["url"]
    relative = path.relative_to(site / "data").with_suffix("")
    role = page.get("metadata", {}).get("role")
    kind = page.get("kind")
    is_module = role == "collection" and len(relative.parts) == 2
    is_extended = kind == "symbol" and len(relative.parts) == 3 and relative.parts[-1] in extended
    is_testing_type = kind == "symbol" and len(relative.parts) == 3 and relative.parts[1] == "sheathtesting"
    if kind == "article" or is_module or is_extended or is_testing_type:
        pages.append(("/" + str(relative) + "/", page["metadata"]["title"]))
for path, title in pages:
    print(f"{path}\t{title}")
PYTHON

rm -rf "$shots"
mkdir -p "$shots"
failures=0
count=0
while IFS=$'\t' read -r path title; do
  count=$((count + 1))
  name=$(printf '%s' "$path" | sed 's|^/||; s|/$||; s|/|-|g')
  name=${name:-root}
  flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars
    --no-first-run --user-data-dir="$work/profile" --virtual-time-budget=15000)
  # One load both prints the DOM as rendered and takes the screenshot.
  "$browser" "${flags[@]}" --window-size=1280,2000 --screenshot="$shots/$name.png" --dump-dom "$base$path" \
    >"$work/dom.html" 2>"$work/chromium.log" || true
  verdict=$(python3 - "$work/dom.html" "$title" 2>&1 <<'PYTHON'
import html, re, sys

dom, title = open(sys.argv[1], encoding="utf-8", errors="replace").read(), sys.argv[2]
text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style|noscript)\b.*?</\1>", " ", dom)))
text = " ".join(text.split())
for error in ("The page you're looking for can't be found", "An unknown error occurred",
              "There was an error fetching the data", "No data available"):
    if error in text:
        sys.exit(f"shows DocC's error: {error}")
# Tags inside a heading are <wbr> and <span>s that DocC adds: drop them without a space.
headings = [" ".join(html.unescape(re.sub(r"<[^>]+>", "", h)).split())
            for h in re.findall(r"(?s)<h1\b[^>]*>(.*?)</h1>", dom)]
if not any(title in heading for heading in headings):
    sys.exit(f"no <h1> with the title {title!r} (headings: {headings})")
if len(text) < 200:
    sys.exit(f"renders almost nothing ({len(text)} characters of text)")
print(f"{len(text)} characters")
PYTHON
  ) && status=ok || status=FAIL
  if [ ! -s "$shots/$name.png" ]; then
    status=FAIL
    verdict="$verdict; no screenshot"
  fi
  printf '%-4s %-62s %s\n' "$status" "$path" "$verdict"
  [ "$status" = ok ] || failures=$((failures + 1))
done <"$work/pages.tsv"

echo
if [ "$failures" -gt 0 ]; then
  echo "FAILED: $failures of $count pages (screenshots in $shots/, server log below)"
  tail -n 20 "$work/server.log"
  exit 1
fi
echo "All $count pages render ($((SECONDS - started)) s); screenshots in $shots/"
