#!/usr/bin/env python3
"""Recall and precision of the linter on the labelled corpus (corpus/lint), per rule family.

A line annotated `expect: HPnnn` is a hazard the rule must find (a positive); a line annotated
`ok: HPnnn` is a near miss it must not report (a negative); every other finding on a file is a
false positive. Also lints the portable-code fixtures (files named portable*), where any finding
is a false positive. Usage: python bench/lint_quality.py [--rules HP1]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.lint.engine import lint  # noqa: E402
from hipify_plus.registry import all_rules  # noqa: E402
from hipify_plus.testing import load_fixture  # noqa: E402
from tests.test_lint_corpus import INPUTS, settings_for  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="HP", help="only rules with this id prefix")
    args = parser.parse_args()
    true_positive: Counter[str] = Counter()
    false_negative: Counter[str] = Counter()
    false_positive: Counter[str] = Counter()
    quiet_checked: Counter[str] = Counter()
    for path in INPUTS:
        fixture = load_fixture(path)
        found = Counter((d.line, d.rule) for d in lint(str(path), path.read_bytes(), settings_for(fixture)).diagnostics)
        for (line, rule), count in fixture.expected.items():
            hit = min(count, found[(line, rule)])
            true_positive[rule] += hit
            false_negative[rule] += count - hit
        for (_line, rule), count in (found - fixture.expected).items():
            false_positive[rule] += count
        for _, rule in fixture.ok:
            quiet_checked[rule] += 1
    print(
        f"{'family':<12} {'rules':>5} {'hazards':>8} {'found':>6} {'missed':>7} {'false+':>7} {'near misses':>12} "
        f"{'recall':>7} {'precision':>9}"
    )
    families: dict[str, list[str]] = {}
    for rule in all_rules().values():
        if rule.id.startswith(args.rules) and rule.family not in ("translate", "resources"):
            families.setdefault(rule.family, []).append(rule.id)
    for family, ids in sorted(families.items(), key=lambda item: item[1][0]):
        tp = sum(true_positive[r] for r in ids)
        fn = sum(false_negative[r] for r in ids)
        fp = sum(false_positive[r] for r in ids)
        ok = sum(quiet_checked[r] for r in ids)
        recall = tp / (tp + fn) if tp + fn else 1.0
        precision = tp / (tp + fp) if tp + fp else 1.0
        print(
            f"{family:<12} {len(ids):>5} {tp + fn:>8} {tp:>6} {fn:>7} {fp:>7} {ok:>12} {recall:>7.1%} {precision:>9.1%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
