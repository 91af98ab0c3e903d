"""Words for how a child process ended, shared by the hipcc, nvcc and hipify-perl wrappers."""

from __future__ import annotations

import re
import signal


def exit_status(code: int) -> str:
    """`exit status 3`, or `killed by SIGSEGV` for a negative return code."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def last_line(text: str) -> str:
    """The last non-blank line a tool printed (usually its reason), or `no output`."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


def first_error(text: str) -> str:
    """A compiler's first `error` line (its summary line comes last and says less), else the last line."""
    for line in text.splitlines():
        if re.search(r"\berror\b", line, re.IGNORECASE):
            return line.strip()
    return last_line(text)
