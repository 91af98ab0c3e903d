"""Literal prefilters for regular expressions: byte strings that every match must contain.

`required_literals(pattern)` reads the pattern's parse (the standard library's own parser) and
returns clauses, each a set of literals one of which occurs in every match of the pattern (so
`x(?:ab|cd)` gives {x} and {ab, cd}); none when the pattern names no fixed text or has
case-insensitive parts. `may_match` checks them with substring searches, many times faster than
running the pattern over a file that cannot match; where every clause holds, the pattern still
decides. The clauses are derived conservatively: they may be weaker than the best ones, never
wrong (tests/test_regex_literals.py checks them on generated matches).
"""

from __future__ import annotations

import importlib
import re
from typing import Any

# The parser behind `re` (the same since Python 3.0, under `re` from 3.11; typeshed has no stubs).
_c: Any = importlib.import_module("re._constants")
_sre_parse: Any = importlib.import_module("re._parser")

Clause = frozenset[bytes]  # one of these literals occurs in every match
Clauses = tuple[Clause, ...]  # all of these clauses hold for every match

_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)}
_MAX_CLAUSES = 16  # an alternation of parts with several clauses each multiplies them out


def required_literals(pattern: bytes | str) -> Clauses:
    """Clauses that every match of `pattern` satisfies (each: one of its literals occurs in the
    match), most selective first; empty when the pattern names no fixed text."""
    raw = pattern.encode() if isinstance(pattern, str) else pattern
    try:
        parsed = _sre_parse.parse(raw, 0)
    except re.error:
        return ()
    if parsed.state.flags & (re.IGNORECASE | re.VERBOSE):
        return ()
    clauses = set(_sequence(parsed.data))
    kept = [c for c in clauses if not any(other < c for other in clauses)]  # implied by a narrower one
    return tuple(sorted(kept, key=lambda c: (_score(c), sorted(c)), reverse=True))


def may_match(clauses: Clauses, text: bytes | TextLiterals) -> bool:
    """False only when some clause has none of its literals in `text`: the pattern cannot match."""
    return all(any(lit in text for lit in clause) for clause in clauses)


_WORD = re.compile(rb"\w+")


class TextLiterals:
    """`literal in text` for the many literals of many patterns asked of one text, each answered
    once. A literal of word characters only (`\\w`: ASCII letters, digits, `_`) lies inside one
    run of them, so it is looked up among the text's distinct runs, joined: a few kilobytes where
    the text has tens (a file names the same identifiers over and over). Other literals are
    looked up in the text."""

    __slots__ = ("text", "_words", "_known")

    def __init__(self, text: bytes) -> None:
        self.text = text
        self._words: bytes | None = None
        self._known: dict[bytes, bool] = {}

    def __contains__(self, literal: bytes) -> bool:
        found = self._known.get(literal)
        if found is None:
            found = literal in self.words if _of_word_characters(literal) else literal in self.text
            self._known[literal] = found
        return found

    @property
    def words(self) -> bytes:
        """The text's distinct runs of word characters, joined by NUL bytes."""
        if self._words is None:
            self._words = b"\0".join(set(_WORD.findall(self.text)))
        return self._words

    def present(self, literals: LiteralSet) -> frozenset[bytes]:
        """Those of `literals` the text holds, all asked in one pass (and known to `in` after)."""
        words, text = self.words, self.text
        found = {lit for lit in literals.words if lit in words}
        found.update(lit for lit in literals.others if lit in text)
        self._known.update(dict.fromkeys(literals.words + literals.others, False))
        self._known.update(dict.fromkeys(found, True))
        return frozenset(found)


class LiteralSet:
    """Literals asked of many texts together (`TextLiterals.present`), sorted once into those of
    word characters only, looked up among a text's words, and the others."""

    __slots__ = ("words", "others")

    def __init__(self, literals: set[bytes] | frozenset[bytes]) -> None:
        ordered = sorted(literals)
        self.words = tuple(lit for lit in ordered if _of_word_characters(lit))
        self.others = tuple(lit for lit in ordered if not _of_word_characters(lit))


def _of_word_characters(literal: bytes) -> bool:
    return bool(literal) and _WORD.fullmatch(literal) is not None


_LEADING_WORD = re.compile(rb"\\b([A-Za-z_]\w*)")


def literal_first(pattern: bytes) -> bytes:
    """`\\bcase\\s+...` written `case(?<=\\bcase)\\s+...`: the same matches, the same spans, but
    the pattern starts with its literal, which `re` skips to; a leading `\\b` makes it try every
    position (a tenth of the speed on a megabyte of code). Other patterns are returned as they are."""
    found = _LEADING_WORD.match(pattern)
    if found is None:
        return pattern
    word, rest = found[1], pattern[found.end() :]
    if rest[:1] in (b"*", b"+", b"?", b"{"):  # the word's last character is repeated
        word, rest = word[:-1], word[-1:] + rest
    if not word:
        return pattern
    return word + b"(?<=\\b" + word + b")" + rest


# Words most C and C++ files hold: a clause with one of them is asked after the others (it
# rarely rules a file out), whatever its length.
_COMMON_WORDS = frozenset({b"include", b"define", b"if", b"case", b"extern", b"cuda", b"hip", b"std", b"cu"})


def _score(clause: Clause) -> tuple[bool, int, int]:
    """A clause without a common word first, then longer shortest literal, then fewer literals:
    the likelier to be absent."""
    return (_COMMON_WORDS.isdisjoint(clause), min(len(lit) for lit in clause), -len(clause))


def _sequence(items: Any) -> list[Clause]:
    """A concatenation: every part matches, so the clauses of all its parts hold."""
    clauses: list[Clause] = []
    run = bytearray()
    for op, av in items:
        if op is _c.LITERAL:
            run.append(av)
            continue
        if run:
            clauses.append(frozenset({bytes(run)}))
            run = bytearray()
        clauses.extend(_item(op, av))
    if run:
        clauses.append(frozenset({bytes(run)}))
    return clauses


def _item(op: Any, av: Any) -> list[Clause]:
    if op is _c.SUBPATTERN:
        _group, add_flags, _del_flags, sub = av
        return [] if add_flags & re.IGNORECASE else _sequence(sub.data)
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _sequence(av.data)
    if op is _c.BRANCH:
        return _alternation([_sequence(branch.data) for branch in av[1]])
    if op in _REPEATS:
        low, _high, sub = av
        return _sequence(sub.data) if low >= 1 else []
    return []  # a class, any character, an assertion, a back reference: no fixed text


def _alternation(branches: list[list[Clause]]) -> list[Clause]:
    """One branch matches: (A1 and A2) or (B1) holds as (A1 or B1) and (A2 or B1), multiplied out
    while that stays small, else only the best clause of each branch, joined."""
    if any(not branch for branch in branches):
        return []
    combined: list[Clause] = [frozenset()]
    for branch in branches:
        if len(combined) * len(branch) > _MAX_CLAUSES:
            return [frozenset().union(*(max(b, key=_score) for b in branches))]
        combined = [c | clause for c in combined for clause in branch]
    return combined
