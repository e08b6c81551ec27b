#!/usr/bin/env bash
# What the program does, written to a folder so that two builds can be diffed: every
# scenario's `check` as text and as `--json` with its exit code, every query of every search
# set as JSON, and the built site. A refactoring that changes nothing leaves no difference:
#   scripts/behaviour-snapshot.sh BINARY OUT_DIR
#   diff -r OUT_BEFORE OUT_AFTER
set -euo pipefail
binary="$(realpath "$1")"
out="$2"
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out/check" "$out/search"
find content/scenarios -name '*.yaml' | sort | while read -r file; do
  name="$(echo "${file#content/scenarios/}" | tr '/' '_')"
  # A failing scenario is behaviour too: keep its output and exit code.
  code=0
  "$binary" check --json "$file" >"$out/check/$name.json" 2>&1 || code=$?
  echo "exit $code" >>"$out/check/$name.json"
  "$binary" check "$file" >"$out/check/$name.txt" 2>&1 || true
done
n=0
for set in tests/search/*.yaml; do
  grep -E '^- query: ' "$set" | sed -E 's/^- query: "(.*)"$/\1/' | while IFS= read -r query; do
    n=$((n + 1))
    printf '%s\n' "$query" >"$out/search/$(basename "$set" .yaml)-$(printf %03d "$n").json"
    "$binary" search --json "$query" >>"$out/search/$(basename "$set" .yaml)-$(printf %03d "$n").json" 2>&1 || true
  done
done
"$binary" build --out "$out/site" >/dev/null
echo "snapshot in $out: $(find "$out/check" -name "*.json" | wc -l) scenarios, $(find "$out/search" -type f | wc -l) queries, $(find "$out/site" -type f | wc -l) site files"
