#!/usr/bin/env python3
"""Measures how well snippets show the answering sentence, with any carcref binary: for each
answerable question of the sets whose right answer is among the first three results, the
share of the words of the question's written `answer` that the snippet of that result holds
(words of four letters or more, and numbers, compared by their first five letters without
diacritics), and how many of the answer's numbers the snippet holds. A rough measure: an
answer is written in other words than the rules, but a snippet that shows the answering
sentence shares more of them, and its numbers, than one that restates the question.

Usage: python3 scripts/snippet-answers.py BINARY tests/search/SET.yaml [SET.yaml …]
Needs: PyYAML.
"""

import json
import re
import subprocess
import sys
import unicodedata

import yaml

# Words every answer and rule text use, which would say nothing about the sentence shown.
COMMON = {"kolik", "jsou", "bude", "nebo", "kdyz", "jeho", "jejich", "ktery", "ktera", "tedy",
          "take", "jako", "jen", "pouze", "body", "bodu", "hrac", "hraci", "karticka", "karticky"}


def plain(text):
    text = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def stems(text):
    words = re.findall(r"[a-z]+|\d+", plain(text))
    return {w[:5] for w in words if (len(w) >= 4 or w.isdigit()) and w not in COMMON}


def main():
    binary, paths = sys.argv[1], sys.argv[2:]
    shared = cases = numbers_held = numbers = 0
    for path in paths:
        for case in yaml.safe_load(open(path, encoding="utf-8")):
            wanted = case.get("any_of") or case.get("expect") or []
            answer = stems(case.get("answer") or "")
            if not wanted or not answer:
                continue
            out = subprocess.run(
                [binary, "search", "--json", "--limit", "3", case["query"]],
                capture_output=True, text=True, check=True,
            ).stdout
            hit = next((r for r in json.loads(out)["results"] if r["id"] in wanted), None)
            if hit is None:
                continue
            snippet = stems(hit["snippet"])
            cases += 1
            shared += len(answer & snippet) / len(answer)
            digits = {w for w in answer if w.isdigit()}
            if digits:
                numbers += 1
                numbers_held += digits <= snippet
    print(f"{cases} answers: {shared / cases:.4f} of their words in the snippet; "
          f"all numbers in it for {numbers_held} of {numbers}")


if __name__ == "__main__":
    main()
