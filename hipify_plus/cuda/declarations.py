"""What a name in an expression refers to, found by walking out from the use through the scopes
around it (block, function parameters, class members, namespace, file): the declaration in this
file that declares it, with its type as written, pointer depth, array-ness and CUDA memory-space
qualifiers. Names declared in other files (a header) are not found: callers treat them as
unknown and must not rewrite on a guess. Pure functions of the tree."""

from __future__ import annotations

from dataclasses import dataclass

from hipify_plus.cuda.syntax import descendants, node_text, same
from hipify_plus.parse import Node

DEVICE_SPACES = frozenset({"__device__", "__constant__", "__managed__"})
VOID_POINTER_TYPES = frozenset({"hipDeviceptr_t"})  # HIP typedefs of `void*`

# Children of these are looked through when a scope is searched (they do not open a scope).
_TRANSPARENT = frozenset(
    {
        "preproc_if",
        "preproc_ifdef",
        "preproc_else",
        "preproc_elif",
        "preproc_elifdef",
        "linkage_specification",
        "declaration_list",
        "template_declaration",
    }
)
_DECLARATIONS = frozenset(
    {"declaration", "field_declaration", "parameter_declaration", "optional_parameter_declaration"}
)
_QUALIFIER_TYPES = frozenset(
    {"type_qualifier", "storage_class_specifier", "__device__", "__host__", "__constant__", "__shared__", "__managed__"}
)


@dataclass(frozen=True)
class Declared:
    name: str
    node: Node  # the declaration, field_declaration or parameter_declaration
    type_name: str  # the type as written, without qualifiers: `hipDeviceptr_t`, `float`, `void`
    pointers: int  # `*`s in the declarator (`float **p` -> 2)
    array: bool  # `x[16]`
    function: bool  # a function declarator (`void f(int)`), not a function pointer variable
    function_pointer: bool  # `void (*f)(int)`: `pointers` counts the pointers to the function
    qualifiers: frozenset[str]  # const, extern, static, __device__, __constant__, __managed__ ...

    @property
    def device_variable(self) -> bool:
        """A `__device__`, `__constant__` or `__managed__` variable: a symbol in device memory."""
        return not self.function and bool(self.qualifiers & DEVICE_SPACES)

    @property
    def plain_value(self) -> bool:
        """Declared with exactly its type: no pointer, array or function declarator."""
        return not (self.pointers or self.array or self.function or self.function_pointer)

    def void_pointer_depth(self) -> int | None:
        """How many `*`s lead to `void` (`void** p` -> 2, `hipDeviceptr_t d` -> 1, a typedef of
        `void*`); None for other types, arrays and functions."""
        if self.array or self.function or self.function_pointer:
            return None
        if self.type_name == "void":
            return self.pointers
        return self.pointers + 1 if self.type_name in VOID_POINTER_TYPES else None

    def object_pointer(self, type_name: str, depth: int = 1) -> bool:
        """Declared as `type_name` with exactly `depth` `*`s (`void* p` -> ("void", 1)), not an
        array or anything to do with functions."""
        return (
            self.type_name == type_name
            and self.pointers == depth
            and not self.array
            and not self.function
            and not self.function_pointer
        )


_Shape = tuple[Node | None, int, bool, bool, bool]


def _declarator_shape(declarator: Node) -> _Shape:
    """The name a declarator declares, its pointer depth and array-ness, whether it declares a
    function, and whether a function pointer (a `*` inside the function declarator)."""
    pointers, array, function = 0, False, False
    node: Node | None = declarator
    while node is not None:
        kind = node.type
        if kind in ("identifier", "field_identifier"):
            return node, pointers, array, function and not pointers, function and bool(pointers)
        if kind == "pointer_declarator":
            pointers += 1
        elif kind == "array_declarator":
            array = True
        elif kind == "function_declarator":
            function, pointers = True, 0
        elif kind in ("reference_declarator", "parenthesized_declarator", "attributed_declarator"):
            inner = [c for c in node.named_children if c.type not in ("comment", "attribute_declaration")]
            node = inner[-1] if inner else None
            continue
        elif kind not in ("init_declarator",):
            return None, 0, False, False, False
        node = node.child_by_field_name("declarator")
    return None, 0, False, False, False


def declares(declaration: Node, name: str) -> Declared | None:
    """The declarator of `declaration` (`T a, *b, c[4];`) that declares `name`, if one does."""
    for declarator in declaration.children_by_field_name("declarator"):
        found, pointers, array, function, function_pointer = _declarator_shape(declarator)
        if found is None or node_text(found) != name:
            continue
        type_node = declaration.child_by_field_name("type")
        qualifiers = frozenset(
            node_text(c) if c.is_named else c.type for c in declaration.children if c.type in _QUALIFIER_TYPES
        )
        return Declared(
            name,
            declaration,
            node_text(type_node) if type_node is not None else "",
            pointers,
            array,
            function,
            function_pointer,
            qualifiers,
        )
    return None


def _search(scope: Node, name: str, before: int | None) -> Declared | None:
    """The last declaration of `name` directly in `scope` (looking through preprocessor blocks),
    only among those starting before `before` when given (block scope)."""
    found: Declared | None = None
    stack = list(reversed(scope.children))
    while stack:
        child = stack.pop()
        if before is not None and child.start_byte >= before:
            break
        if child.type in _DECLARATIONS:
            declared = declares(child, name)
            if declared is not None:
                found = declared
        elif child.type == "linkage_specification":
            body = child.child_by_field_name("body")  # `extern "C" { ... }` or `extern "C" T x;`
            if body is not None:
                stack.extend(reversed(body.children) if body.type == "declaration_list" else [body])
        elif child.type in _TRANSPARENT:
            stack.extend(reversed(child.children))
    return found


