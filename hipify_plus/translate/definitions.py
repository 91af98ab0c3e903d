"""Which identifier nodes are in a defining position (the project's own names).

Only names the translator would otherwise rename or report are checked, so this runs on a
few hundred nodes per file instead of a query over every declaration.
"""

from __future__ import annotations

from hipify_plus.parse import Node

# parent type -> the field whose node is the defined name
_NAME_FIELD = {
    "preproc_def": "name",
    "preproc_function_def": "name",
    "enumerator": "name",
    "alias_declaration": "name",
    "namespace_definition": "name",
    "init_declarator": "declarator",
    "array_declarator": "declarator",
    "pointer_declarator": "declarator",
    "declaration": "declarator",
    "parameter_declaration": "declarator",
    "optional_parameter_declaration": "declarator",
    "type_definition": "declarator",
}
_TYPE_SPECIFIERS = frozenset({"struct_specifier", "class_specifier", "union_specifier", "enum_specifier"})
_DECLARATOR_WRAPPERS = frozenset({"pointer_declarator", "reference_declarator", "parenthesized_declarator"})


def _is_field(parent: Node, field: str, node: Node) -> bool:
    child = parent.child_by_field_name(field)
    return child is not None and child.start_byte == node.start_byte and child.end_byte == node.end_byte


def is_definition(node: Node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    kind = parent.type
    if kind in _TYPE_SPECIFIERS:
        return _is_field(parent, "name", node) and parent.child_by_field_name("body") is not None
    if kind == "reference_declarator":
        return True
    if kind == "function_declarator":
        if not _is_field(parent, "declarator", node):
            return False
        outer = parent.parent
        while outer is not None and outer.type in _DECLARATOR_WRAPPERS:
            outer = outer.parent
        return outer is not None and outer.type == "function_definition"
    field = _NAME_FIELD.get(kind)
    return field is not None and _is_field(parent, field, node)
