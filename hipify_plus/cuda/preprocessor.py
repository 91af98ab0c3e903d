"""What hip-clang's preprocessor sees: which macros an AMD build defines, what an `#if` condition
evaluates to there (host pass, device pass), and which code an AMD build never compiles.

One model for every rule and rewrite that asks "is this code compiled for AMD?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from hipify_plus.cuda.syntax import node_text, same
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node
from hipify_plus.versions import Version

CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_elif", "preproc_elifdef"})

# Defined by nvcc or CUDA's headers only: undefined (reading as 0) under hip-clang.
NVIDIA_MACROS = frozenset(
    {
        "__CUDA_ARCH__",
        "__CUDA_ARCH_LIST__",
        "__NVCC__",
        "__NVCOMPILER",
        "__HIP_PLATFORM_NVIDIA__",
        "__HIP_PLATFORM_NVCC__",
        "__CUDACC_VER_MAJOR__",
        "__CUDACC_VER_MINOR__",
        "__CUDACC_VER_BUILD__",
        "__CUDACC_VER__",
        "CUDART_VERSION",
        "CUDA_VERSION",
        "__CUDA_API_VERSION",
        "__CUDACC_RDC__",
        "__CUDACC_EWP__",
        "__CUDACC_RELAXED_CONSTEXPR__",
        "__CUDACC_EXTENDED_LAMBDA__",
    }
)
# CUDA's version macros: code compares them to pick an API, and AMD always takes the "0" side.
CUDA_VERSION_MACROS = frozenset(
    {
        "CUDART_VERSION",
        "CUDA_VERSION",
        "__CUDACC_VER_MAJOR__",
        "__CUDACC_VER_MINOR__",
        "__CUDACC_VER_BUILD__",
        "__CUDACC_VER__",
        "__CUDA_API_VERSION",
    }
)
# Defined in both passes of every hip-clang compile for AMD. `__AMDGCN__` and `__AMDGPU__` are
# among them: hipcc 5.2 (clang 15) and 5.7 (clang 17) define them in the host pass too (`-dM -E`
# with --cuda-host-only, and `#ifndef __AMDGCN__` / `#error` in a two-pass compile), so they tell
# an AMD build, not the device pass; `__HIP_DEVICE_COMPILE__` does that.
AMD_MACROS = frozenset(
    {
        "__HIP_PLATFORM_AMD__",
        "__HIP_PLATFORM_HCC__",
        "__HIPCC__",
        "__HIP__",
        "__HIP_ROCclr__",
        "__clang__",
        "__AMDGCN__",
        "__AMDGPU__",
    }
)
# Defined only in the device pass: the pass flag, and the target's own macros (`__gfx90a__`,
# `__GFX9__`), whose value depends on the target being compiled.
DEVICE_PASS_MACROS = frozenset({"__HIP_DEVICE_COMPILE__"})
DEVICE_PASS_PATTERN = re.compile(r"__gfx\w+__|__GFX\d+__")
# Defined in both passes with a value only the device pass ties to the target: the host pass
# reads `__AMDGCN_WAVEFRONT_SIZE` as 64 even for a wave32 target (gfx1030), and HIP's feature
# macros `__HIP_ARCH_HAS_*__` as 0 (measured with hipcc 5.2 and 5.7).
HOST_PASS_VALUES = {"__AMDGCN_WAVEFRONT_SIZE": 64}
HOST_PASS_PATTERN = re.compile(r"__HIP_ARCH_\w+__")
# Names of AMD's older toolchain (HCC) that hip-clang does not define.
NOT_DEFINED_ON_AMD = frozenset({"__HCC__", "__HCC_ACCELERATOR__"})
# Build flags projects set for their ROCm port (USE_ROCM, GGML_USE_HIP, WITH_HIP, ...).
_AMD_BUILD_FLAG = re.compile(r"(?i)(^|_)(rocm|hip|amd|hcc)(_|$)")
_NOT_PLATFORM_FLAG = re.compile(r"(?i)nvidia|nvcc|enable_|disable|no_|device_compile|version|__has|hipify")


def _reads_as_build_flag(name: str) -> bool:
    """A name the model reads as a project's flag for its ROCm build (defined for AMD)."""
    return bool(_AMD_BUILD_FLAG.search(name)) and not _NOT_PLATFORM_FLAG.search(name)


