"""tree-sitter-cuda backend: parse bytes into a tree and run named queries on it.

Node type names of the pinned grammar (tree-sitter-cuda 0.21.2) are part of our
contract; the corpus tests catch drift when the pin moves.
"""

from __future__ import annotations

from functools import cache

import tree_sitter
import tree_sitter_cuda

Node = tree_sitter.Node
Tree = tree_sitter.Tree

# Queries are data kept beside the code that reads their captures.
# Each pattern costs ~10 ms to compile against this grammar, so queries stay small and the
# optional ones are compiled only when a run needs them.
QUERIES: dict[str, str] = {
    # Names the translator may rename, macro bodies and #include paths.
    "translate": """
        [(identifier) (type_identifier) (namespace_identifier)] @name
        (preproc_arg) @arg
        (preproc_include path: (_) @include)
    """,
    "launch": "(call_expression (kernel_call_syntax)) @launch",
    "text": """
        (comment) @comment
        [(string_literal) (raw_string_literal) (char_literal)] @string
    """,
    "comments": "(comment) @comment",
    "errors": "[(ERROR) (MISSING)] @error",
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


@cache
def _types_query(types: frozenset[str]) -> tree_sitter.Query:
    language = _language()
    known = sorted(t for t in types if language.id_for_node_kind(t, True) is not None)
    return tree_sitter.Query(language, "[" + " ".join(f"({t})" for t in known) + "] @node")


def parse(source: bytes) -> Tree:
    """Parse CUDA/HIP/C++ source bytes. Never raises on bad input: errors become ERROR nodes."""
    return _parser().parse(source)


def captures(tree: Tree, query: str) -> dict[str, list[Node]]:
    """Run the named query over the whole tree; capture name -> nodes in document order."""
    found = tree_sitter.QueryCursor(_query(query)).captures(tree.root_node)
    for nodes in found.values():
        nodes.sort(key=lambda n: n.start_byte)
    return found


def nodes_of_types(tree: Tree, types: frozenset[str]) -> list[Node]:
    """Every node of the given types, in document order (one query, compiled once per set)."""
    if not types:
        return []
    nodes = tree_sitter.QueryCursor(_types_query(types)).captures(tree.root_node).get("node", [])
    nodes.sort(key=lambda n: (n.start_byte, -n.end_byte))
    return nodes


def error_count(tree: Tree) -> int:
    """ERROR and MISSING nodes: a fix must never add one."""
    if not tree.root_node.has_error:
        return 0
    return len(captures(tree, "errors").get("error", []))
