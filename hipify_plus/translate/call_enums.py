"""Enumerators whose HIP name depends on the call they are passed to.

cuSOLVER takes cuBLAS's `CUBLAS_OP_N`; HIPIFY's tables rename it to hipBLAS's `HIPBLAS_OP_N`,
which hipSOLVER 5.5 does not accept (its own `hipsolverOperation_t`). Inside the arguments of a
cuSOLVER call, such an enumerator gets hipSOLVER's name instead (rules/mappings/enums_in_calls.tsv).
A row's `inside` is a library or one CUDA function: `cudaGraphicsMapFlagsWriteDiscard`, which HIP
lacks, is `hipGraphicsRegisterFlagsWriteDiscard` (the same value) as the flags of a GL register call.
"""

from __future__ import annotations

from functools import cache

from hipify_plus.data import mapping_rows
from hipify_plus.mappings import Mapping, MappingTable
from hipify_plus.parse import Node, Tree


@cache
def _rows() -> dict[tuple[str, str], str]:
    """(CUDA enumerator, library of the call) -> the HIP name there."""
    return {(cells[0], cells[1]): cells[2] for cells in mapping_rows("enums_in_calls.tsv") if len(cells) >= 3}


def names() -> frozenset[str]:
    return frozenset(cuda for cuda, _ in _rows())


class CallEnums:
    """The per-call spellings of one file's enumerators (see the module docstring)."""

    def __init__(self, tree: Tree, table: MappingTable) -> None:
        self.tree = tree
        self.table = table

    def respell(self, mapping: Mapping, target: str, start: int) -> str:
        """The HIP name for the enumerator at `start`: the call's function's or library's, else
        `target` ('' for a name HIP lacks)."""
        if mapping.cuda not in names():
            return target
        function, library = self.call(start)
        rows = _rows()
        if function and (mapping.cuda, function) in rows:
            return rows[(mapping.cuda, function)]
        return rows.get((mapping.cuda, library), target) if library else target

    def call_library(self, offset: int) -> str:
        """The CUDA library of the innermost call whose arguments hold `offset` ('' if none)."""
        return self.call(offset)[1]

    def call(self, offset: int) -> tuple[str, str]:
        """The CUDA function and its library of the innermost call whose arguments hold `offset`
        (library '' for a function no table knows; ('', '') outside calls)."""
        node: Node | None = self.tree.root_node.descendant_for_byte_range(offset, offset)
        while node is not None:
            if node.type == "argument_list" and node.parent is not None and node.parent.type == "call_expression":
                function = node.parent.child_by_field_name("function")
                if function is not None and function.text is not None:
                    name = function.text.decode("utf-8", "replace")
                    callee = self.table.get(name)
                    return name, callee.library if callee is not None else ""
            node = node.parent
        return "", ""
