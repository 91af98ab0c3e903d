"""Kernel launches as clang compiles them (`--precise`): the block size after macros, constexpr
variables, template constants and `dim3` defaults are folded, and the launch bounds of the
launched kernel wherever the include path finds its definition (another header, a file the
`compile_commands.json` flags reach).

Clang turns `k<<<grid, block, shared, stream>>>(args)` into a call of `k` whose first child
calls `__cudaPushCallConfiguration(grid, block, ...)` (`__hipPushCallConfiguration` for HIP,
`cudaConfigureCall` where clang assumes a CUDA older than 9.2);
the prelude of parse/clang.py declares both and `dim3`, so this works without the runtime
headers. Values come from libclang's evaluator (`clang_Cursor_Evaluate`, which the Python
bindings do not wrap).
"""

from __future__ import annotations

import ctypes
import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hipify_plus.lexer import used_only_to_launch

_PUSH_CONFIGURATION = frozenset(
    {"__cudaPushCallConfiguration", "__hipPushCallConfiguration", "cudaConfigureCall", "hipConfigureCall"}
)
_DIM3 = frozenset({"dim3", "__hipify_plus_dim3"})  # the runtime's, or the prelude's
_EVAL_INT = 1  # CXEval_Int
_BOUNDS = re.compile(rb"__launch_bounds__\s*\(")
PROBE = "__hipify_plus_probe_"


@dataclass(frozen=True)
class LaunchFacts:
    kernel: str  # the launched kernel's name
    threads: int | None  # block size x*y*z, None if not a constant
    kernel_file: str | None  # the file that defines the launched kernel
    bounds_text: str | None  # the first argument of its __launch_bounds__, as written
    bounds: int | None = None  # that argument's value, None if not a constant
    defined_elsewhere: str | None = None  # USR of a kernel this file only declares (`-fgpu-rdc`)
    kernel_usr: str | None = None  # USR of the launched kernel (the same in every unit)


@cache
def _evaluator() -> Any:
    import clang.cindex as cindex

    lib = cindex.conf.lib
    lib.clang_Cursor_Evaluate.argtypes = [cindex.Cursor]
    lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
    lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
    lib.clang_EvalResult_getKind.restype = ctypes.c_int
    lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
    lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
    lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
    return lib


def evaluate(cursor: Any) -> int | None:
    """The integer value of a constant expression (or of a variable's initialiser), else None."""
    lib = _evaluator()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        return (
            int(lib.clang_EvalResult_getAsLongLong(result))
            if lib.clang_EvalResult_getKind(result) == _EVAL_INT
            else None
        )
    finally:
        lib.clang_EvalResult_dispose(result)


def launch_of(cursor: Any, read: Any) -> LaunchFacts | None:
    """The facts of a kernel launch, if `cursor` (a CALL_EXPR) is one; `read(path)` gives a file's
    bytes (the definition may be in a header)."""
    children = list(cursor.get_children())
    configuration = next(
        (c for c in children if c.kind.name == "CALL_EXPR" and c.spelling in _PUSH_CONFIGURATION), None
    )
    if configuration is None:
        return None
    arguments = list(configuration.get_arguments())
    threads = _dim3_product(arguments[1], read) if len(arguments) > 1 else None
    referenced = cursor.referenced
    kernel_file, bounds_text = _declared_bounds(referenced, read)
    kernel = referenced.spelling if referenced is not None else cursor.spelling
    usr = (referenced.get_usr() or None) if referenced is not None else None
    elsewhere = usr if referenced is not None and referenced.get_definition() is None else None
    return LaunchFacts(kernel, threads, kernel_file, bounds_text, defined_elsewhere=elsewhere, kernel_usr=usr)


def kernel_definition(cursor: Any, read: Any) -> tuple[str, str | None] | None:
    """(USR, first __launch_bounds__ argument) if `cursor` defines a __global__ function."""
    if not cursor.is_definition() or not any(c.kind.name == "CUDAGLOBAL_ATTR" for c in cursor.get_children()):
        return None
    return cursor.get_usr(), _declared_bounds(cursor, read)[1]


