#!/usr/bin/env bash
# Lints the Swift sources with the toolchain's swift-format (.swift-format holds the rules).
# Usage: scripts/lint.sh            report problems, fail if there are any
#        scripts/lint.sh --fix      format the files in place first
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Samples Tests)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive "${paths[@]}"
fi
swift format lint --strict --recursive "${paths[@]}"