def _parameters(function: Node) -> Node | None:
    declarator = function.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    return declarator.child_by_field_name("parameters") if declarator is not None else None


# what a caller asking many names of one tree keeps: (scope's start, end, type, name) -> the
# declaration `_search` found there without a bound (file, namespace, class and parameter scopes)
ScopeMemo = dict[tuple[int, int, str, str], "Declared | None"]


def _search_whole(scope: Node, name: str, memo: ScopeMemo | None) -> Declared | None:
    if memo is None:
        return _search(scope, name, None)
    key = (scope.start_byte, scope.end_byte, scope.type, name)
    if key not in memo:
        memo[key] = _search(scope, name, None)
    return memo[key]


def lookup(use: Node, memo: ScopeMemo | None = None) -> Declared | None:
    """The declaration in this file that the identifier `use` refers to, innermost scope first;
    None when the name is declared elsewhere (or not at all). `memo`: kept by a caller that looks
    up many uses in one tree (only that tree's: its keys are byte ranges), so a file scope of a
    thousand declarations is read once per name."""
    name = node_text(use)
    child, scope = use, use.parent
    while scope is not None:
        kind = scope.type
        found = None
        if kind == "compound_statement":
            found = _search(scope, name, use.start_byte)
        elif kind in ("for_statement", "for_range_loop"):
            initializer = scope.child_by_field_name("initializer")
            if initializer is not None and initializer.type == "declaration" and initializer is not child:
                found = declares(initializer, name)
            if found is None and kind == "for_range_loop":
                found = declares(scope, name)
        elif kind in ("function_definition", "lambda_expression"):
            parameters = _parameters(scope) if kind == "function_definition" else None
            if kind == "lambda_expression":
                declarator = scope.child_by_field_name("declarator")
                parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
            if parameters is not None:
                found = _search_whole(parameters, name, memo)
        elif kind == "field_declaration_list" or kind in ("translation_unit", "declaration_list"):
            found = _search_whole(scope, name, memo)
        if found is not None:
            return found
        child, scope = scope, scope.parent
    return None


def references(declaration: Node, name: str) -> list[Node]:
    """The identifiers after `declaration`, in the scope that holds it, that refer to its `name`
    (a shadowing declaration's uses left out)."""
    scope = declaration.parent
    if scope is None:
        return []
    found = []
    for node in descendants(scope):
        if node.type == "identifier" and node.start_byte >= declaration.end_byte and node_text(node) == name:
            declared = lookup(node)
            if declared is not None and same(declared.node, declaration):
                found.append(node)
    return found


def _struct_body(root: Node, name: str) -> Node | None:
    """The member list of `struct name { ... }` (or `class`, or `typedef struct { ... } name;`)
    defined in this file, looked for through namespaces and preprocessor blocks."""
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in ("struct_specifier", "class_specifier"):
            tag, body = node.child_by_field_name("name"), node.child_by_field_name("body")
            if body is not None and tag is not None and node_text(tag) == name:
                return body
        elif kind == "type_definition":
            inner = node.child_by_field_name("type")
            names = [node_text(d) for d in node.children_by_field_name("declarator")]
            if inner is not None and inner.type == "struct_specifier" and name in names:
                body = inner.child_by_field_name("body")
                if body is not None:
                    return body
        if (
            kind
            in (
                "translation_unit",
                "namespace_definition",
                "declaration_list",
                "linkage_specification",
                "template_declaration",
                "declaration",
                "type_definition",
            )
            or kind in _TRANSPARENT
        ):
            stack.extend(reversed(node.children))
    return None


def _file_struct(node: Node, name: str) -> Node | None:
    """The member list of the struct `name` (`struct S` or `S`) that the file of `node` defines."""
    root = node
    while root.parent is not None:
        root = root.parent
    return _struct_body(root, name.removeprefix("struct ").strip())


def struct_defined(node: Node, name: str) -> bool:
    """True if the file of `node` defines `struct name { ... }` (or the class, or a typedef of
    an unnamed struct) itself."""
    return _file_struct(node, name) is not None


def value_type(expression: Node) -> str | None:
    """The type as written of a value expression made of names declared in this file: `v` (a
    variable), `s.f` (a member of a struct defined here), `a[i]` (an element of an array); None
    for anything else, pointers, or names declared elsewhere."""
    kind = expression.type
    if kind == "parenthesized_expression":
        inner = [c for c in expression.named_children if c.type != "comment"]
        return value_type(inner[0]) if len(inner) == 1 else None
    if kind == "identifier":
        declared = lookup(expression)
        return declared.type_name if declared is not None and declared.plain_value else None
    if kind == "subscript_expression":
        array = expression.child_by_field_name("argument")
        if array is None or array.type != "identifier":
            return None
        declared = lookup(array)
        ok = declared is not None and declared.array and not declared.pointers and not declared.function
        return declared.type_name if ok and declared is not None else None
    if kind == "field_expression":
        operator = expression.child_by_field_name("operator")
        owner, member = expression.child_by_field_name("argument"), expression.child_by_field_name("field")
        if operator is None or node_text(operator) != "." or owner is None or member is None:
            return None
        struct = value_type(owner)
        if struct is None:
            return None
        body = _file_struct(expression, struct)
        found = _search(body, node_text(member), None) if body is not None else None
        return found.type_name if found is not None and found.plain_value else None
    return None
