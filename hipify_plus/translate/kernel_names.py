"""Kernel names hipLaunchKernelGGL gets through HIP_KERNEL_NAME(...) with --hip-launch-syntax.

HIP_KERNEL_NAME(k) keeps the commas of `k<int, 4>` out of the macro's argument list. HIPIFY
writes it for every launch of a template kernel, also when its template arguments are deduced
(`axpy<<<g, b>>>(a, x, y)` for `template <typename T> __global__ void axpy(T, T*, T*)`), and for a
kernel name that is a macro (its expansion may hold template arguments); hipify-plus does the
same. (Both compile either way with hipcc 5.2 and 5.7: the wrapper only expands to its argument.)
Only this file's own templates and macros are known here.
"""

from __future__ import annotations

from hipify_plus.parse import Tree, nodes_of_types
from hipify_plus.translate.definitions import declarator_name

_FUNCTIONS = frozenset({"function_definition", "declaration"})


def wrapped_kernel_names(tree: Tree) -> frozenset[str]:
    """The names this file declares as function templates or defines as macros."""
    names: set[str] = set()
    for node in nodes_of_types(tree, frozenset({"template_declaration", "preproc_def", "preproc_function_def"})):
        if node.type != "template_declaration":
            name = node.child_by_field_name("name")
            if name is not None and name.text is not None:
                names.add(name.text.decode("utf-8", "replace"))
            continue
        for child in node.named_children:
            if child.type not in _FUNCTIONS:
                continue
            target = declarator_name(child.child_by_field_name("declarator"))
            if target is not None and target.text is not None:
                names.add(target.text.decode("utf-8", "replace"))
    return frozenset(names)
