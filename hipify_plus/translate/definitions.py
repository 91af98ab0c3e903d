"""Which names are the project's own: identifier nodes in a defining position, and every name a
file declares.

`is_definition` decides, for the names the translator would otherwise rename or report, whether
a node is where the project defines that name (then the name is left alone in the whole
project). It runs on a few hundred nodes per file instead of a query over every declaration.

`declared_names` answers a narrower question for HP006 only ("this CUDA-looking name is not
known"): any declaration in the file (a variable, each declarator of `T a, b;`, a field, a
parameter, a function prototype, a template specialisation) makes a name the project's own.
It never stops a mapped CUDA name from being renamed: a prototype of `cudaMalloc` in a project
file does not make `cudaMalloc` the project's (`is_definition` counts prototypes only for names no
mapping table knows, so a header's prototypes reach the files that include it).
"""

from __future__ import annotations

from hipify_plus.mappings import load_mappings
from hipify_plus.parse import Node, Tree, nodes_of_types

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
    """`node` is one of `parent`'s children under `field` (every declarator of `T a, b;`)."""
    return any(
        child.start_byte == node.start_byte and child.end_byte == node.end_byte
        for child in parent.children_by_field_name(field)
    )


def _defines_function(declarator: Node) -> bool:
    """A function_declarator that is the declarator of a function definition."""
    outer = declarator.parent
    while outer is not None and outer.type in _DECLARATOR_WRAPPERS:
        outer = outer.parent
    return outer is not None and outer.type == "function_definition"


def _unmapped(node: Node) -> bool:
    return node.text is not None and node.text.decode("utf-8", "replace") not in load_mappings()


# Declarators of variables and parameters. A name there with another name right after it (an
# ERROR node the grammar made of `stream`) is a misparse: a statement macro before a declaration
# (`LOCALS cudaStream_t stream = ...;`) makes the grammar read the type as the variable.
_VARIABLE_DECLARATORS = frozenset(
    {
        "init_declarator",
        "declaration",
        "parameter_declaration",
        "optional_parameter_declaration",
        "array_declarator",
        "pointer_declarator",
    }
)


def _name_follows(node: Node) -> bool:
    after = node.next_sibling
    return (
        after is not None
        and after.type == "ERROR"
        and after.named_child_count > 0
        and after.named_children[0].type in ("identifier", "type_identifier")
    )


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
        # a definition; or a prototype of a function no mapping table knows (the project's own,
        # defined in another translation unit): a prototype never claims a CUDA API's name
        return _is_field(parent, "declarator", node) and (_defines_function(parent) or _unmapped(node))
    if kind == "template_function":
        # `template <> float cuGet<float>(double x) { ... }`: a specialisation the project defines
        outer = parent.parent
        return (
            _is_field(parent, "name", node)
            and outer is not None
            and outer.type == "function_declarator"
            and _is_field(outer, "declarator", parent)
            and _defines_function(outer)
        )
    if kind == "init_declarator" and not _unmapped(node):
        value = parent.child_by_field_name("value")
        if value is not None and value.type == "argument_list":
            return False  # `T cudaMalloc(&p, n);`: a misread call to a CUDA API, not a variable
    if kind in _VARIABLE_DECLARATORS and _name_follows(node):
        return False  # `LOCALS_MACRO cudaStream_t stream = ...;` read as a variable named cudaStream_t
    field = _NAME_FIELD.get(kind)
    return field is not None and _is_field(parent, field, node)


# Nodes whose `declarator` children introduce names.
_DECLARING = frozenset(
    {
        "declaration",
        "field_declaration",
        "parameter_declaration",
        "optional_parameter_declaration",
        "type_definition",
        "for_range_loop",
        "function_definition",
    }
)
# Nodes whose `name` child is the declared name.
_NAMED = frozenset(
    {
        "preproc_def",
        "preproc_function_def",
        "enumerator",
        "alias_declaration",
        "namespace_definition",
        "struct_specifier",
        "class_specifier",
        "union_specifier",
        "enum_specifier",
        "concept_definition",
    }
)
_TEMPLATE_PARAMETERS = frozenset(
    {"type_parameter_declaration", "optional_type_parameter_declaration", "variadic_type_parameter_declaration"}
)
_NAME_TYPES = frozenset({"identifier", "field_identifier", "type_identifier", "namespace_identifier"})


def declarator_name(declarator: Node | None) -> Node | None:
    """The name a declarator declares: `x` in `*x`, `x[4]`, `x = 1`, `(*x)(int)`, `&x`, `f(int)`,
    `cuGet<float>(double)` and `S::f()` (the last component); None for operators and the like."""
    while declarator is not None:
        kind = declarator.type
        if kind in _NAME_TYPES:
            return declarator
        if kind == "template_function" or kind == "qualified_identifier":
            declarator = declarator.child_by_field_name("name")
        elif kind in (
            "reference_declarator",
            "parenthesized_declarator",
            "attributed_declarator",
            "variadic_declarator",
        ):
            inner = [c for c in declarator.named_children if c.type not in ("comment", "attribute_declaration")]
            declarator = inner[-1] if inner else None
        else:
            declarator = declarator.child_by_field_name("declarator")
    return None


# The nodes `declared_names` reads (the translator collects them in its walk over the names).
DECLARING_TYPES = _DECLARING | _NAMED | _TEMPLATE_PARAMETERS | {"preproc_params"}


def declared_names(tree: Tree, nodes: list[Node] | None = None) -> frozenset[str]:
    """Every name some declaration in this file introduces (see the module docstring).
    `nodes`: the tree's nodes of DECLARING_TYPES, when the caller has them."""
    names: set[str] = set()
    for node in nodes if nodes is not None else nodes_of_types(tree, DECLARING_TYPES):
        if node.type in _NAMED:
            targets = [node.child_by_field_name("name")]
        elif node.type in _TEMPLATE_PARAMETERS:
            targets = [c for c in node.named_children if c.type == "type_identifier"]
        elif node.type == "preproc_params":  # `#define CHECK(cuDevice) ...`: the macro's own names
            targets = [c for c in node.named_children if c.type == "identifier"]
        else:
            targets = [declarator_name(d) for d in node.children_by_field_name("declarator")]
        for target in targets:
            if target is not None and target.text is not None:
                names.add(target.text.decode("utf-8", "replace"))
    return frozenset(names)
