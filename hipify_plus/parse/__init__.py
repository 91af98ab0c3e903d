"""The parse layer: the only package that imports a parser (tree-sitter now, libclang later)."""

from hipify_plus.parse.tree_sitter import (
    Node,
    Tree,
    captures,
    error_count,
    nodes_of_types,
    parse,
    reparse,
    translation_nodes,
)

__all__ = ["Node", "Tree", "captures", "error_count", "nodes_of_types", "parse", "reparse", "translation_nodes"]
