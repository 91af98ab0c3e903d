"""What a detector sees: the file, its tree, the settings, and shared analyses (constant
folding, kernels, launch sites) computed once per file on first use."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.includes import HeaderFacts, amd_header_facts, header_macro_values, header_macros
from hipify_plus.cuda.preprocessor import AmdBuild, file_macros, inactive_on_amd
from hipify_plus.cuda.syntax import (
    base_name,
    declarator_name,
    descendants,
    enclosing_function,
    execution_space,
    execution_space_macros,
    node_text,
)
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.edits import Applicability, Edit, Fix
from hipify_plus.lexer import used_only_to_launch
from hipify_plus.lint.settings import LintSettings
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node, Tree, nodes_of_types
from hipify_plus.registry import get_rule
from hipify_plus.source import SourceFile

if TYPE_CHECKING:  # libclang's reader is imported only by the runs that ask for it (--precise)
    from hipify_plus.parse.clang import ClangFacts

Span = Node | tuple[int, int]

_APPLICABILITY = {"safe": Applicability.SAFE, "unsafe": Applicability.UNSAFE, "display": Applicability.DISPLAY_ONLY}
_BINARY: dict[str, Callable[[int, int], int | None]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a // b if b else None,
    "%": lambda a, b: a % b if b else None,
    "<<": lambda a, b: a << b if 0 <= b < 64 else None,
    ">>": lambda a, b: a >> b if 0 <= b < 64 else None,
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
}
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
# (void*)k, (const void*)&k, reinterpret_cast<const void*>(&k), (void*)(k<T>)
_LAUNCH_MACRO = re.compile(rb"^[ \t]*#[ \t]*define(?:\\\r?\n|[^\n])*?(?:<<<|hipLaunchKernelGGL)", re.MULTILINE)
_CAST = re.compile(
    r"^(?:\(\s*(?:const\s+)?void\s*\*\s*\)\s*|(?:reinterpret|static)_cast\s*<[^>]*>\s*)"
    r"\(?\s*&?\s*(?P<name>[^()]*?(?:<.*>)?)\s*\)?$"
)
# Evidence that a file is HIP already: a HIP/ROCm header or a call of the HIP runtime.
_HIP_SOURCE = re.compile(
    rb'#\s*include\s*[<"](?:hip/|hipcub/|rocprim/|rocwmma/|rocblas|hipblas|miopen/|rccl|hiprand|hipfft'
    rb"|hipsparse|hipsolver|rocsparse|rocsolver|rocrand|rocfft)"
    rb"|\bhip(?:Malloc|Memcpy|LaunchKernelGGL|DeviceSynchronize|StreamCreate|GetLastError|Free|Error_t)\w*"
)
_LAUNCH_FUNCTIONS = {
    "hipLaunchKernelGGL": 0,
    "cudaLaunchKernel": 0,
    "hipLaunchKernel": 0,
    "cudaLaunchCooperativeKernel": 0,
    "hipLaunchCooperativeKernel": 0,
}
_CXX_MARKERS = re.compile(rb"::|\btemplate\s*<|\bnamespace\b|\bclass\b|__global__|__device__|\bconstexpr\b")


@dataclass
class Kernel:
    name: str
    node: Node  # function_definition
    launch_bounds: Node | None  # the launch_bounds node, if any
    bounds: tuple[int | None, ...] = ()  # folded launch-bounds arguments


@dataclass
class Launch:
    node: Node  # the call_expression
    kernel: str  # kernel name without template arguments ('' if unknown)
    config: list[Node] = field(default_factory=list)  # grid, block, shared, stream as written
    threads: int | None = None  # folded block size (x*y*z), if constant
    chevrons: bool = False  # written `k<<<...>>>(...)`; else a launch API call, or a macro clang expanded


# Node types the shared analyses use: the engine collects them in its one query per file.
CONTEXT_NODE_TYPES = frozenset(
    {
        "preproc_def",
        "preproc_function_def",
        "preproc_include",
        "declaration",
        "function_definition",
        "call_expression",
        "identifier",
        "type_identifier",
        "namespace_identifier",
        "field_expression",
        "comment",
        "template_function",  # HP108's tiles
        "template_type",
    }
)


@dataclass
class LintContext:
    source: SourceFile
    tree: Tree
    settings: LintSettings
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _by_type: dict[str, list[Node]] | None = field(default=None, repr=False)
    _node_cache: dict[frozenset[str], list[Node]] = field(default_factory=dict, repr=False)
    _mentioned: dict[bytes, bool] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.data: bytes = self.source.data  # an attribute: read for every node a detector sees

    def index_nodes(self, nodes: list[Node], types: frozenset[str]) -> None:
        """The engine's one query over the file: later `nodes()` calls for these types are free."""
        grouped: dict[str, list[Node]] = {t: [] for t in types}
        for node in nodes:
            grouped[node.type].append(node)
        self._by_type = grouped

    def nodes(self, types: frozenset[str] | set[str] | tuple[str, ...]) -> list[Node]:
        """Every node of these types in document order; one tree query per file at most, shared
        by all detectors."""
        key = frozenset(types)
        found = self._node_cache.get(key)
        if found is None:
            indexed = self._by_type
            if indexed is not None and key <= indexed.keys():
                found = [n for t in key for n in indexed[t]]
                if len(key) > 1:
                    found.sort(key=lambda n: (n.start_byte, -n.end_byte))
            else:
                found = nodes_of_types(self.tree, key)
            self._node_cache[key] = found
        return found

    def text(self, node: Node) -> str:
        return node_text(node)  # not a slice of `data`: nodes of other trees (macro bodies) come here too

    def mentions(self, *literals: bytes) -> bool:
        """Whether the file's text holds one of `literals`, each searched for once per file: a
        node detector asks for every node it sees, and a header of a thousand directives is
        a megabyte (cuda-samples' glew.h)."""
        found = self._mentioned
        for literal in literals:
            hit = found.get(literal)
            if hit is None:
                hit = found[literal] = literal in self.data
            if hit:
                return True
        return False

    @cached_property
    def clang(self) -> ClangFacts | None:
        """With `--precise`, what libclang says about this file's declarations (parsed on the
        first question); None without it, and the rules then read the text alone."""
        if not self.settings.precise:
            return None
        from hipify_plus.parse.clang import ClangFacts

        settings = self.settings
        return ClangFacts(
            self.source.path, self.data, settings.clang_flags_for(self.source.path), settings.clang_units()
        )

    @cached_property
    def is_hip(self) -> bool:
        """The file is HIP code (convert's output, or HIP includes/calls): HIP-side rewrites apply."""
        return self.settings.converted or _HIP_SOURCE.search(self.data) is not None

    @cached_property
    def is_cxx(self) -> bool:
        """The file is certainly C++ (a fix may write `std::`): not a .c file, and a .h header only when
        it shows C++ or CUDA itself (C sources include many .h files)."""
        path = self.source.path.lower()
        if path.endswith(".c"):
            return False
        if path.endswith(".h"):
            return _CXX_MARKERS.search(self.data) is not None
        return True

    @cached_property
    def _file_build(self) -> AmdBuild:
        """The AMD build of this file alone: which of its own #includes that build follows."""
        return AmdBuild(self.settings.target_rocm, file_macros=file_macros(self.tree.root_node))

    @cached_property
    def amd(self) -> AmdBuild:
        """The AMD build this file is linted for: the target ROCm, the file's own macros unknown,
        and what the project headers it includes define for that build (ggml's vendors/hip.h
        `#define __CUDA_ARCH__ 1300`; feature macros defined only under `!defined(GGML_USE_HIP)`)."""
        build = self._file_build
        facts = self.header_facts
        own = build.file_macros
        return replace(
            build,
            project_values={k: v for k, v in facts.values.items() if k not in own},
            project_undefined=facts.undefined - own,
        )

    @cached_property
    def header_facts(self) -> HeaderFacts:
        return amd_header_facts(self.source.path, self.project_includes, self.settings.target_rocm)

    @cached_property
    def header_macro_values(self) -> dict[str, frozenset[str]]:
        """The object-like macros of the project headers this file includes, with the value
        texts an AMD build compiles (cuda/includes.py `header_macro_values`)."""
        return header_macro_values(self.source.path, self.project_includes, self.settings.target_rocm)

    @cached_property
    def project_names(self) -> frozenset[str]:
        """Macros, typedefs and functions the project headers this file includes define where an
        AMD build compiles them: a CUDA name among them is the project's own port of it."""
        return self.header_facts.names

    @cached_property
    def project_macros(self) -> frozenset[str]:
        """Macros the AMD build of this file gets from the project: its own #defines outside
        code AMD never compiles, and those of the project headers it includes (`#include "..."`
        followed from its folder; hipify_plus/cuda/includes.py)."""
        own = set()
        for node in self.nodes({"preproc_def", "preproc_function_def"}):
            name = node.child_by_field_name("name")
            if name is not None and not self.inactive_on_amd(node):
                own.add(self.text(name))
        return frozenset(own) | header_macros(self.source.path, self.project_includes)

    @cached_property
    def project_includes(self) -> list[str]:
        """The quoted `#include "..."`s of this file that an AMD build compiles, as spelled."""
        includes = []
        if b'"' in self.data:
            for node in self.nodes({"preproc_include"}):
                path = node.child_by_field_name("path")
                if path is not None and path.type == "string_literal" and not inactive_on_amd(node, self._file_build):
                    includes.append(self.text(path).strip().strip('"'))
        return includes

    @cached_property
    def defined_functions(self) -> frozenset[str]:
        """Names (last name part) of the functions this file defines."""
        names = set()
        for definition in self.nodes({"function_definition"}):
            declarator = declarator_name(definition)
            if declarator is not None:
                names.add(base_name(self.text(declarator)))
        return frozenset(names)

    def provides(self, name: str) -> bool:
        """The project supplies `name` itself where this file sees it: a macro of the file or of a
        project header it includes, or a function this file defines (a compatibility shim)."""
        return name in self.project_macros or name in self.defined_functions

    @cached_property
    def space_macros(self) -> dict[str, frozenset[str]]:
        """Macros of this file that spell an execution space (`#define DEVICE __device__`)."""
        if b"__device__" not in self.data and b"__global__" not in self.data:
            return {}
        return execution_space_macros(self.nodes({"preproc_def"}))

    def execution_space(self, function: Node | None) -> frozenset[str]:
        """`__global__` / `__device__` / `__host__` of a function definition, also when a macro of
        the file spells it."""
        return execution_space(function, self.space_macros)

    def device_only(self, node: Node) -> bool:
        """True if `node` sits in a `__device__` or `__global__` function that is not also `__host__`:
        code hipcc compiles for the GPU alone."""
        spaces = self.execution_space(enclosing_function(node))
        return bool(spaces & {"__global__", "__device__"}) and "__host__" not in spaces

    def inactive_on_amd(self, node: Node) -> bool:
        """True if no pass of the AMD build compiles `node` (`#if 0`, the CUDA side of a platform
        switch, `#ifdef __CUDA_ARCH__`, a HIP_VERSION test the target fails). The engine drops
        findings there for rules with `inactive_code = "drop"`; analyses that must not count such
        code (a rule's unit, a blocker) ask here."""
        return inactive_on_amd(node, self.amd)

    # -- reporting ------------------------------------------------------------------------

    def fix(self, rule_id: str, title: str, edits: Sequence[Edit], applicability: str | None = None) -> Fix:
        """A fix at the rule's declared applicability, or lower: a detector may lower it for one
        finding, never raise it (checked by the registry tests)."""
        declared = _APPLICABILITY[get_rule(rule_id).fix_applicability]
        wanted = _APPLICABILITY[applicability] if applicability else declared
        return Fix(title, tuple(sorted(edits)), min(declared, wanted))

    def report(self, rule_id: str, span: Span, message: str, fix: Fix | None = None, **data: Any) -> None:
        start, end = (span.start_byte, span.end_byte) if not isinstance(span, tuple) else span
        self.diagnostics.append(make_diagnostic(self.source, rule_id, start, end, message, fix, **data))

    # -- constants ------------------------------------------------------------------------

    @cached_property
    def defines(self) -> dict[str, list[Node]]:
        """The file's object-like #defines by name, each name's in file order."""
        found: dict[str, list[Node]] = {}
        for node in self.nodes({"preproc_def"}):
            name = node.child_by_field_name("name")
            if name is not None:
                found.setdefault(self.text(name), []).append(node)
        return found

    @cached_property
    def constants(self) -> dict[str, int]:
        """Object-like #defines and const/constexpr integer variables with a constant value.
        A name defined twice with different values is left out (it depends on the branch)."""
        pending: list[tuple[str, Node | str]] = []
        for node in self.nodes({"preproc_def", "declaration"}):
            for name, value in self.named_values(node):
                if node.type == "preproc_def":
                    # this grammar keeps a trailing comment inside the macro's value
                    pending.append((self.text(name), _COMMENTS.sub(" ", self.text(value))))
                else:
                    pending.append((self.text(name), value))
        # A few rounds, so constants defined from other constants fold too.
        self._constants_partial: dict[str, int] = {}
        for _ in range(3):
            seen: dict[str, set[int | None]] = {}
            for constant, definition in pending:
                folded = self._fold_text(definition) if isinstance(definition, str) else self.int_value(definition)
                seen.setdefault(constant, set()).add(folded)
            self._constants_partial = {
                n: only for n, v in seen.items() if len(v) == 1 and (only := next(iter(v))) is not None
            }
        return self._constants_partial

    def named_values(self, node: Node) -> Iterator[tuple[Node, Node]]:
        """(name, value) pairs a node defines: a `#define` or enumerator, or the initialised
        names of a const/constexpr declaration."""
        if node.type in ("preproc_def", "enumerator"):
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is not None and value is not None:
                yield name, value
            return
        qualifiers = {self.text(c) for c in node.children if c.type == "type_qualifier"}
        if not qualifiers & {"const", "constexpr"}:
            return
        for declarator in node.children_by_field_name("declarator"):
            if declarator.type == "init_declarator":
                name, value = declarator.child_by_field_name("declarator"), declarator.child_by_field_name("value")
                if name is not None and name.type == "identifier" and value is not None:
                    yield name, value

    def _fold_text(self, text: str) -> int | None:
        text = text.strip()
        while text.startswith("(") and text.endswith(")"):
            text = text[1:-1].strip()
        value = parse_int(text)
        if value is not None:
            return value
        return self._constants_partial.get(text) if re.fullmatch(r"[A-Za-z_]\w*", text) else None

    def int_value(self, node: Node | None) -> int | None:
        """Fold an integer expression: literals, parentheses, + - * / % << >> & | ^, unary -,
        casts, and names of constants. None when it is not a compile-time constant here."""
        if node is None:
            return None
        kind = node.type
        if kind == "number_literal":
            return parse_int(self.text(node))
        if kind == "parenthesized_expression":
            inner = [c for c in node.named_children if c.type != "comment"]
            return self.int_value(inner[0]) if len(inner) == 1 else None
        if kind == "identifier":
            known = self.__dict__.get("constants")
            if known is None:  # while `constants` itself is being computed, use what it has so far
                known = self.__dict__.get("_constants_partial")
            if known is None:
                known = self.constants
            return known.get(self.text(node))
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            left = self.int_value(node.child_by_field_name("left"))
            right = self.int_value(node.child_by_field_name("right"))
            op = _BINARY.get(self.text(operator)) if operator is not None else None
            if op is None or left is None or right is None:
                return None
            return op(left, right)
        if kind == "unary_expression":
            operator = node.child_by_field_name("operator")
            value = self.int_value(node.child_by_field_name("argument"))
            if value is None or operator is None:
                return None
            return {"-": -value, "+": value, "~": ~value}.get(self.text(operator))
        if kind == "cast_expression":
            return self.int_value(node.child_by_field_name("value"))
        return None

    # -- kernels and launches -------------------------------------------------------------

    @cached_property
    def kernels(self) -> dict[str, Kernel]:
        """`__global__` function definitions by name (templates included)."""
        found: dict[str, Kernel] = {}
        for node in self.nodes({"function_definition"}):
            if not any(c.type == "__global__" for c in node.children):
                continue
            declarator = node.child_by_field_name("declarator")
            while declarator is not None and declarator.type != "function_declarator":
                declarator = declarator.child_by_field_name("declarator")
            if declarator is None:
                continue
            name_node = declarator.child_by_field_name("declarator")
            if name_node is None:
                continue
            bounds_node = next((c for c in node.children if c.type == "launch_bounds"), None)
            bounds: tuple[int | None, ...] = ()
            if bounds_node is not None:
                bounds = tuple(self.int_value(a) for a in bounds_node.named_children if a.type != "comment")
            found[self.text(name_node).split("<")[0].split("::")[-1]] = Kernel(
                self.text(name_node), node, bounds_node, bounds
            )
        return found

    @cached_property
    def launches(self) -> list[Launch]:
        """`<<<>>>` launches and hipLaunchKernelGGL / cudaLaunchKernel calls in this file."""
        found: list[Launch] = []
        for call in self.nodes({"call_expression"}):
            function = call.child_by_field_name("function")
            if function is None:
                continue
            config = next((c for c in call.children if c.type == "kernel_call_syntax"), None)
            if config is not None:
                settings = [c for c in config.named_children if c.type != "comment"]
                name = base_name(self.text(function))
                block = settings[1] if len(settings) > 1 else None
                found.append(Launch(call, name, settings, self.threads(block), chevrons=True))
                continue
            callee = self.text(function)
            if callee in _LAUNCH_FUNCTIONS:
                arguments = call.child_by_field_name("arguments")
                args = [a for a in arguments.named_children if a.type != "comment"] if arguments else []
                if len(args) >= 3:
                    name = self.text(args[0]).strip()
                    name = re.sub(r"^HIP_KERNEL_NAME\((.*)\)$", r"\1", name)
                    cast = _CAST.match(name)
                    if cast:
                        name = cast.group("name")
                    found.append(Launch(call, base_name(name), args[1:5], self.threads(args[2])))
        if self.clang is not None and any(
            launch.threads is None and len(launch.config) > 1 and _clang_may_fold(launch.config[1]) for launch in found
        ):
            launches = self.clang.launches()  # --precise: the block sizes clang folds, where the text did not
            for launch in found:
                facts = launches.get(launch.node.start_byte)
                if launch.threads is None and facts is not None:
                    launch.threads = facts.threads
        return found

    @cached_property
    def expanded_launches(self) -> list[Launch]:
        """With `--precise`: launches only clang sees, written inside a macro (`LAUNCH(k, n);`),
        each at the call that expands to it, with no config nodes. Asked only of a file that
        #defines such a macro itself."""
        if self.clang is None or _LAUNCH_MACRO.search(self.data) is None:
            return []
        known = {launch.node.start_byte for launch in self.launches}
        calls = {call.start_byte: call for call in reversed(self.nodes({"call_expression"}))}
        return [
            Launch(calls[offset], facts.kernel, [], facts.threads)
            for offset, facts in sorted(self.clang.launches().items())
            if offset not in known and offset in calls
        ]

    @cached_property
    def _dim3_variables(self) -> dict[str, int | None]:
        """`dim3 block(16, 16);` / `dim3 block = dim3(...)` / `dim3 block{...}` -> x*y*z."""
        values: dict[str, int | None] = {}
        for node in self.nodes({"declaration"}):
            kind = node.child_by_field_name("type")
            if kind is None or self.text(kind) != "dim3":
                continue
            for declarator in node.children_by_field_name("declarator"):
                name = (
                    declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else declarator
                )
                if name is None or name.type != "identifier":
                    continue
                key = self.text(name)
                value = None
                if declarator.type == "init_declarator":
                    init = declarator.child_by_field_name("value")
                    if init is not None and init.type in ("argument_list", "initializer_list"):
                        value = self._product([a for a in init.named_children if a.type != "comment"])
                    elif init is not None and init.type == "identifier":
                        value = values.get(self.text(init))  # `dim3 a = b;`: b as declared above
                    elif init is not None:
                        value = self.threads(init)
                if value is not None and not self.keeps_initial_value(node, name):
                    value = None
                values[key] = value if key not in values or values[key] == value else None
        return values

    def keeps_initial_value(self, declaration: Node, name: Node) -> bool:
        """The variable `name` that `declaration` declares is const, or its function (the file,
        for a global) uses it only as a launch's grid or block: `block.x = n` or `&block`
        elsewhere may change it."""
        if any(c.type == "type_qualifier" and self.text(c) in ("const", "constexpr") for c in declaration.children):
            return True
        scope = enclosing_function(declaration)
        start, end = (scope.start_byte, scope.end_byte) if scope is not None else (0, len(self.data))
        return used_only_to_launch(self.data, self.text(name).encode(), name.start_byte, start, end)

    def _product(self, parts: list[Node]) -> int | None:
        total = 1
        for part in parts:
            value = self.int_value(part)
            if value is None:
                return None
            total *= value
        return total

    def threads(self, node: Node | None) -> int | None:
        """Threads per block of a launch's block argument: an integer, `dim3(x, y, z)`, or a dim3
        variable declared once in this file with constant sizes."""
        if node is None:
            return None
        if node.type == "call_expression":
            function = node.child_by_field_name("function")
            arguments = node.child_by_field_name("arguments")
            if function is not None and self.text(function) == "dim3" and arguments is not None:
                return self._product([a for a in arguments.named_children if a.type != "comment"])
            return None
        if node.type in ("compound_literal_expression", "initializer_list"):
            values = node.child_by_field_name("value") if node.type == "compound_literal_expression" else node
            if values is None:
                return None
            return self._product([a for a in values.named_children if a.type != "comment"])
        if node.type == "identifier":
            name = self.text(node)
            if name in self._dim3_variables:
                return self._dim3_variables[name]
        return self.int_value(node)


