#!/usr/bin/env bash
# Checks the built site (DocsSite/.site/, from DocsSite/build.sh) in a real browser. It serves the site on
# loopback and loads the landing page, each module, every article and the main symbol pages in headless
# Chromium at 1512×2000 — a 14-inch MacBook's default window, where DocC shows the "On this page"
# navigator beside the content and the content column is at its narrowest (74 columns of code; 76 at
# 1280, 87 at 1440). A page fails when it:
#   - renders empty, or shows DocC's error, "page not found" or an empty sidebar;
#   - has a code listing wider than its box (scrollWidth > clientWidth: the reader scrolls sideways,
#     and a screenshot cuts the code off);
#   - shows a placeholder card (a topic card with DocC's generic icon where an image would be);
#   - is a symbol page without a summary (DocC shows "No overview available.").
# Then, without the browser, it checks every page of the site: each symbol page has a summary, and no
# code listing has a line longer than the columns the browser measured (unless DocC wraps the listing,
# `wrap=N`). Only the symbol pages in DocsSite/wide-doc-comment-examples.txt may have wider examples.
# Screenshots go to DocsSite/.screenshots/ (ignored by git).
#
# Usage: DocsSite/check.sh
#
# Installs Chromium with apt-get when it is missing and the script runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."

site=DocsSite/.site
shots=DocsSite/.screenshots
known_wide=DocsSite/wide-doc-comment-examples.txt
window=1512,2000
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

# Measures each code listing once the page has settled, and leaves the result in the page as JSON, for
# --dump-dom: the listing's box (the element that scrolls) and its scroll width, how many columns of
# code fit in it, and the lines that do not.
cat >"$work/measure.js" <<'JAVASCRIPT'
(function () {
  function measure() {
    var listings = [];
    document.querySelectorAll(".code-listing").forEach(function (listing) {
      var pre = listing.querySelector("pre");
      if (!pre) return;
      var code = pre.querySelector("code") || pre;
      var box = listing.querySelector(".container-general") || listing;
      var padding = getComputedStyle(pre);
      var probe = document.createElement("span");
      probe.textContent = "0".repeat(100);
      code.appendChild(probe);
      var columnWidth = probe.getBoundingClientRect().width / 100;
      code.removeChild(probe);
      var inner = box.clientWidth - parseFloat(padding.paddingLeft) - parseFloat(padding.paddingRight);
      var right = box.getBoundingClientRect().left + box.clientWidth - parseFloat(padding.paddingRight);
      var wide = [];
      pre.querySelectorAll(".code-line").forEach(function (line) {
        var range = document.createRange();
        range.selectNodeContents(line);
        if (range.getBoundingClientRect().right > right + 0.5) wide.push(line.textContent);
      });
      listings.push({
        scrollWidth: Math.max(listing.scrollWidth, box.scrollWidth),
        clientWidth: Math.min(listing.clientWidth, box.clientWidth),
        columns: Math.floor(inner / columnWidth + 0.01),
        wide: wide
      });
    });
    var out = document.getElementById("sheath-check");
    if (!out) {
      out = document.createElement("script");
      out.type = "application/json";
      out.id = "sheath-check";
      document.body.appendChild(out);
    }
    out.textContent = JSON.stringify({ listings: listings });
  }
  var timer = null;
  new MutationObserver(function () {
    clearTimeout(timer);
    timer = setTimeout(measure, 300);
  }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
})();
JAVASCRIPT

# Serves the site, adding the measuring script to every HTML page.
cat >"$work/serve.py" <<'PYTHON'
import functools, http.server, os, sys

site, port, script = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tag = b'<script src="/.sheath-check.js"></script></head>'


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))

    def send(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/.sheath-check.js":
            return self.send(open(script, "rb").read(), "text/javascript")
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if path.endswith(".html") and os.path.isfile(path):
            return self.send(open(path, "rb").read().replace(b"</head>", tag, 1), "text/html; charset=utf-8")
        super().do_GET()


http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=site)).serve_forever()
PYTHON

# A free port on loopback: bind port 0, read what the kernel picked.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
python3 "$work/serve.py" "$site" "$port" "$work/measure.js" >"$work/server.log" 2>&1 &
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
: >"$work/columns"
failures=0
count=0
while IFS=$'\t' read -r path title; do
  count=$((count + 1))
  name=$(printf '%s' "$path" | sed 's|^/||; s|/$||; s|/|-|g')
  name=${name:-root}
  flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars
    --no-first-run --user-data-dir="$work/profile" --virtual-time-budget=15000)
  # One load both prints the DOM as rendered and takes the screenshot.
  "$browser" "${flags[@]}" --window-size="$window" --screenshot="$shots/$name.png" --dump-dom "$base$path" \
    >"$work/dom.html" 2>"$work/chromium.log" || true
  verdict=$(python3 - "$work/dom.html" "$title" "$path" "$known_wide" "$work/columns" 2>&1 <<'PYTHON'
import html, json, re, sys

dom, title, path = open(sys.argv[1], encoding="utf-8", errors="replace").read(), sys.argv[2], sys.argv[3]
known_wide = {line.split()[0] for line in open(sys.argv[4]) if line.strip() and not line.startswith("#")}
text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style|noscript)\b.*?</\1>", " ", dom)))
text = " ".join(text.split())
problems = []
for error in ("The page you're looking for can't be found", "An unknown error occurred",
              "There was an error fetching the data", "No data available"):
    if error in text:
        problems.append(f"shows DocC's error: {error}")
