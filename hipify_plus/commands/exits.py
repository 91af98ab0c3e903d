"""Exit codes every command shares (ruff's and pre-commit's convention: 0 clean, 1 findings or
files changed, 2 usage or internal error) and the one way a command stops on a usage error."""

from __future__ import annotations

import sys

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def usage_error(message: str) -> int:
    """Print `hipify-plus: error: message` on stderr; the command returns what this returns."""
    print(f"hipify-plus: error: {message}", file=sys.stderr)
    return EXIT_ERROR
