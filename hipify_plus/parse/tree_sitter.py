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
QUERIES: dict[str, str] = {
    # Everything the translator may rename or must leave alone.
    "translate": """
        [(identifier) (type_identifier) (namespace_identifier)] @name
        (preproc_def value: (preproc_arg) @macro_body)
        (preproc_function_def value: (preproc_arg) @macro_body)
        (preproc_include path: (_) @include)
        (call_expression (kernel_call_syntax)) @launch
        (comment) @comment
        [(string_literal) (raw_string_literal) (char_literal) (system_lib_string)] @string
    """,
    # Names the project defines itself: never renamed, never reported.
    "definitions": """
        (preproc_def name: (identifier) @def)
        (preproc_function_def name: (identifier) @def)
        (function_definition declarator: (function_declarator declarator: (identifier) @def))
        (function_definition declarator: (_ (function_declarator declarator: (identifier) @def)))
        (init_declarator declarator: (identifier) @def)
        (init_declarator declarator: (_ declarator: (identifier) @def))
        (declaration declarator: (identifier) @def)
        (declaration declarator: (pointer_declarator declarator: (identifier) @def))
        (declaration declarator: (array_declarator declarator: (identifier) @def))
        (declaration declarator: (reference_declarator (identifier) @def))
        (parameter_declaration declarator: (identifier) @def)
        (parameter_declaration declarator: (_ declarator: (identifier) @def))
        (parameter_declaration declarator: (reference_declarator (identifier) @def))
        (field_declaration declarator: (field_identifier) @def)
        (struct_specifier name: (type_identifier) @def body: (_))
        (class_specifier name: (type_identifier) @def body: (_))
        (union_specifier name: (type_identifier) @def body: (_))
        (enum_specifier name: (type_identifier) @def body: (_))
        (enumerator name: (identifier) @def)
        (type_definition declarator: (type_identifier) @def)
        (type_definition declarator: (_ declarator: (type_identifier) @def))
        (alias_declaration name: (type_identifier) @def)
        (namespace_definition name: (namespace_identifier) @def)
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
