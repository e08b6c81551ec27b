#!/usr/bin/env python3
"""Measures a query set with any carcref binary, as tests/search.rs measures the current build
(src/search/eval.rs): success@3 (all of `expect`, or one of `any_of`, in the first three),
MRR (the first expected answer's rank, among ten results), and how many answerable questions
it says `answered` and how many without an answer it does not. For comparing an older binary
(a session's start) with the current one on the same questions.

Usage: python3 scripts/eval-queries.py BINARY tests/search/SET.yaml [SET.yaml …]
Needs: PyYAML.
"""

import json
import subprocess
import sys

import yaml


def measure(binary, path):
    s3 = mrr = said = answerable = refused = unanswerable = 0
    for case in yaml.safe_load(open(path, encoding="utf-8")):
        out = subprocess.run(
            [binary, "search", "--json", "--limit", "10", case["query"]],
            capture_output=True, text=True, check=True,
        ).stdout
        found = json.loads(out)
        ids = [r["id"] for r in found["results"]]
        any_of, expect = case.get("any_of") or [], case.get("expect") or []
        if not (any_of or expect):
            unanswerable += 1
            refused += not found["answered"]
            continue
        answerable += 1
        said += found["answered"]
        ranks = [ids.index(i) + 1 for i in (any_of or expect) if i in ids]
        if any_of:
            all_at = min(ranks, default=None)
        else:
            all_at = max(ranks) if len(ranks) == len(expect) else None
        s3 += all_at is not None and all_at <= 3
        mrr += 1 / min(ranks) if ranks else 0
    print(f"{path}: success@3 {s3 / answerable:.3f}, MRR {mrr / answerable:.3f}, "
          f"answered {said}/{answerable}, not answered {refused}/{unanswerable}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for set_path in sys.argv[2:]:
        measure(sys.argv[1], set_path)
