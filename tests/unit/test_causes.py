"""rules/check/causes.tsv names the cause of hipcc's first error: messages as hipcc 5.7 printed
them on converted cuda-samples units, and the class and cause they get."""

from __future__ import annotations

import pytest

from hipify_plus.check.causes import UNCLASSIFIED, classify

CASES = [
    (
        "member 'thread_rank' found in multiple base classes of different types",
        "cg-tile-ambiguous",
        "thread_rank is ambiguous on the tile cg::tiled_partition<N>(...) returns",
    ),
    ("variable has incomplete type 'void'", "calling-convention-macro", "CUDART_CB"),
    ("variable-sized object may not be initialized", "vla-initialised", "constant size"),
    ("no matching function for call to 'hiprtcCompileProgram'", "no-matching-function", "hiprtcCompileProgram"),
]


@pytest.mark.parametrize(("message", "label", "part"), CASES)
def test_error_gets_its_cause(message: str, label: str, part: str) -> None:
    found_label, cause = classify(message)
    assert found_label == label
    assert part in cause


def test_an_unknown_error_stays_unclassified() -> None:
    assert classify("expected ';' after top level declarator") == UNCLASSIFIED