_FOLDABLE_SHAPES = frozenset({"qualified_identifier", "template_argument_list", "sizeof_expression", "call_expression"})


def _clang_may_fold(block: Node) -> bool:
    """Whether clang might fold a block size the text did not: it names a constant declared
    elsewhere (a macro or constant from a header), a member, a template or a call; not when
    every name in it is a local variable or parameter declared here without const."""
    for node in descendants(block):
        if node.type in _FOLDABLE_SHAPES and not (node.type == "call_expression" and node is block):
            return True
        if node.type == "identifier" and node_text(node) != "dim3":
            declared = lookup(node)
            if declared is None or declared.qualifiers & {"const", "constexpr", "static"}:
                return True
            if declared.node.type == "field_declaration":
                return True
    return False


@dataclass
class BuildContext:
    """A build file (Makefile, CMakeLists.txt, *.cmake, setup.py): text only, never executed."""

    source: SourceFile
    settings: LintSettings
    kind: str  # make | cmake | setup
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def data(self) -> bytes:
        return self.source.data

    def fix(self, rule_id: str, title: str, edits: Sequence[Edit], applicability: str | None = None) -> Fix:
        declared = _APPLICABILITY[get_rule(rule_id).fix_applicability]
        wanted = _APPLICABILITY[applicability] if applicability else declared
        return Fix(title, tuple(sorted(edits)), min(declared, wanted))

    def report(self, rule_id: str, span: tuple[int, int], message: str, fix: Fix | None = None, **data: Any) -> None:
        self.diagnostics.append(make_diagnostic(self.source, rule_id, span[0], span[1], message, fix, **data))