_COMPARE: dict[str, Callable[[int, int], int | None]] = {
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a // b if b else None,
    "%": lambda a, b: a % b if b else None,
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None,
    ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
}


@dataclass(frozen=True)
class AmdBuild:
    """A hip-clang compile for AMD at a ROCm release; `device`: the device pass (True), the host
    pass (False)."""

    rocm: Version
    device: bool = False
    file_macros: frozenset[str] = frozenset()  # macros the file #defines itself: unknown values
    # what the project's headers give this build (hipify_plus/cuda/includes.py amd_header_facts):
    # macros they define where AMD compiles (value None: not a number) and macros they define only
    # where AMD never compiles (ggml's VOLTA_MMA_AVAILABLE, under `!defined(GGML_USE_HIP)`)
    project_values: Mapping[str, int | None] = field(default_factory=dict, compare=False, hash=False)
    project_undefined: frozenset[str] = frozenset()

    def in_pass(self, device: bool) -> AmdBuild:
        return replace(self, device=device)

    def version_values(self) -> dict[str, int]:
        major, minor, patch = self.rocm
        return {
            "HIP_VERSION": major * 10_000_000 + minor * 100_000 + patch,
            "HIP_VERSION_MAJOR": major,
            "HIP_VERSION_MINOR": minor,
            "HIP_VERSION_PATCH": patch,
            "ROCM_VERSION_MAJOR": major,
            "ROCM_VERSION_MINOR": minor,
            "ROCM_VERSION_PATCH": patch,
            "ROCM_VERSION": major * 10_000 + minor * 100 + patch,
        }

    def defined(self, name: str) -> int | None:
        """`defined(name)`: 1, 0, or None when it depends on the build or on the file."""
        if name in self.file_macros:
            return None
        if name in self.project_values:
            return 1
        if name in self.project_undefined:
            return 0
        if name in NVIDIA_MACROS or name in NOT_DEFINED_ON_AMD:
            return 0
        if name in AMD_MACROS or name in self.version_values() or _host_pass_value(name) is not None:
            return 1
        if name in DEVICE_PASS_MACROS:
            return int(self.device)
        if DEVICE_PASS_PATTERN.fullmatch(name):
            return None if self.device else 0
        if _reads_as_build_flag(name):
            return 1
        return None

    def value(self, name: str) -> int | None:
        """The value of an identifier in a condition (an undefined macro reads as 0)."""
        if name in self.file_macros:
            return None
        if name in self.project_values:
            return self.project_values[name]
        if name in self.project_undefined:
            return 0
        versions = self.version_values()
        if name in versions:
            return versions[name]
        if name in NVIDIA_MACROS or name in NOT_DEFINED_ON_AMD:
            return 0
        if name in AMD_MACROS or name in DEVICE_PASS_MACROS:
            return self.defined(name)
        host = _host_pass_value(name)
        if host is not None:
            return None if self.device else host
        if DEVICE_PASS_PATTERN.fullmatch(name):
            return None if self.device else 0
        return None

    def evaluate(self, node: Node | None) -> int | None:
        """A preprocessor condition's value in this pass, or None when it cannot be told."""
        if node is None:
            return None
        kind = node.type
        if kind == "number_literal":
            return parse_int(node_text(node))
        if kind == "identifier":
            return self.value(node_text(node))
        if kind == "preproc_defined":
            name = next((c for c in node.named_children if c.type == "identifier"), None)
            return self.defined(node_text(name)) if name is not None else None
        if kind == "parenthesized_expression":
            inner = [c for c in node.named_children if c.type != "comment"]
            return self.evaluate(inner[0]) if len(inner) == 1 else None
        if kind == "unary_expression":
            operator = node.child_by_field_name("operator")
            value = self.evaluate(node.child_by_field_name("argument"))
            if operator is None or value is None:
                return None
            return {"!": int(not value), "-": -value, "+": value, "~": ~value}.get(node_text(operator))
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            op = node_text(operator) if operator is not None else ""
            left = self.evaluate(node.child_by_field_name("left"))
            right = self.evaluate(node.child_by_field_name("right"))
            if op == "&&":
                return both(left, right)
            if op == "||":
                return either(left, right)
            if (left is None or right is None) and op in _ARCH_TEST:
                return self._arch_test(node, op)
            if left is None or right is None or op not in _COMPARE:
                return None
            return _COMPARE[op](left, right)
        return None

    def _arch_test(self, node: Node, op: str) -> int | None:
        """`__CUDA_ARCH__ >= GGML_CUDA_CC_AMPERE`: an NVIDIA architecture (0 here, unless the
        project's headers give it a value) against a named compute capability, which is never 0."""
        if "__CUDA_ARCH__" in self.project_values or "__CUDA_ARCH__" in self.file_macros:
            return None
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        names = [node_text(side) if side is not None and side.type == "identifier" else None for side in (left, right)]
        if names[0] == "__CUDA_ARCH__" and names[1] is not None and names[1] not in NVIDIA_MACROS:
            return _ARCH_TEST[op][0]
        if names[1] == "__CUDA_ARCH__" and names[0] is not None and names[0] not in NVIDIA_MACROS:
            return _ARCH_TEST[op][1]
        return None

    def condition(self, directive: Node) -> int | None:
        """Whether an #if/#ifdef/#elif directive's own test holds in this pass."""
        if directive.type in ("preproc_ifdef", "preproc_elifdef"):
            name = directive.child_by_field_name("name")
            if name is None:
                return None
            value = self.defined(node_text(name))
            if value is None:
                return None
            return 1 - value if directive.children[0].type in ("#ifndef", "#elifndef") else value
        return self.evaluate(directive.child_by_field_name("condition"))


