#!/usr/bin/env bash
# Benchmark of `carcref serve` (issue 15), with the release binary on a copy of content/:
#  1. latency of POST /api/check, 400 requests at 20 concurrent connections (curl's total time
#     per request, connection included): p50 and p99, and how many were not 200;
#  2. the time from one changed content file to an open page being told of the new site (its
#     waiting question to /__carcref/verze?po=N answered), 21 edits of a rulings file and 21
#     of a scenario;
#  3. the full in-memory rebuild behind each edit, as the server logs it.
# Usage: cargo build --release && scripts/bench-serve.sh   (CARCREF names another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CARCREF:-target/release/carcref}
SCENARIO=content/scenarios/zakladni/mesto-s-erbem.yaml
RULINGS=duchove-carcassonne/rulings/uroven-1-cesty.yaml
SCENARIO_EDITED=scenarios/zakladni/mesto-s-erbem.yaml

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

# Each edit is timed as an open page sees it: a question `?po=N` waiting for the next build
# (what the page's reload script asks) is sent before the file is written, and the time is
# taken when it is answered. Each edit swaps one phrase for another and back.
edits() { # $1 = file under content/, $2 and $3 = the two phrases
  python3 - "$url" "$work/content/$1" "$2" "$3" <<'PY'
import sys, threading, time, urllib.request
url, path, first, second = sys.argv[1:]
def version(seen=None):
    query = "" if seen is None else "?po=" + seen
    with urllib.request.urlopen(url + "__carcref/verze" + query, timeout=30) as response:
        return response.read().decode()
for i in range(21):
    before = version()
    answered = {}
    def wait():
        answered["version"] = version(before)
        answered["at"] = time.perf_counter()
    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.1)  # the question reaches the server and waits
    text = open(path, encoding="utf-8").read()
    old, new = (first, second) if i % 2 == 0 else (second, first)
    start = time.perf_counter()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))
    waiter.join()
    assert answered["version"] != before, "answered without a new build"
    print(round((answered["at"] - start) * 1000))
    time.sleep(0.2)
PY
}
edits "$RULINGS" "na které už nějaký strážný stojí" "kde už nějaký strážný stojí" >"$work/change"
echo "one changed rulings file to an open page told of the new site (21 edits): median $(percentile 50 <"$work/change") ms"
# A scenario edit also plays the scenario again and renders its page.
edits "$SCENARIO_EDITED" "vede ze startovní kartičky na sever" "vede od startovní kartičky k severu" >"$work/change"
echo "one changed scenario to an open page told of the new site (21 edits): median $(percentile 50 <"$work/change") ms"
grep -o 'znovu za [0-9]* ms' "$work/err" | awk '{ print $3 }' >"$work/rebuild"
echo "full in-memory rebuild ($(wc -l <"$work/rebuild") rebuilds, both kinds): median $(percentile 50 <"$work/rebuild") ms"
