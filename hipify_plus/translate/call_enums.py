"""Enumerators whose HIP name depends on the call they are passed to.

cuSOLVER takes cuBLAS's `CUBLAS_OP_N`; HIPIFY's tables rename it to hipBLAS's `HIPBLAS_OP_N`,
which hipSOLVER 5.5 does not accept (its own `hipsolverOperation_t`). Inside the arguments of a
cuSOLVER call, such an enumerator gets hipSOLVER's name instead (rules/mappings/enums_in_calls.tsv).
A row's `inside` is a library or one CUDA function: `cudaGraphicsMapFlagsWriteDiscard`, which HIP
lacks, is `hipGraphicsRegisterFlagsWriteDiscard` (the same value) as the flags of a GL register call.

A row may name a type (`cublasFillMode_t` inside cusolver): a variable of that type declared in
this file (not a parameter) whose every use as a call argument is an argument of that library,
and there is one, is declared with the row's type (`hipsolverFillMode_t uplo`), and the
enumerators that initialise it, are assigned to it, compared with it or label a switch on it get
the library's names too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hipify_plus.cuda.declarations import lookup, references
from hipify_plus.cuda.syntax import node_text, same
from hipify_plus.data import mapping_rows
from hipify_plus.mappings import Mapping, MappingTable
from hipify_plus.parse import Node, Tree
from hipify_plus.versions import Version, in_range

_COMPARISONS = frozenset({"==", "!="})


@cache
def _rows() -> dict[tuple[str, str], tuple[str, str]]:
    """(CUDA enumerator, library or function of the call) -> (the HIP name there, the target
    releases it is for: '' or a bound such as '<6.4'); a row's `inside` may list several,
    separated by commas."""
    return {
        (cells[0], inside.strip()): (cells[2], cells[3] if len(cells) > 3 else "")
        for cells in mapping_rows("enums_in_calls.tsv")
        if len(cells) >= 3
        for inside in cells[1].split(",")
    }


def _spelling(cuda: str, function: str, library: str, version: Version) -> str:
    """The row's HIP name for `cuda` as an argument of `function` (of `library`) at `version`:
    the function's own row first, then the library's ('' when neither has one)."""
    rows = _rows()
    for key in ((cuda, function), (cuda, library)):
        row = rows.get(key)
        if row is not None and in_range(version, row[1]):
            return row[0]
    return ""


@cache
def names() -> frozenset[str]:
    return frozenset(cuda for cuda, _ in _rows())


class CallEnums:
    """The per-call spellings of one file's enumerators (see the module docstring)."""

    def __init__(self, tree: Callable[[], Tree], table: MappingTable, version: Version) -> None:
        self.tree = tree  # the file's parse, asked for only for an enumerator of enums_in_calls.tsv
        self.table = table
        self.version = version
        self._calls: dict[int, frozenset[tuple[str, str]]] = {}  # declaration start -> its calls

    def respell(self, mapping: Mapping, target: str, start: int) -> str:
        """The HIP name for the enumerator at `start`: the call's function's or library's, else
        `target` ('' for a name HIP lacks)."""
        if mapping.cuda not in names():
            return target
        function, library = self.call(start)
        if function:
            return _spelling(mapping.cuda, function, library, self.version) or target
        calls = self._variable_calls(start)
        spellings = {_spelling(mapping.cuda, f, lib, self.version) for f, lib in calls}
        return spellings.pop() or target if len(spellings) == 1 else target

    def _variable_calls(self, offset: int) -> frozenset[tuple[str, str]]:
        """The calls the variable at `offset` is passed to, when `offset` is its declaration's
        type or lies in its initialiser, in a value assigned to it (or to one of its elements),
        compared with it or labelling a switch on it."""
        node: Node | None = self.tree().root_node.descendant_for_byte_range(offset, offset)
        child = node
        while node is not None and node.type not in ("compound_statement", "translation_unit"):
            parent = node.parent
            variable: Node | None = None
            if node.type == "declaration" and same(child, node.child_by_field_name("type")):
                return self._declaration_calls(node)
            if node.type == "init_declarator":
                return self._declaration_calls(parent) if parent is not None else frozenset()
            if node.type == "assignment_expression" and _operator(node) == "=":
                variable = node.child_by_field_name("left")
            elif node.type == "binary_expression" and _operator(node) in _COMPARISONS:
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                variable = right if same(child, left) else left
            elif node.type == "case_statement" and parent is not None:
                switch = parent.parent if parent.type == "compound_statement" else None
                condition = switch.child_by_field_name("condition") if switch is not None else None
                if switch is not None and switch.type == "switch_statement" and condition is not None:
                    variable = next((c for c in condition.named_children), None)
            if variable is not None:
                while variable is not None and variable.type == "subscript_expression":
                    variable = variable.child_by_field_name("argument")
                declared = lookup(variable) if variable is not None and variable.type == "identifier" else None
                return self._declaration_calls(declared.node) if declared is not None else frozenset()
            child, node = node, parent
        return frozenset()

    def _declaration_calls(self, declaration: Node) -> frozenset[tuple[str, str]]:
        """(function, library) of every call a variable of `declaration` is an argument of; empty
        for a parameter's declaration, and when a variable goes to no call or to one no table knows."""
        key = declaration.start_byte
        if key not in self._calls:
            self._calls[key] = self._flow(declaration) if declaration.type == "declaration" else frozenset()
        return self._calls[key]

    def _flow(self, declaration: Node) -> frozenset[tuple[str, str]]:
        calls: set[tuple[str, str]] = set()
        for declarator in declaration.children_by_field_name("declarator"):
            name_node: Node | None = declarator
            while name_node is not None and name_node.type in ("init_declarator", "array_declarator"):
                name_node = name_node.child_by_field_name("declarator")
            if name_node is None or name_node.type != "identifier":
                return frozenset()
            for use in references(declaration, node_text(name_node)):
                if use.parent is not None and use.parent.type == "argument_list":
                    function, library = self.call(use.start_byte)
                    if not library:
                        return frozenset()
                    calls.add((function, library))
        return frozenset(calls)

    def call_library(self, offset: int) -> str:
        """The CUDA library of the innermost call whose arguments hold `offset` ('' if none)."""
        return self.call(offset)[1]

    def call(self, offset: int) -> tuple[str, str]:
        """The CUDA function and its library of the innermost call whose arguments hold `offset`
        (library '' for a function no table knows; ('', '') outside calls)."""
        node: Node | None = self.tree().root_node.descendant_for_byte_range(offset, offset)
        while node is not None:
            if node.type == "argument_list" and node.parent is not None and node.parent.type == "call_expression":
                function = node.parent.child_by_field_name("function")
                if function is not None and function.text is not None:
                    name = function.text.decode("utf-8", "replace")
                    callee = self.table.get(name)
                    return name, callee.library if callee is not None else ""
            node = node.parent
        return "", ""


def _operator(expression: Node) -> str:
    operator = expression.child_by_field_name("operator")
    return node_text(operator) if operator is not None else ""
