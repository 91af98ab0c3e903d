#!/usr/bin/env python3
"""Write rules/detector_index.json: per detector module, the names= fragments of its node and file
detectors (null when one of them has none) and whether it has a build detector, as the code
registers them (hipify_plus/lint/registry.py `current_index`). A run of one file imports only the
modules whose fragments are in it; tests/test_registry.py fails until this is run again after a
detector module is added or removed or a `names=` changes.

Usage: python tools/gen_detector_index.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.lint.registry import INDEX, current_index  # noqa: E402 - after the path is set


def index_text() -> str:
    return json.dumps(current_index(), indent=1, sort_keys=True) + "\n"


def main() -> int:
    path = ROOT / "rules" / INDEX
    path.write_text(index_text(), encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: {len(current_index())} detector modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
