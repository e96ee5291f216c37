#!/usr/bin/env bash
# Every way a resolution stops, in a release build: the message an app built with -O prints, word for
# word, and a chain far deeper than the stack stopping with the depth message instead of overflowing
# (the optimizer changes every frame's size, so the debug-build tests alone do not prove it).
#
# Usage: Benchmarks/scripts/release-traps.sh   (from anywhere; ~10 s after the build)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "release-traps: $*" >&2
  exit 1
}

swift build -c release --product release-traps >&2 || fail "the release build of release-traps failed"
bin="$(swift build -c release --show-bin-path)/release-traps"

# Runs one mode; prints its message: standard error from "Sheath: " to the first blank line. Fails
# unless the process stopped on a trap (a signal, exit status above 128).
message() {
  local status=0 errors
  errors=$(SWIFT_BACKTRACE=enable=no "$bin" "$1" 2>&1 >/dev/null) || status=$?
  ((status > 128)) || fail "$1: expected a trap, got exit status $status: $errors"
  awk '/Fatal error: Sheath: /{sub(/.*Fatal error: /, ""); on=1} on && /^$/{exit} on' <<<"$errors"
}

expect() {
  local mode=$1 expected=$2 actual
  actual=$(message "$mode")
  [[ "$actual" == "$expected" ]] || fail "$mode: the message differs
--- expected
$expected
--- actual
$actual"
  echo "release-traps: $mode: ok"
}

expect cycle "Sheath: dependency cycle
  Keys.session (Session, release_traps/main.swift:34)
  → Keys.tokens (Node, release_traps/main.swift:35)
  → Keys.session
fix: resolve one of these keys with r.lazy(…) or r.provider(…) instead of r[…] in the factory that needs it, or split a type so the cycle disappears"

expect missing "Sheath: missing binding for required key Keys.clock (any Clock, release_traps/main.swift:36)
fix: bind it in a module, b.bind(.clock) { … }, and declare b.require(.clock) in the module that needs it so building the graph checks it"

expect released-graph "Sheath: Keys.node was resolved through a provider, lazy value or factory whose graph was released
  Keys.node (Node, release_traps/main.swift:37)
  the graph was the root graph; a factory of one of the graph's instances made it, and what the graph's instances hold does not keep their graph alive
  it cannot be resolved from the nearest live graph above instead: it was the root graph
fix: keep the graph alive while the objects it built are in use (whoever runs a flow holds the flow's graph), or resolve the value in the factory instead of later"

expect kept-resolver "Sheath: Keys.node was resolved through a resolver kept after its graph was released
  Keys.node (Node, release_traps/main.swift:37)
  the graph was the root graph; a factory kept the resolver it received, which does not keep the graph alive, and a kept resolver never resolves from another graph
fix: keep a provider, lazy value or assisted factory instead (r.provider(.key), r.lazy(.key)), made in the factory: they keep the graph alive; or keep the graph while the resolver is in use"

expect too-many-keys "Sheath: more than 1,048,576 keys were created
fix: declare keys once: each declaration makes one key, and only a new name: makes another"

# 25371 → 25,371, as the messages group digits.
grouped() {
  sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta' <<<"$1"
}

# The depth where a chain stops depends on the stack and the frames; the message's shape does not.
depth() {
  local mode=$1 prefix=$2 text depth
  text=$(message "$mode")
  depth=$(sed -n '1s/^Sheath: resolution is \([0-9,]*\) levels deep, and this thread.s stack is nearly used up$/\1/p' <<<"$text" | tr -d ,)
  [[ -n "$depth" ]] || fail "$mode: not the depth message: $text"
  local expected
  expected="Sheath: resolution is $(grouped "$depth") levels deep, and this thread's stack is nearly used up
  Keys.${prefix}0 (Node, release_traps/main.swift:23)"
  for index in 1 2 3 4; do expected+=$'\n'"  → Keys.$prefix$index"; done
  expected+=$'\n'"  → … $(grouped $((depth - 10))) more …"
  for ((index = depth - 5; index < depth; index++)); do expected+=$'\n'"  → Keys.$prefix$index"; done
  expected+=$'\n'"fix: a chain this deep is usually objects that each build the next one as they are built: inject r.provider(…) and build the next one when it is needed, or resolve on a thread with a larger stack"
  [[ "$text" == "$expected" ]] || fail "$mode: the message differs
--- expected
$expected
--- actual
$text"
  echo "release-traps: $mode: ok (stopped at $(grouped "$depth") levels)"
}

depth deep deep
depth deep-singletons shared
echo "release-traps: ok"
