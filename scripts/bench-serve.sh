#!/usr/bin/env bash
# Benchmark of `carcref serve` (issue 15), with the release binary on a copy of content/:
#  1. latency of POST /api/check, 400 requests at 20 concurrent connections (curl's total time
#     per request, connection included): p50 and p99, and how many were not 200;
#  2. the time from one changed content file to the new site being served (polling
#     /__carcref/verze every 5 ms), 21 edits;
#  3. the full in-memory rebuild behind each edit, as the server logs it.
# Usage: cargo build --release && scripts/bench-serve.sh   (CARCREF names another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CARCREF:-target/release/carcref}
SCENARIO=content/scenarios/zakladni/mesto-s-erbem.yaml
RULINGS=duchove-carcassonne/rulings/uroven-1-cesty.yaml

work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill -INT "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
cp -r content "$work/content"
"$BIN" serve --port 0 --content "$work/content" >"$work/out" 2>"$work/err" &
pid=$!
until [ -s "$work/out" ]; do sleep 0.05; done
url=$(head -n 1 "$work/out")

percentile() { # $1 = 50 or 99; numbers on stdin, one a line
  sort -n | awk -v p="$1" '{ v[NR] = $1 } END { i = int((NR * p + 99) / 100); if (i < 1) i = 1; print v[i] }'
}

seq 400 | xargs -P 20 -I{} curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
  --data-binary @"$SCENARIO" "${url}api/check" >"$work/latency"
failed=$(grep -vc '^200 ' "$work/latency" || true)
awk '{ print $2 * 1000 }' "$work/latency" >"$work/ms"
echo "POST /api/check, 400 requests at 20 concurrent: p50 $(percentile 50 <"$work/ms") ms, p99 $(percentile 99 <"$work/ms") ms, not 200: $failed"

now_ms() { date +%s%3N; }
: >"$work/change"
for i in $(seq 21); do
  before=$(curl -s "${url}__carcref/verze")
  if [ $((i % 2)) -eq 1 ]; then
    from='na které už nějaký strážný stojí'; to='kde už nějaký strážný stojí'
  else
    from='kde už nějaký strážný stojí'; to='na které už nějaký strážný stojí'
  fi
  start=$(now_ms)
  sed -i "s/$from/$to/" "$work/content/$RULINGS"
  while [ "$(curl -s "${url}__carcref/verze")" = "$before" ]; do sleep 0.005; done
  echo $(($(now_ms) - start)) >>"$work/change"
  sleep 0.2
done
echo "one changed file to the new site (21 edits): median $(percentile 50 <"$work/change") ms"
grep -o 'znovu za [0-9]* ms' "$work/err" | awk '{ print $3 }' >"$work/rebuild"
echo "full in-memory rebuild ($(wc -l <"$work/rebuild") rebuilds): median $(percentile 50 <"$work/rebuild") ms"
