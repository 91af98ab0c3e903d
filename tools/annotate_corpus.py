#!/usr/bin/env python3
"""Add `expect:` annotations to a corpus input for the diagnostics hipify-plus reports today.

Usage: python tools/annotate_corpus.py corpus/translate/<area>/<file>.cu ...
Review the result in `git diff`: an annotation states what the tool *should* report.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.pipeline import translate  # noqa: E402
from hipify_plus.source import SourceFile  # noqa: E402
from hipify_plus.testing import EXPECT, load_fixture  # noqa: E402
from tests.test_translate_corpus import _options, _project_names  # noqa: E402


def annotate(path: Path) -> None:
    fixture = load_fixture(path)
    result = translate(SourceFile(path.name, path.read_bytes()), _options(fixture), _project_names(path))
    rules: dict[int, list[str]] = defaultdict(list)
    for d in result.diagnostics:
        rules[d.line].append(d.rule)
    lines = path.read_bytes().split(b"\n")
    for number, found in rules.items():
        line = lines[number - 1]
        if EXPECT.search(line):
            continue
        text = ", ".join(sorted(found)).encode()
        if line.rstrip().endswith(b"\\"):
            body = line.rstrip()[:-1].rstrip()
            lines[number - 1] = body + b" /* expect: " + text + b" */ \\"
        else:
            lines[number - 1] = line.rstrip() + b"  // expect: " + text
    path.write_bytes(b"\n".join(lines))


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        annotate(Path(arg))
