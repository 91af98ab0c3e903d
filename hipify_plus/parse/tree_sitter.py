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
    """Parse CUDA/HIP/C++ source bytes. Never raises on bad input: errors become ERROR nodes."""
    return _parser().parse(source)


def captures(tree: Tree, query: str) -> dict[str, list[Node]]:
    """Run the named query over the whole tree; capture name -> nodes in document order."""
    found = tree_sitter.QueryCursor(_query(query)).captures(tree.root_node)
    for nodes in found.values():
        nodes.sort(key=lambda n: n.start_byte)
    return found
