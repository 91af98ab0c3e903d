"""tree-sitter-cuda backend: parse bytes into a tree and run named queries on it.

Node type names of the pinned grammar (tree-sitter-cuda 0.21.2) are part of our
contract; the corpus tests catch drift when the pin moves.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

import tree_sitter
import tree_sitter_cuda

from hipify_plus.parse.launch_tokens import join_launch_tokens

if TYPE_CHECKING:
    from hipify_plus.edits import Edit

Node = tree_sitter.Node
Tree = tree_sitter.Tree

# Queries are data kept beside the code that reads their captures.
# Each pattern costs ~10 ms to compile against this grammar, so queries stay small and the
# optional ones are compiled only when a run needs them.
QUERIES: dict[str, str] = {
    "launch": "(call_expression (kernel_call_syntax)) @launch",
    "text": """
        (comment) @comment
        [(string_literal) (raw_string_literal) (char_literal)] @string
    """,
}


@cache
def _language() -> tree_sitter.Language:
    return tree_sitter.Language(tree_sitter_cuda.language())


@cache
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(_language())


@cache
def _query(name: str) -> tree_sitter.Query:
    return tree_sitter.Query(_language(), QUERIES[name])


def parse(source: bytes) -> Tree:
    """Parse CUDA/HIP/C++ source bytes. Never raises on bad input: errors become ERROR nodes.

    Launches spelled `k << <g, b >> >(x)` parse as launches: the tree is of the same bytes with
    those chevrons joined (offsets unchanged; node text shows the joined spelling)."""
    return _parser().parse(join_launch_tokens(source))


def reparse(tree: Tree, old: bytes, new: bytes, edits: Iterable[Edit]) -> Tree:
    """The parse of `new`, made from `old`'s tree and the non-overlapping edits (offsets in `old`)
    that turned `old` into `new`: tree-sitter re-reads only what the edits touched, about three
    times faster than a fresh parse for a file of renames, and the same tree."""
    line_starts = [0]
    position = old.find(b"\n")
    while position != -1:
        line_starts.append(position + 1)
        position = old.find(b"\n", position + 1)

    def point(offset: int) -> tuple[int, int]:
        row = bisect_right(line_starts, offset) - 1
        return row, offset - line_starts[row]

    for edit in sorted(edits, reverse=True):  # from the end: earlier offsets stay valid
        start = point(edit.start)
        newlines = edit.text.count(b"\n")
        if newlines:
            end = (start[0] + newlines, len(edit.text) - edit.text.rfind(b"\n") - 1)
        else:
            end = (start[0], start[1] + len(edit.text))
        tree.edit(
            start_byte=edit.start,
            old_end_byte=edit.end,
            new_end_byte=edit.start + len(edit.text),
            start_point=start,
            old_end_point=point(edit.end),
            new_end_point=end,
        )
    return _parser().parse(join_launch_tokens(new), tree)


def captures(tree: Tree, query: str) -> dict[str, list[Node]]:
    """Run the named query over the whole tree; capture name -> nodes in document order."""
    found = tree_sitter.QueryCursor(_query(query)).captures(tree.root_node)
    for nodes in found.values():
        nodes.sort(key=lambda n: n.start_byte)
    return found


# Until this many bytes have been read for a kind of lookup, trees are walked with a cursor
# rather than queried: a query over many node types costs tens of milliseconds to compile on
# this grammar and the walk nothing up front, but for types that are few in a tree the
# compiled query is faster per file. A one-file pre-commit run walks; a project run compiles
# once and queries. Lookups that include names (identifiers: a quarter of a tree's nodes)
# always walk: the walk steps over every node either way, and a query's many results cost
# more to sort into document order than the walk, which finds them in that order (measured
# on llm.c: 30% less for the linter's and the translator's lookups).
_WALK_BELOW = 120_000
_walked: dict[object, int] = {}
_DENSE_TYPES = frozenset({"identifier", "type_identifier", "field_identifier"})


@cache
def _types_query(types: frozenset[str]) -> tree_sitter.Query:
    language = _language()
    known = sorted(t for t in types if language.id_for_node_kind(t, True) is not None)
    return tree_sitter.Query(language, "[" + " ".join(f"({t})" for t in known) + "] @node")


@cache
def _kind_ids(types: frozenset[str]) -> frozenset[int]:
    """The grammar's symbol ids named like `types` (a node's type is its symbol's name, so
    `node.kind_id in ids` is `node.type in types` without making a string per node)."""
    language = _language()
    return frozenset(i for i in range(language.node_kind_count) if language.node_kind_for_id(i) in types)


def _walk(tree: Tree, types: frozenset[str]) -> list[Node]:
    found: list[Node] = []
    ids = _kind_ids(types)
    cursor = tree.walk()
    while True:
        node = cursor.node
        assert node is not None  # a cursor from Tree.walk() always stands on a node
        if node.kind_id in ids:
            found.append(node)
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return found


def _use_walk(tree: Tree, key: object) -> bool:
    """Walk this tree, or query it (compiling the query once the walks have added up)?"""
    total = _walked.get(key, 0)
    if total >= _WALK_BELOW:
        return False
    size = tree.root_node.end_byte
    _walked[key] = total + size
    return total + size < _WALK_BELOW


def nodes_of_types(tree: Tree, types: frozenset[str]) -> list[Node]:
    """Every node of the given types, in document order (parents before their children)."""
    if not types:
        return []
    if not types.isdisjoint(_DENSE_TYPES) or _use_walk(tree, types):
        return _walk(tree, types)
    nodes = tree_sitter.QueryCursor(_types_query(types)).captures(tree.root_node).get("node", [])
    nodes.sort(key=lambda n: (n.start_byte, -n.end_byte))
    return nodes


def error_count(tree: Tree) -> int:
    """ERROR and MISSING nodes: a fix must never add one."""
    if not tree.root_node.has_error:
        return 0
    count = 0
    cursor = tree.walk()
    while True:
        node = cursor.node
        assert node is not None  # a cursor from Tree.walk() always stands on a node
        if node.is_error or node.is_missing:
            count += 1
        if node.has_error and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return count


_NAME_TYPES = frozenset({"identifier", "type_identifier", "namespace_identifier"})


def translation_nodes(tree: Tree, extra: frozenset[str] = frozenset()) -> dict[str, list[Node]]:
    """What the translator reads: `name` (identifiers, type and namespace names), `arg`
    (preprocessor argument text) and `include` (#include paths); and `extra`, the nodes of those
    other types, found in the same pass. Walked, never queried: names are dense (see
    _DENSE_TYPES)."""
    result: dict[str, list[Node]] = {"name": [], "arg": [], "include": [], "extra": []}
    for node in _walk(tree, _NAME_TYPES | {"preproc_arg", "preproc_include"} | extra):
        if node.type in extra:
            result["extra"].append(node)
            if node.type not in _NAME_TYPES and node.type not in ("preproc_arg", "preproc_include"):
                continue
        if node.type == "preproc_arg":
            result["arg"].append(node)
        elif node.type == "preproc_include":
            path = node.child_by_field_name("path")
            if path is not None:
                result["include"].append(path)
        else:
            result["name"].append(node)
    return result