def _dim3_product(argument: Any, read: Any) -> int | None:
    """x*y*z of a launch's block argument: the `dim3` clang builds from it, or an integer. A
    `dim3` variable (`dim3 threads(16, 16); k<<<g, threads>>>`) is read at its initialiser when
    it is const, or a local its function uses for nothing but launches (`threads.x = n` would
    change it)."""
    constructor = _dim3_constructor(argument)
    if constructor is None:
        return evaluate(argument)
    arguments = list(constructor.get_arguments())
    variable = _dim3_variable(arguments[0], read) if len(arguments) == 1 else None
    if variable is not None:  # the copy of a variable
        constructor = _dim3_constructor(variable)
        if constructor is None:
            return None
        arguments = list(constructor.get_arguments())
    sizes = [evaluate(a) for a in arguments]
    known = [size for size in sizes if size is not None]
    return math.prod(known) if known and len(known) == len(sizes) else None


def _dim3_constructor(cursor: Any) -> Any:
    return next((c for c in cursor.walk_preorder() if c.kind.name == "CALL_EXPR" and c.spelling in _DIM3), None)


def _dim3_variable(argument: Any, read: Any) -> Any:
    """The variable a `dim3` argument names (through implicit casts), if it is one that keeps its
    initial value: const, or a local its function uses only in launch configurations."""
    while argument.kind.name == "UNEXPOSED_EXPR":
        children = list(argument.get_children())
        if len(children) != 1:
            return None
        argument = children[0]
    if argument.kind.name != "DECL_REF_EXPR":
        return None
    variable = argument.referenced
    if (
        variable is None
        or variable.kind.name != "VAR_DECL"
        or variable.type.get_canonical().spelling.removeprefix("const ") not in _DIM3
    ):
        return None
    if variable.type.is_const_qualified():
        return variable
    function, location = variable.semantic_parent, variable.location
    if function is None or function.kind.name != "FUNCTION_DECL" or location.file is None:
        return None
    data = read(location.file.name)
    extent = function.extent
    if data is None or extent.start.file is None or extent.start.file.name != location.file.name:
        return None
    name = variable.spelling.encode()
    return (
        variable if used_only_to_launch(data, name, location.offset, extent.start.offset, extent.end.offset) else None
    )


def _declared_bounds(kernel: Any, read: Any) -> tuple[str | None, str | None]:
    """(defining file, first __launch_bounds__ argument as written) of the launched kernel."""
    if kernel is None:
        return None, None
    definition = kernel.get_definition() or kernel
    location = definition.location
    if location.file is None:
        return None, None
    path = location.file.name
    data = read(path)
    if data is None:
        return path, None
    start = definition.extent.start.offset
    head = data[start : location.offset]
    found = _BOUNDS.search(head)
    if found is None:
        return path, None
    argument = _first_argument(head, found.end())
    # an instantiation's extent may begin after its `template <...>`: look before it too
    before = data[max(0, start - 512) : start] + head[: found.start()]
    if argument is None or _names_template_parameter(before, argument):
        return path, None  # a template's parameter has no value here (a global of that name would lie)
    return path, argument.decode("utf-8", "replace").strip()


def _first_argument(data: bytes, start: int) -> bytes | None:
    """The text up to the first `,` or `)` outside (), [] and {}. A comma inside a template's
    `<>` cuts the text too short, and clang then finds no value: no answer rather than a wrong one."""
    depth = 0
    for index in range(start, len(data)):
        char = data[index : index + 1]
        if char in b"([{":
            depth += 1
        elif char in b")]}":
            if depth == 0:
                return data[start:index] if char == b")" else None
            depth -= 1
        elif char == b"," and depth == 0:
            return data[start:index]
    return None


_TEMPLATE_HEAD = re.compile(rb"\btemplate\s*<(?P<parameters>[^{};]*?)>\s*(?:__global__|__launch_bounds__|\w)")
_PARAMETER_NAME = re.compile(rb"(\w+)\s*(?:=[^,]*)?(?:,|$)")
_WORD = re.compile(rb"\b\w+\b")


def _names_template_parameter(head: bytes, argument: bytes) -> bool:
    """Whether the bound's text uses a parameter of the template the kernel is declared in."""
    names: set[bytes] = set()
    for template in _TEMPLATE_HEAD.finditer(head):
        names |= {m.group(1) for m in _PARAMETER_NAME.finditer(template.group("parameters").strip())}
    return bool(names & set(_WORD.findall(argument)))


def probe_source(texts: list[str]) -> str:
    """Lines appended after the file's own text that make clang evaluate each expression there."""
    return "".join(f"\nconstexpr long long {PROBE}{index} = ({text});" for index, text in enumerate(texts))


@cache
def read_file(path: str) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except OSError:
        return None
