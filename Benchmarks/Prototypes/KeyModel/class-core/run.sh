#!/usr/bin/env bash
# run.sh MODEL.swift: type-checks each snippet of snippets.txt against the model; prints the errors.
set -u
cd "$(dirname "$0")"
work=$(mktemp -d); trap 'rm -rf $work' EXIT
swiftc -emit-module -emit-library -module-name Model "$1" -o $work/libModel.so -emit-module-path $work/Model.swiftmodule -swift-version 6 2>&1 | grep error
while IFS='|' read -r name code; do
  { cat pre.swift; echo "$code"; } > $work/s.swift
  echo "## $name"
  swiftc -typecheck -swift-version 6 -I $work $work/s.swift 2>&1 | grep ": error:" | sed 's/.*error:/error:/' | sort -u
done < snippets.txt