# (value with the architecture on the left, on the right) of `__CUDA_ARCH__ OP NAMED_CAPABILITY`:
# what the test gives for an architecture below every capability.
_ARCH_TEST = {">=": (0, 1), ">": (0, 1), "==": (0, 0), "!=": (1, 1), "<": (1, 0), "<=": (1, 0)}


def _host_pass_value(name: str) -> int | None:
    """The host pass's value of a macro defined in both passes with a per-target device value."""
    if name in HOST_PASS_VALUES:
        return HOST_PASS_VALUES[name]
    return 0 if HOST_PASS_PATTERN.fullmatch(name) else None


_AMD_WORDS = frozenset({"HIP", "HIPCC", "ROCM", "AMD", "AMDGCN", "AMDGPU", "HCC"})


# Not a project's port switch: compiler macros, graphics/compute API extension names (GL_AMD_*),
# HIP's and its libraries' own names (HIP_R_16BF), include guards (HIP_INCLUDE_HIP_HIP_RUNTIME_H).
_NOT_PORT_PREFIXES = (
    "__",
    "GL_",
    "GLX_",
    "WGL_",
    "EGL_",
    "CL_",
    "VK_",
    "HIP",
    "hip",
    "roc",
    "ROCM_VERSION",
    "MIOPEN",
    "miopen",
    "RCCL",
)
_NOT_PORT_SUFFIXES = ("_H", "_H_", "_HPP", "_INCLUDED")


def is_port_flag(name: str) -> bool:
    """A build flag a project sets for its own ROCm port (GGML_USE_HIP, USE_ROCM, WITH_HIP):
    the model reads it as defined for AMD builds, and no compiler defines it."""
    return (
        not name.startswith(_NOT_PORT_PREFIXES)
        and not name.endswith(_NOT_PORT_SUFFIXES)
        and name not in AMD_MACROS
        and name not in NVIDIA_MACROS
        and _reads_as_build_flag(name)
    )


def is_amd_macro(name: str) -> bool:
    """A macro that only means something for AMD builds (platform, pass, target, version, port flag)."""
    return name not in NVIDIA_MACROS and bool(
        name in AMD_MACROS
        or name in DEVICE_PASS_MACROS
        or DEVICE_PASS_PATTERN.fullmatch(name)
        or _host_pass_value(name) is not None
        or name in NOT_DEFINED_ON_AMD
        or _AMD_WORDS & set(name.split("_"))
    )


