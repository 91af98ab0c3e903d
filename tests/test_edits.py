from __future__ import annotations

import json

import pytest

from hipify_plus.edits import Applicability, Edit, EditBuffer, Fix, PositionMap, apply_edits, apply_fixes


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


def test_position_map_follows_every_round_back_to_the_input() -> None:
    source = b"cudaMalloc(&p, n); k<<<1, 2>>>(p);"
    renames = [Edit(0, 10, b"hipMalloc")]
    renamed = apply_edits(source, renames)
    start = renamed.index(b"k<<<")
    launch = [Edit(start, start + len(b"k<<<1, 2>>>(p)"), b"hipLaunchKernelGGL(k, 1, 2, 0, 0, p)")]
    converted = apply_edits(renamed, launch)
    positions = PositionMap.of_rounds([renames]).then(PositionMap.of_rounds([launch]))
    assert converted == b"hipMalloc(&p, n); hipLaunchKernelGGL(k, 1, 2, 0, 0, p);"
    # bytes no edit touched come back to the same bytes; bytes inside a replacement come back to
    # the start of what it replaced
    kept = converted.index(b"(&p, n); ")
    for offset in range(kept, kept + len(b"(&p, n); ")):
        assert source[positions.back(offset)] == converted[offset]
    assert positions.back(kept) == source.index(b"(&p")
    assert positions.back(converted.index(b"hipLaunch") + 5) == source.index(b"k<<<")
    assert positions.back(len(converted) - 1) == len(source) - 1


def test_position_map_round_trips_through_json_and_rejects_damage() -> None:
    positions = PositionMap.of_rounds([[Edit(0, 4, b"hip")], [], [Edit(7, 7, b"/*x*/")]])
    again = PositionMap.from_json(json.loads(json.dumps(positions.to_json())))
    assert [again.back(n) for n in range(20)] == [positions.back(n) for n in range(20)]
    assert [PositionMap().back(n) for n in range(5)] == list(range(5))
    for damaged in ({"rounds": []}, [[[1, 2]]], [[[3, 1, 0]]], [[[-1, 2, 0]]], [["a"]]):
        with pytest.raises(ValueError):
            PositionMap.from_json(damaged)
