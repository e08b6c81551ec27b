#!/usr/bin/env python3
"""Times warm whole-process `carcref search` runs: each of six queries, RUNS times in turn,
after one run that fills the index cache. Prints the median and the 90th percentile.
    python3 scripts/bench-cli-search.py [BINARY] [RUNS]"""
import statistics
import subprocess
import sys
import time

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/carcref"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
queries = [
    "duchové na hřbitově",
    "kolik bodů za nedokončenou katedrálu",
    "muze pes brat duchy z vlastni karticky",
    "joint scoring",
    "Dized.MoC.0027",
    "co se mění na páté úrovni",
]
subprocess.run([binary, "search", queries[0]], check=True, capture_output=True)
times = []
for _ in range(runs):
    for query in queries:
        start = time.perf_counter()
        subprocess.run([binary, "search", query], check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
times.sort()
p90 = times[int((len(times) - 1) * 0.9)]
print(f"{len(times)} runs: median {statistics.median(times):.1f} ms, p90 {p90:.1f} ms")
