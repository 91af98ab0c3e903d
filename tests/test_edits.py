from __future__ import annotations

import pytest

from hipify_plus.edits import Applicability, Edit, EditBuffer, Fix, apply_edits, apply_fixes


def test_apply_edits_replaces_inserts_and_deletes() -> None:
    source = b"cudaMalloc(&p, n);"
    edits = [Edit(0, 10, b"hipMalloc"), Edit(0, 0, b"/*x*/"), Edit(17, 18, b"")]
    assert apply_edits(source, edits) == b"/*x*/hipMalloc(&p, n)"


def test_apply_edits_rejects_overlap() -> None:
    with pytest.raises(ValueError):
        apply_edits(b"abcdef", [Edit(0, 3, b"x"), Edit(2, 4, b"y")])


def test_edit_rejects_reversed_range() -> None:
    with pytest.raises(ValueError):
        Edit(5, 2, b"")


def test_apply_fixes_skips_overlapping_and_filters_applicability() -> None:
    source = b"0123456789"
    fixes = [
        Fix("a", (Edit(0, 4, b"A"),)),
        Fix("b", (Edit(2, 6, b"B"),)),
        Fix("c", (Edit(8, 9, b"C"),), Applicability.UNSAFE),
    ]
    result = apply_fixes(source, fixes)
    assert result.source == b"A456789"
    assert [f.title for f in result.applied] == ["a"]
    assert [f.title for f in result.skipped] == ["b"]
    assert apply_fixes(source, fixes, Applicability.UNSAFE).source == b"A4567C9"


def test_edit_buffer_renders_and_absorbs_inner_edits() -> None:
    buffer = EditBuffer(b"k<<<g, b>>>(cudaX);")
    buffer.add(Edit(12, 17, b"hipX"))
    assert buffer.render(12, 17) == b"hipX"
    buffer.replace_absorbing(0, 18, b"launch(" + buffer.render(12, 17) + b")")
    assert not buffer.add(Edit(12, 17, b"late"))
    assert apply_edits(buffer.source, buffer.edits) == b"launch(hipX);"