# Tags inside a heading are <wbr> and <span>s that DocC adds: drop them without a space.
headings = [" ".join(html.unescape(re.sub(r"<[^>]+>", "", h)).split())
            for h in re.findall(r"(?s)<h1\b[^>]*>(.*?)</h1>", dom)]
if not any(title in heading for heading in headings):
    problems.append(f"no <h1> with the title {title!r} (headings: {headings})")
if len(text) < 200:
    problems.append(f"renders almost nothing ({len(text)} characters of text)")
if "No overview available." in text:
    problems.append("a symbol page without a summary: DocC shows \"No overview available.\"")
placeholders = len(re.findall(r'class="[^"]*\breference-card-grid-item__icon\b', dom))
if placeholders:
    problems.append(f"{placeholders} placeholder card(s): a topic card with DocC's generic icon for an image")
measured = re.search(r'(?s)<script type="application/json" id="sheath-check">(.*?)</script>', dom)
if not measured:
    problems.append("the code listings could not be measured (no result from the measuring script)")
else:
    listings = json.loads(measured.group(1))["listings"]
    with open(sys.argv[5], "a") as columns:
        columns.writelines(f"{listing['columns']}\n" for listing in listings)
    wide = [listing for listing in listings if listing["scrollWidth"] > listing["clientWidth"]]
    if wide and path not in known_wide:
        lines = [line for listing in wide for line in listing["wide"]]
        problems.append(
            f"{len(wide)} code listing(s) wider than their box ({wide[0]['scrollWidth']} > "
            f"{wide[0]['clientWidth']} px, {wide[0]['columns']} columns), {len(lines)} line(s) cut off, "
            f"the first: {lines[0].strip() if lines else '?'}")
if problems:
    sys.exit("; ".join(problems))
print(f"{len(text)} characters" + (f", {len(listings)} code listings" if measured and listings else ""))
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
echo "==> Every page of the site: symbol pages have a summary; code fits the column"
python3 - "$site" "$work/columns" "$known_wide" <<'PYTHON' || failures=$((failures + 1))
import json, pathlib, sys

site, measured = pathlib.Path(sys.argv[1]), [int(line) for line in open(sys.argv[2]) if line.strip()]
known_wide = {line.split()[0]: line.split()[1] for line in open(sys.argv[3]) if line.strip() and not line.startswith("#")}
if not measured:
    sys.exit("FAIL no code listing was measured in the browser")
columns = min(measured)


def listings(node):
    if isinstance(node, dict):
        if node.get("type") == "codeListing":
            yield node
        for value in node.values():
            yield from listings(value)
    elif isinstance(node, list):
        for value in node:
            yield from listings(value)


problems, wide_pages, pages = [], set(), 0
for path in sorted((site / "data" / "documentation").rglob("*.json")):
    page = json.loads(path.read_text())
    url = "/" + str(path.relative_to(site / "data").with_suffix("")) + "/"
    pages += 1
    summary = "".join(part.get("text", part.get("code", "")) for part in page.get("abstract", []))
    if page.get("kind") == "symbol" and not summary.strip() and not any(
        part.get("type") == "reference" for part in page.get("abstract", [])
    ):
        problems.append(f"{url}: a symbol page without a summary: give its declaration a doc comment, or add a "
                        "documentation extension in the catalog's Extensions/")
    for listing in listings(page.get("primaryContentSections", [])):
        if listing.get("wrap"):
            continue
        lines = [line for line in listing["code"] if len(line) > columns]
        if lines:
            wide_pages.add(url)
            if url not in known_wide:
                problems.append(f"{url}: {len(lines)} code line(s) longer than the {columns} columns the page "
                                f"shows, the first: {lines[0].strip()}")
for url, source in sorted(known_wide.items()):
    if url not in wide_pages:
        problems.append(f"{url}: its examples fit now: delete its line from DocsSite/wide-doc-comment-examples.txt")
for problem in problems:
    print(f"FAIL {problem}")
if problems:
    sys.exit(1)
print(f"ok   {pages} pages; code listings show {columns} columns; "
      f"{len(known_wide)} symbol pages with wider doc-comment examples (DocsSite/wide-doc-comment-examples.txt)")
PYTHON

echo
if [ "$failures" -gt 0 ]; then
  echo "FAILED: $failures of $((count + 1)) checks (screenshots in $shots/, server log below)"
  tail -n 20 "$work/server.log"
  exit 1
fi
echo "All $count pages render, and every page passes ($((SECONDS - started)) s); screenshots in $shots/"