def mentions_amd(condition: Node) -> bool:
    """The condition tests an AMD macro: its author chose what AMD builds compile."""
    stack = [condition]
    while stack:
        current = stack.pop()
        if current.type == "identifier" and is_amd_macro(node_text(current)):
            return True
        stack.extend(current.children)
    return False


def both(left: int | None, right: int | None) -> int | None:
    """`left && right` where None is a value the preprocessor cannot know here."""
    return 0 if 0 in (left, right) else (None if None in (left, right) else 1)


def either(left: int | None, right: int | None) -> int | None:
    """`left || right` where None is a value the preprocessor cannot know here."""
    if (left is not None and left != 0) or (right is not None and right != 0):
        return 1
    return None if None in (left, right) else 0


def condition_of(directive: Node) -> Node | None:
    """The tested expression of an #if/#elif, or the name of an #ifdef/#ifndef."""
    return directive.child_by_field_name("condition") or directive.child_by_field_name("name")


def in_directive(node: Node) -> bool:
    """True if `node` is part of a preprocessor line rather than code: the test of an
    #if/#ifdef/#elif, or a #define / #undef (`#define CUDART_VERSION ...`)."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in CONDITIONALS:
            return same(child, condition_of(parent))
        if parent.type in ("preproc_def", "preproc_function_def", "preproc_call"):
            return True
        if parent.type == "ERROR":
            return on_unparsed_directive(node, parent)
        child, parent = parent, parent.parent
    return False


def on_unparsed_directive(node: Node, error: Node | None = None) -> bool:
    """`node` sits on a `#` line the grammar did not read as a directive: inside an ERROR node, as
    in `#if X` / `for (...) {` / `#else` / `for (...) {` / `#endif` (braces that only balance per
    branch). `error`: the ERROR node around it, if the caller has it."""
    if error is None:
        error = node.parent
        while error is not None and error.type != "ERROR":
            if error.type in CONDITIONALS or error.type in ("preproc_def", "preproc_function_def", "preproc_call"):
                return False
            error = error.parent
        if error is None:
            return False
    text = error.text or b""
    offset = node.start_byte - error.start_byte
    return text[text.rfind(b"\n", 0, offset) + 1 : offset].lstrip().startswith(b"#")


def enclosing_branches(node: Node, stop: Node | None = None) -> Iterator[tuple[Node, bool]]:
    """(directive, wanted) for each #if/#ifdef/#elif around `node` (below `stop`): the node is
    compiled only where each directive's test has the wanted truth (False: `node` sits in the
    directive's #else/#elif part)."""
    child, parent = node, node.parent
    while parent is not None and not same(parent, stop):
        if parent.type in CONDITIONALS:
            if same(child, parent.child_by_field_name("alternative")):
                yield parent, False
            elif not same(child, condition_of(parent)):
                yield parent, True
        child, parent = parent, parent.parent


def excluded(node: Node, build: AmdBuild, stop: Node | None = None) -> bool:
    """True if an enclosing branch (below `stop`) is never compiled in this pass."""
    for directive, wanted in enclosing_branches(node, stop):
        value = build.condition(directive)
        if value is not None and bool(value) != wanted:
            return True
    return False


def inactive_on_amd(node: Node, build: AmdBuild, stop: Node | None = None) -> bool:
    """True if neither pass of an AMD build compiles `node` (`#if 0`, the CUDA side of a platform
    switch, `#ifdef __CUDA_ARCH__`, a HIP_VERSION test the target fails)."""
    return excluded(node, build.in_pass(False), stop) and excluded(node, build.in_pass(True), stop)


def file_macros(tree_root: Node) -> frozenset[str]:
    """Names the file itself #defines (their values are the file's business, not the build's)."""
    names = set()
    stack = [tree_root]
    while stack:
        current = stack.pop()
        if current.type in ("preproc_def", "preproc_function_def"):
            name = current.child_by_field_name("name")
            if name is not None:
                names.add(node_text(name))
        elif current.type in (
            "translation_unit",
            "preproc_if",
            "preproc_ifdef",
            "preproc_elif",
            "preproc_elifdef",
            "preproc_else",
            "linkage_specification",
            "declaration_list",
            "namespace_definition",
        ):
            stack.extend(current.named_children)
    return frozenset(names)
