"""The one edit model: byte-range edits into the original source.

Translation, lint fixes and template rewrites all produce `Edit`s grouped in `Fix`es.
Offsets are UTF-8 byte offsets into the original bytes; lines and columns exist only
for reporting.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, order=True)
class Edit:
    """Replace source[start:end] with text. Insertion: start == end. Deletion: text == b""."""

    start: int
    end: int
    text: bytes = b""

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"bad edit range {self.start}..{self.end}")


class Applicability(enum.IntEnum):
    """How far a fix may be trusted (ruff's levels).

    DISPLAY_ONLY: a suggestion shown to the user, never applied.
    UNSAFE: keeps the code valid but may change behaviour; applied with --unsafe-fixes.
    SAFE: keeps meaning (and comments); applied by --fix and by translation.
    """

    DISPLAY_ONLY = 0
    UNSAFE = 1
    SAFE = 2


@dataclass(frozen=True, slots=True)
class Fix:
    title: str
    edits: tuple[Edit, ...]
    applicability: Applicability = Applicability.SAFE

    @property
    def start(self) -> int:
        return min(e.start for e in self.edits)

    @property
    def end(self) -> int:
        return max(e.end for e in self.edits)


def overlaps(a: Edit, b: Edit) -> bool:
    """True if two edits touch the same bytes (two insertions at one point also conflict)."""
    if a.start == a.end == b.start == b.end:
        return True
    return a.start < b.end and b.start < a.end


def apply_edits(source: bytes, edits: Iterable[Edit]) -> bytes:
    """Apply non-overlapping edits in one copy-through pass. Raises ValueError on overlap."""
    ordered = sorted(edits)
    out: list[bytes] = []
    pos = 0
    for edit in ordered:
        if edit.start < pos:
            raise ValueError(f"overlapping edits at byte {edit.start}")
        out.append(source[pos : edit.start])
        out.append(edit.text)
        pos = edit.end
    out.append(source[pos:])
    return b"".join(out)


@dataclass
class FixResult:
    source: bytes
    applied: list[Fix] = field(default_factory=list)
    skipped: list[Fix] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)  # the edits of the applied fixes


def apply_fixes(source: bytes, fixes: Sequence[Fix], minimum: Applicability = Applicability.SAFE) -> FixResult:
    """Apply every fix at or above `minimum`, skipping any that overlaps one already taken.

    Fixes are taken in source order; a skipped fix is reported so the caller can re-run
    (ruff's fixed-point loop) or tell the user.
    """
    result = FixResult(source)
    taken: list[Edit] = []
    for fix in sorted(fixes, key=lambda f: (f.start, f.end)):
        if fix.applicability < minimum:
            continue
        if any(overlaps(e, t) for e in fix.edits for t in taken):
            result.skipped.append(fix)
            continue
        taken.extend(fix.edits)
        result.applied.append(fix)
    result.source = apply_edits(source, taken)
    result.edits = taken
    return result


class EditBuffer:
    """Edits being collected for one file, with support for an edit that wraps others.

    `render(start, end)` returns the bytes of a range with the edits inside it applied, so
    an outer rewrite (a kernel launch turned into hipLaunchKernelGGL) can absorb the
    renames inside its arguments instead of conflicting with them. Lookups are by bisection:
    a file can carry hundreds of thousands of edits.
    """

    def __init__(self, source: bytes) -> None:
        self.source = source
        self._edits: list[Edit] = []
        self._sorted = True
        self._covering: list[Edit] = []  # absorbing rewrites, kept sorted by start
        self._cover_starts: list[int] = []
        self._widest = 0  # the longest covering range: bounds the backward search

    def _covered(self, edit: Edit) -> bool:
        index = bisect_right(self._cover_starts, edit.start) - 1
        insertion = edit.start == edit.end
        while index >= 0 and self._cover_starts[index] >= edit.start - self._widest:
            cover = self._covering[index]
            # an insertion at a rewrite's edge lands beside it, not inside it
            if cover is not edit and edit.end <= cover.end and (not insertion or cover.start < edit.start < cover.end):
                return True
            index -= 1
        return False

    def add(self, edit: Edit) -> bool:
        """Add an edit unless a covering rewrite already owns its bytes. Returns True if added."""
        if self._covering and self._covered(edit):
            return False
        if self._edits and edit < self._edits[-1]:
            self._sorted = False
        self._edits.append(edit)
        return True

    def _inside(self, start: int, end: int) -> list[Edit]:
        if not self._sorted:
            self._edits.sort()
            self._sorted = True
        index = bisect_left(self._edits, Edit(start, start))
        found = []
        while index < len(self._edits) and self._edits[index].start < end:
            edit = self._edits[index]
            if edit.end <= end and not (self._covering and self._covered(edit)):
                found.append(edit)
            index += 1
        return found

    def render(self, start: int, end: int) -> bytes:
        return _render_range(self.source, self._inside(start, end), start, end)

    def replace_absorbing(self, start: int, end: int, text: bytes) -> bool:
        """Replace [start, end) with text; edits inside it are dropped (the caller rendered
        them into `text`) and later ones inside it are refused. Refused itself (False) when an
        earlier rewrite already covers the range."""
        cover = Edit(start, end, text)
        if self._covering and self._covered(cover):
            return False
        index = bisect_right(self._cover_starts, start)
        self._cover_starts.insert(index, start)
        self._covering.insert(index, cover)
        self._widest = max(self._widest, end - start)
        if self._edits and cover < self._edits[-1]:
            self._sorted = False
        self._edits.append(cover)
        return True

    @property
    def edits(self) -> list[Edit]:
        """The final edits: covering rewrites replace whatever they cover, narrower covering
        rewrites included (a deferred rewrite renders the ones inside it into its text)."""
        if not self._sorted:
            self._edits.sort()
            self._sorted = True
        if not self._covering:
            return list(self._edits)
        return [e for e in self._edits if not self._covered(e)]


def _render_range(source: bytes, inner: list[Edit], start: int, end: int) -> bytes:
    out: list[bytes] = []
    pos = start
    for edit in sorted(inner):
        out.append(source[pos : edit.start])
        out.append(edit.text)
        pos = edit.end
    out.append(source[pos:end])
    return b"".join(out)


Span = tuple[int, int, int]  # an applied edit as (start, end, length of the text put there)


class OffsetMap:
    """Offsets of an edited text mapped back to the text the edits were made in.

    Built from the non-overlapping edits that produced the new text (or their spans: only the
    inserted lengths matter); an offset inside a replacement maps to the start of the bytes it
    replaced, any other offset moves by the length the edits before it added or removed. Exact,
    unlike a diff of the two texts.
    """

    __slots__ = ("_new_starts", "_spans")

    def __init__(self, edits: Iterable[Edit]) -> None:
        self._set(sorted((e.start, e.end, len(e.text)) for e in edits))

    @classmethod
    def from_spans(cls, spans: Iterable[Span]) -> OffsetMap:
        offset_map = cls.__new__(cls)
        offset_map._set(sorted(spans))
        return offset_map

    def _set(self, spans: list[Span]) -> None:
        self._spans = spans
        self._new_starts: list[int] = []  # where each edit's text starts in the new text
        shift = 0
        for start, end, length in spans:
            self._new_starts.append(start + shift)
            shift += length - (end - start)

    @property
    def spans(self) -> list[Span]:
        return self._spans

    def back(self, offset: int) -> int:
        index = bisect_right(self._new_starts, offset) - 1
        if index < 0:
            return offset
        (start, end, length), new_start = self._spans[index], self._new_starts[index]
        if offset < new_start + length:
            return start  # inside the replacement text
        return end + (offset - new_start - length)


class PositionMap:
    """Offsets of a converted text mapped back to its input through every step that made it
    (the renames, then each round of rewrites): what the report and the compile check use to put
    a position in converted code back on the user's bytes. No rounds: the text is the input."""

    __slots__ = ("rounds",)

    def __init__(self, rounds: Iterable[OffsetMap] = ()) -> None:
        self.rounds = tuple(rounds)  # oldest first

    @classmethod
    def of_rounds(cls, rounds: Iterable[Iterable[Edit]]) -> PositionMap:
        return cls(OffsetMap(edits) for edits in rounds)

    def then(self, later: PositionMap) -> PositionMap:
        """This map followed by a later one, whose edits were made in the text this map ends at."""
        return PositionMap([*self.rounds, *later.rounds])

    def back(self, offset: int) -> int:
        for offset_map in reversed(self.rounds):
            offset = offset_map.back(offset)
        return offset

    def to_json(self) -> list[list[list[int]]]:
        return [[list(span) for span in offset_map.spans] for offset_map in self.rounds if offset_map.spans]

    @classmethod
    def from_json(cls, raw: object) -> PositionMap:
        """The map `to_json` wrote; ValueError for anything else (a damaged cache entry)."""
        if not isinstance(raw, list):
            raise ValueError("a position map is a list of rounds")
        rounds = []
        for spans in raw:
            if not isinstance(spans, list) or not all(_is_span(s) for s in spans):
                raise ValueError("a round is a list of [start, end, length] spans")
            rounds.append(OffsetMap.from_spans((s[0], s[1], s[2]) for s in spans))
        return cls(rounds)


def _is_span(raw: object) -> bool:
    return (
        isinstance(raw, list) and len(raw) == 3 and all(isinstance(n, int) and n >= 0 for n in raw) and raw[0] <= raw[1]
    )
