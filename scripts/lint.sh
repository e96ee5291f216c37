#!/usr/bin/env bash
# Lints the Swift sources with the toolchain's swift-format (.swift-format holds the rules), then
# checks where their unsafe code is (scripts/check-unsafe.py).
# Usage: scripts/lint.sh            report problems, fail if there are any
#        scripts/lint.sh --fix      format the files in place first
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Samples Tests)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive "${paths[@]}"
fi
swift format lint --strict --recursive "${paths[@]}"
# Unsafe code stays in Sources/Sheath/Runtime/ (and the counts scripts/unsafe-outside.txt records);
# every `@unchecked Sendable` says why. Prints what it looked at.
scripts/check-unsafe.py
