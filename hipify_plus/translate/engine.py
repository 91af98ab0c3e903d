"""The built-in CUDA -> HIP translation engine for one file.

It finds the file's CUDA names in code, its #define bodies and its #includes, with the lexer
alone where the lexer can be sure (translate/lexical.py: most files) and otherwise from
tree-sitter's parse; renames those names (and the ones in macro bodies, through the lexer),
rewrites includes and, on request, kernel launches, and reports every CUDA name it leaves
behind. The parse is made only when something needs it. All changes are byte-range edits.
"""

from __future__ import annotations

import posixpath
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hipify_plus import lexer, templates
from hipify_plus.cuda.syntax import node_text
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.edits import Edit, EditBuffer, PositionMap, apply_edits
from hipify_plus.literals import is_full_32bit_mask, is_full_mask
from hipify_plus.mappings import (
    CUDA_LOOKING,
    HIP_LIBRARY_NAMES,
    LIBRARY_NAMES,
    Mapping,
    MappingTable,
    RenamePlan,
    load_mappings,
)
from hipify_plus.parse import Node, Tree, captures, parse, translation_nodes
from hipify_plus.source import SourceFile
from hipify_plus.templates import text
from hipify_plus.translate import legacy_cublas, lexical, struct_tags
from hipify_plus.translate.arguments import CallArguments, call_rows
from hipify_plus.translate.call_enums import CallEnums
from hipify_plus.translate.call_enums import names as call_enum_names
from hipify_plus.translate.definitions import DECLARING_TYPES, declared_names, is_definition
from hipify_plus.translate.kernel_names import wrapped_kernel_names
from hipify_plus.translate.lexical import IncludePath
from hipify_plus.translate.roc_types import RocTypes
from hipify_plus.versions import Version, format_version, release_of

RUNTIME_HEADER = "hip/hip_runtime.h"
_RUNTIME_LIBRARIES = frozenset({"runtime", "driver", "device"})
_DEVICE_SYNTAX = (b"__global__", b"__device__", b"__shared__", b"__constant__", b"<<<")
_DROP_FIRST_ARG = "(drop-first-arg)"
_MASKED_INTRINSICS = frozenset(
    {
        "__shfl_sync",
        "__shfl_up_sync",
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__any_sync",
        "__all_sync",
        "__match_any_sync",
        "__match_all_sync",
    }
)
_BOM = b"\xef\xbb\xbf"
_RUNTIME_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"]hip/hip_runtime\.h[>"]', re.MULTILINE)
# CUDA's driver API declares its linker (cuLinkCreate & co.) in cuda.h; before ROCm 6.4 (which has
# hipLinkCreate & co. in hip_runtime_api.h) HIP's counterparts are hipRTC's (hiprtcLinkCreate),
# declared in hip/hiprtc.h only (cuda-samples' ptxjit)
RTC_HEADER = "hip/hiprtc.h"
_RTC_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"](?:hip/hiprtc|nvrtc)\.h[>"]', re.MULTILINE)
# Votes whose mask changes the result: before the *_sync forms, the vote over all lanes masked.
_MASKED_VOTES = {
    "__ballot_sync": "(__ballot({p}) & ({m}))",
    "__any_sync": "((__ballot({p}) & ({m})) != 0)",
    "__all_sync": "((__ballot({p}) & ({m})) == ({m}))",
}
# HIP headers that fail to compile unless hip/hip_runtime.h came first (hipcc 5.2 and 5.7:
# undeclared blockDim / hipMemoryType, or "Must define exactly one of __HIP_PLATFORM_AMD__ ...").
_NEEDS_RUNTIME_FIRST = frozenset(
    {
        "hip/hip_cooperative_groups.h",
        "hip/driver_types.h",
        "hip/hip_bfloat16.h",
        "hip/hip_math_constants.h",
        "hip/hip_gl_interop.h",
    }
)
_ROC_LIBRARY_NAMES = {
    "cublas": "rocBLAS",
    "curand": "rocRAND",
    "cusparse": "rocSPARSE",
    "cusolver": "rocSOLVER",
    "cudnn": "MIOpen",
}


@dataclass(frozen=True)
class IncludeRenames:
    """Project files renamed by the conversion (.cu -> .hip), as root-relative POSIX paths,
    and the folder of the file being translated, to rewrite its quoted #includes to match."""

    renamed: tuple[tuple[str, str], ...] = ()
    folder: str = ""

    def rewrite(self, written: str) -> str | None:
        table = dict(self.renamed)
        for candidate in (posixpath.normpath(posixpath.join(self.folder, written)), posixpath.normpath(written)):
            new = table.get(candidate)
            if new is not None:
                return posixpath.join(posixpath.dirname(written), posixpath.basename(new))
        # Found through an include path (-Iinclude): the one renamed file whose path ends so.
        suffix = "/" + posixpath.normpath(written)
        matches = [new for old, new in self.renamed if ("/" + old).endswith(suffix)]
        if len(matches) == 1:
            return posixpath.join(posixpath.dirname(written), posixpath.basename(matches[0]))
        return None


@dataclass(frozen=True)
class TranslateOptions:
    rocm_version: Version
    roc: bool = False
    hip_launch_syntax: bool = False
    in_comments: bool = False
    in_strings: bool = False
    include_renames: IncludeRenames | None = None
    disabled_rewrites: frozenset[str] = frozenset()  # rule ids of rewrites not to apply
    offload_arch: tuple[str, ...] = ("gfx90a",)  # AMD targets, for rewrites that depend on them
    included_source: bool = False  # a .cu file other project files include: a header in all but name
    # The ROCm release of each installed library where it differs from the target's (Debian 13
    # ships hipcc 5.7 with ROCm 5.5's hipSOLVER): (mapping library, release) pairs, e.g.
    # ("cusolver", (5, 5, 0)); names of those libraries are written for that release.
    library_releases: tuple[tuple[str, Version], ...] = ()

    def release_for(self, library: str) -> Version:
        """The release names of `library` (a mapping's library: cusolver, cublas ...) are written for."""
        return release_of(library, self.library_releases, self.rocm_version)

    def target_words(self, library: str) -> str:
        """`the target is ROCm 5.7`, or `the installed hipSOLVER is ROCm 5.5's` for a library of another release."""
        release = self.release_for(library)
        if release == self.rocm_version:
            return f"the target is ROCm {format_version(release)}"
        return f"the installed {HIP_LIBRARY_NAMES.get(library, library)} is ROCm {format_version(release)}'s"


@dataclass
class TranslationResult:
    output: bytes
    diagnostics: list[Diagnostic] = field(default_factory=list)
    renamed: int = 0
    # Names this file defines itself that would otherwise be renamed or reported.
    definitions: set[str] = field(default_factory=set)
    # CUDA names (mapped or CUDA-looking) met outside the file's own definitions, and the
    # subset that was rewritten: another file defining one of them changes this file's result.
    touched: set[str] = field(default_factory=set)
    rewritten: set[str] = field(default_factory=set)
    # the edits that turned the input into `output` (input byte offsets): maps output positions
    # back to the input exactly
    edits: list[Edit] = field(default_factory=list)
    libraries: frozenset[str] = frozenset()  # CUDA libraries whose names were translated
    fixed: dict[str, int] = field(default_factory=dict)  # rewrite rule id -> changes it made
    # `output`'s offsets mapped back to the input's through every step's edits (the renames,
    # then each round of rewrites)
    positions: PositionMap = field(default_factory=PositionMap, repr=False, compare=False)
    tree: Tree | None = field(default=None, repr=False, compare=False)  # the input's parse

    def changed(self, original: bytes) -> bool:
        return self.output != original


def project_definitions(data: bytes, table: MappingTable | None = None) -> set[str]:
    """Names this file defines that the translator would otherwise rename or report."""
    table = table or load_mappings()
    return _definitions(_relevant(translation_nodes(parse(data))["name"], table, False, None))


def _relevant(nodes: list[Node], table: MappingTable, roc: bool, version: Version | None) -> list[tuple[Node, str]]:
    """The name nodes the translator cares about (`_relevant_name`)."""
    found: list[tuple[Node, str]] = []
    for node in nodes:
        raw = node.text
        if raw is not None and (name := _relevant_name(raw, table, roc, version)) is not None:
            found.append((node, name))
    return found


def _relevant_name(raw: bytes, table: MappingTable, roc: bool, version: Version | None) -> str | None:
    """`raw` as a name the translator cares about: a mapped or CUDA-looking name, less the
    mapped names it writes back unchanged for the target `version` wherever they stand
    (`_inert`; None: every mapped name counts)."""
    memo = table.relevance_memo
    try:
        name = memo[raw]
    except KeyError:
        text = raw.decode("utf-8", "replace")
        name = memo[raw] = text if (text in table or CUDA_LOOKING.match(text)) else None
    if name is None or roc or version is None:
        return name
    inert = table.inert_memo.get((name, version))
    if inert is None:
        inert = table.inert_memo[(name, version)] = _inert(table.get(name), version)
    return None if inert else name


def _inert(mapping: Mapping | None, version: Version) -> bool:
    """A device function HIP spells as CUDA does (`max`, `sqrtf`, `norm`) at the target release,
    with no note to make, no argument or enumerator rewrite and no header it needs (without --roc):
    renaming it changes nothing wherever it stands, so a file's own `float max = 0;` need not
    make it the file's. Leaving these names out changes no output or finding (only the sets of
    names a file touched or defined lose them) and lets the lexer read files whose variables
    bear such names (translate/lexical.py)."""
    if mapping is None or mapping.library != "device" or mapping.status != "supported":
        return False
    name = mapping.cuda
    target, added, deprecated, removed = mapping.target(False)
    return (
        target == name
        and (added is None or added <= version)
        and deprecated is None
        and removed is None
        and mapping.hip_experimental is None
        and not mapping.fallback
        and name not in _MASKED_INTRINSICS
        and name not in call_rows()
        and name not in call_enum_names()
        and name not in struct_tags.tags()
        and not _needs_runtime(name, name)
    )


def _plain_rename(name: str, mapping: Mapping | None, options: TranslateOptions) -> RenamePlan:
    """(target, library, needs the runtime header) for a name `identifier` renames the same way
    wherever it stands, with no finding and no look at the code around it; () for every other
    name (no mapping, none at the target, a release note, call arguments, enumerators, struct
    tags, fallbacks, masks, --roc's types), which take the whole way."""
    if mapping is None or mapping.status == "lint" or (options.roc and mapping.policy == "hip" and mapping.roc):
        return ()
    target, added, deprecated, removed = mapping.target(options.roc)
    version = options.release_for(mapping.library)
    plain = (
        bool(target)
        and mapping.cuda not in call_enum_names()
        and target not in struct_tags.tags()
        and (removed is None or removed > version)
        and mapping.cuda not in call_rows()
        and (added is None or added <= version)
        and name not in _MASKED_INTRINSICS
        and (deprecated is None or deprecated > version)
        and not (mapping.hip_experimental is not None and target == mapping.hip)
    )
    if not plain:
        return ()
    return target, mapping.library, mapping.library in _RUNTIME_LIBRARIES and _needs_runtime(name, target)


def _definitions(relevant: list[tuple[Node, str]]) -> set[str]:
    return {name for _, name in _defining(relevant)}


def _defining(relevant: list[tuple[Node, str]]) -> list[tuple[Node, str]]:
    """The name nodes where this file defines the name."""
    return [(node, name) for node, name in relevant if is_definition(node)]


_SINGLE_NAME = re.compile(rb"\s*([A-Za-z_]\w*)\s*")


def _vendor_aliases(defining: list[tuple[Node, str]], table: MappingTable, declared: Callable[[str], bool]) -> set[str]:
    """Mapped CUDA names this file `#define`s (object-like) as exactly what convert writes for
    them (ggml's vendors/hip.h `#define cublasStatus_t hipblasStatus_t`), or as another vendor's
    name that nothing here declares and that is no CUDA or HIP name (vendors/musa.h `#define
    cublasStatus_t mublasStatus_t`, which cannot be in force in an AMD build). Renaming the uses
    elsewhere gives what the macro gives, or what an AMD build needs, so these definitions do not
    make the name the project's for other files; the shim keeps them. Function-like macros
    (`#define cublasSetMathMode(handle, mode) CUBLAS_STATUS_SUCCESS`, a stub for the project's
    AMD build) and macros naming the project's own function or another CUDA name still do."""
    found, otherwise = set(), set()
    for node, name in defining:  # the file's definitions (`is_definition`) of the names it renames
        if name not in table:
            continue
        parent = node.parent
        if parent is None or parent.type != "preproc_def":
            otherwise.add(name)  # a typedef, function, function-like macro ... of the file's own
            continue
        value = parent.child_by_field_name("value")
        if value is None or value.text is None:
            continue
        body = _SINGLE_NAME.fullmatch(lexer.without_comments(value.text))
        if body is None:
            otherwise.add(name)
            continue
        target, mapping = body[1].decode(), table.get(name)
        hip_spelling = mapping is not None and target in (mapping.hip, mapping.roc)
        foreign = (
            target not in table
            and not CUDA_LOOKING.match(target)
            and not target.lower().startswith(("hip", "roc"))
            and not declared(target)
        )
        if hip_spelling or foreign:
            found.add(name)
        else:
            otherwise.add(name)
    return found - otherwise


def rename(
    source: SourceFile,
    options: TranslateOptions,
    project_names: frozenset[str] | set[str] = frozenset(),
    table: MappingTable | None = None,
) -> TranslationResult:
    """Rename one file's CUDA names, headers (and, on request, launches) for the target. The
    rewrites that renamed code needs on top come after, in `hipify_plus.pipeline.translate`."""
    return _Translation(source, options, project_names, table or load_mappings()).run()


class _Translation:
    def __init__(
        self,
        source: SourceFile,
        options: TranslateOptions,
        project_names: frozenset[str] | set[str],
        table: MappingTable,
    ) -> None:
        self.source = source
        self.data = source.data
        self.options = options
        self.table = table
        self.project_names = project_names
        self.buffer = EditBuffer(source.data)
        self.diagnostics: list[Diagnostic] = []
        self.renamed = 0
        self.touched: set[str] = set()
        self.rewritten: set[str] = set()
        self.uses_runtime = False
        self.uses_rtc = False  # a name renamed to hipRTC's from another CUDA library (the driver's linker)
        self.deferred: list[Callable[[], None]] = []  # rewrites that need every rename made first
        # library -> [start, end, mapping, uses] of the first name from a library with no ROCm counterpart
        self.unported_uses: dict[str, list[Any]] = {}
        self.libraries: set[str] = set()
        self.newline = b"\r\n" if b"\r\n" in source.data else b"\n"

    # -- driver ---------------------------------------------------------------------------

    @cached_property
    def tree(self) -> Tree:
        """The file's parse, made on first need: a file the lexer reads alone (translate/lexical.py)
        is parsed only if a rewrite of some call looks at its declarations."""
        return parse(self.data)

    def run(self) -> TranslationResult:
        options = self.options
        view = None
        if not (options.roc or options.hip_launch_syntax or options.in_comments or options.in_strings):
            version = options.rocm_version
            view = lexical.scan(self.data, lambda raw: _relevant_name(raw, self.table, False, version))
            if view is not None and view.misplaced_directive and not self.unchanged_without_names(view.includes):
                view = None  # the parse says which blocks its includes are in
        defining: list[tuple[Node, str]] = []
        if view is not None:
            names, bodies, include_paths = view.names, view.define_bodies, view.includes
            self.__dict__["_declared"] = frozenset()  # no name it reads is declared (see lexical.py)
        else:
            names, bodies, include_paths, defining = self.read_tree()
        local = {name for _, name in defining}
        self.defined = set(self.project_names) | local
        self.arguments = CallArguments(self.data, options.rocm_version, self.report, lambda: self.tree)
        self.legacy_cublas = legacy_cublas.legacy_cublas_names(
            self.table, {p.text[1:-1].decode("utf-8", "replace") for p in include_paths if p.text}, self.data
        )
        self.roc_types = (
            RocTypes(self.data, self.tree, {name for _, _, name in names}, self.table, self.report)
            if options.roc
            else None
        )
        self.call_enums = CallEnums(lambda: self.tree, self.table, options.rocm_version)

        for start, end, name in names:
            self.identifier(start, end, name)
        for rewrite in self.deferred:
            rewrite()
        for body_start, body_end in bodies:
            for start, end in lexer.identifiers(self.data, body_start, body_end):
                self.identifier(start, end)
            if options.hip_launch_syntax and b"<<<" in self.data[body_start:body_end]:
                self.report("HP009", body_start, body_end, "kernel launch inside a macro body kept as <<<>>>")
        self.arguments.apply(self.buffer)  # after every rename: copied arguments are translated
        tree = self.tree if view is None else None
        if tree is not None and (options.in_comments or options.in_strings):
            text_nodes = captures(tree, "text")
            if self.options.in_comments:
                for node in text_nodes.get("comment", []):
                    self.rename_words(node.start_byte, node.end_byte)
            if self.options.in_strings:
                for node in text_nodes.get("string", []):
                    self.rename_words(node.start_byte, node.end_byte)
        has_runtime = self.includes(include_paths)
        if tree is not None and self.options.hip_launch_syntax:
            self.wrapped_kernels = wrapped_kernel_names(tree)  # templates and macros: HIP_KERNEL_NAME
            for call in captures(tree, "launch").get("launch", []):
                self.launch(call)
        # an #include the parse did not see as one (inside an ERROR node) still counts: the
        # output of a second conversion must not gain another runtime include
        has_runtime = has_runtime or _RUNTIME_INCLUDE.search(self.data) is not None
        headers = []
        if not has_runtime and (self.uses_runtime or self.needs_runtime_anyway):
            headers.append(RUNTIME_HEADER)
        if self.uses_rtc and _RTC_INCLUDE.search(self.data) is None:
            headers.append(RTC_HEADER)
        if headers:
            if view is not None:
                offset = view.runtime_include_offset(lambda name: _FEATURE_MACRO.match(name) is not None)
            else:
                offset = _runtime_include_offset(self.tree.root_node, self.data)
            self.add_includes(offset, headers)

        for start, end, mapping, uses in self.unported_uses.values():
            library = LIBRARY_NAMES.get(mapping.library, mapping.library)
            more = f" ({uses} uses of {library} names in this file, reported at the first)" if uses > 1 else ""
            self.report(
                "HP001",
                start,
                end,
                self.unsupported_message(mapping) + more,
                identifier=mapping.cuda,
                library=mapping.library,
                status=mapping.status,
                uses=uses,
            )
        self.diagnostics.sort(key=lambda d: (d.start, d.rule))
        edits = self.buffer.edits
        output = apply_edits(self.data, edits)
        return TranslationResult(
            output,
            self.diagnostics,
            self.renamed,
            local - _vendor_aliases(defining, self.table, self.declares),
            self.touched,
            self.rewritten,
            edits,
            frozenset(self.libraries),
            positions=PositionMap.of_rounds([edits]),
            tree=self.__dict__.get("tree"),  # None when nothing needed the parse
        )

    @cached_property
    def needs_runtime_anyway(self) -> bool:
        """The file gets the runtime header whatever names it uses: it has device syntax, or it
        is a .cu file, compiled as CUDA, as hipcc's -x hip does (HIPIFY adds the header to every
        CUDA source); headers and .cpp files only when they use it, an empty .cu file stays
        empty, and a .cu file other files include is a header in all but name."""
        cuda_source = self.source.path.endswith(".cu") and bool(self.data.strip()) and not self.options.included_source
        return cuda_source or any(marker in self.data for marker in _DEVICE_SYNTAX)

    def unchanged_without_names(self, paths: list[IncludePath]) -> bool:
        """A file with no name to rename comes out as it went in: no runtime header to add and
        no #include to rewrite, drop, report or put the runtime header before."""
        if self.needs_runtime_anyway:
            return False
        renames = self.options.include_renames
        for path in paths:
            name = _include_name(path)
            if name is None:
                continue
            if name == RUNTIME_HEADER or name in _NEEDS_RUNTIME_FIRST or self.table.header(name) is not None:
                return False
            if renames is not None and path.kind == "string_literal" and renames.rewrite(name) is not None:
                return False
        return True

    def read_tree(
        self,
    ) -> tuple[list[tuple[int, int, str]], list[tuple[int, int]], list[IncludePath], list[tuple[Node, str]]]:
        """From the parse: the names to translate, the #define bodies, the #include paths and the
        names this file defines."""
        tree = self.tree
        found = translation_nodes(tree, DECLARING_TYPES)  # declarations too, for declares()
        self.declaring = found["extra"]
        relevant = _relevant(found["name"], self.table, self.options.roc, self.options.rocm_version)
        if tree.root_node.has_error:
            # tree-sitter's error recovery can read the inside of an unterminated comment or
            # string as code: the lexer's view of comments and strings wins there
            spans = lexer.non_code_spans(self.data)
            starts = [s for s, _ in spans]
            relevant = [(n, name) for n, name in relevant if not _inside(spans, starts, n.start_byte)]
        names = [(node.start_byte, node.end_byte, name) for node, name in relevant]
        bodies = [
            (body.start_byte, body.end_byte)
            for body in found["arg"]
            if body.parent is not None and body.parent.type in ("preproc_def", "preproc_function_def")
        ]  # #pragma / #error text is not code
        return names, bodies, _include_paths(found["include"]), _defining(relevant)

    def report(self, rule: str, start: int, end: int, message: str, **data: Any) -> None:
        self.diagnostics.append(make_diagnostic(self.source, rule, start, end, message, **data))

    # -- identifiers ----------------------------------------------------------------------

    def identifier(self, start: int, end: int, name: str | None = None) -> None:
        if name is None:
            name = self.data[start:end].decode("ascii", "replace")
        if name in self.defined:
            return
        plans = self.plans
        plan = plans.get(name)
        if plan is None:
            plan = plans[name] = _plain_rename(name, self.table.get(name), self.options)
        if plan and name not in self.legacy_cublas:  # what the steps below come to, asked once per name
            target, library, runtime = plan
            self.touched.add(name)
            if runtime:
                self.uses_runtime = True
                self.uses_rtc = self.uses_rtc or target.startswith("hiprtc")
            self.libraries.add(library)
            self.rename(start, end, name, target)
            return
        mapping = self.table.get(name)
        if mapping is None:
            if CUDA_LOOKING.match(name) and not self.declares(name):
                self.touched.add(name)
                self.report(
                    "HP006",
                    start,
                    end,
                    f"`{name}` looks like a CUDA API but no mapping table knows it and the "
                    "converted files do not define it",
                    identifier=name,
                )
            return
        self.touched.add(name)
        if mapping.status == "lint":
            return  # left as it is: a rewrite rule (rules/convert.toml) reports or rewrites it
        if name in self.legacy_cublas:
            self.report("HP014", start, end, legacy_cublas.message(name), identifier=name, library="cublas")
            return
        target, added, deprecated, removed = mapping.target(self.options.roc)
        if self.roc_types is not None and target and target == mapping.roc and mapping.policy == "hip":
            target, added, deprecated, removed = self.roc_types.target(mapping, start, end)
        if not target or target == mapping.hip:
            target = self.call_enums.respell(mapping, target, start)
        if target:
            target = struct_tags.respell(self.data, start, target)
        library = LIBRARY_NAMES.get(mapping.library, mapping.library)
        info = {"identifier": name, "library": mapping.library, "status": mapping.status}
        version = self.options.release_for(mapping.library)
        if not target:
            if mapping.cuda_removed:
                self.report(
                    "HP002",
                    start,
                    end,
                    f"`{name}` ({library}) was removed in CUDA {mapping.cuda_removed} and has no HIP equivalent",
                    **info,
                )
            else:
                if mapping.unported == "none":  # a library AMD has nothing for: once per file
                    first = self.unported_uses.setdefault(mapping.library, [start, end, mapping, 0])
                    first[3] += 1
                    return
                self.report("HP001", start, end, self.unsupported_message(mapping), **info)
            return
        if removed is not None and removed <= version:
            self.report(
                "HP002",
                start,
                end,
                f"`{target}`, the HIP equivalent of `{name}` ({library}), was removed "
                f"in ROCm {format_version(removed)}",
                **info,
            )
            return
        if not self.arguments.accept(mapping, target, start, end):
            return  # left as it is: the HIP function takes other arguments (HP015 says why)
        if mapping.library in _RUNTIME_LIBRARIES and _needs_runtime(name, target):
            self.uses_runtime = True
            self.uses_rtc = self.uses_rtc or target.startswith("hiprtc")
        self.libraries.add(mapping.library)
        if added is not None and added > version:
            fallback_usable = mapping.fallback_added is None or mapping.fallback_added <= version
            if mapping.fallback and fallback_usable and self.fallback(mapping, start, end):
                return
            self.rename(start, end, name, target)
            self.report(
                "HP005",
                start,
                end,
                f"`{target}` (for `{name}`, {library}) needs ROCm "
                f"{format_version(added)}; {self.options.target_words(mapping.library)}",
                **info,
            )
            return
        self.rename(start, end, name, target)
        if name in _MASKED_INTRINSICS:
            self.widen_full_mask(end)
        if deprecated is not None and deprecated <= version:
            self.report(
                "HP003",
                start,
                end,
                f"`{target}` (for `{name}`, {library}) is deprecated since ROCm {format_version(deprecated)}",
                **info,
            )
        elif mapping.hip_experimental is not None and target == mapping.hip:
            self.report("HP004", start, end, f"`{target}` (for `{name}`, {library}) is experimental in ROCm", **info)

    @cached_property
    def plans(self) -> dict[str, RenamePlan]:
        """`_plain_rename`'s answers for this run's target (kept in the table: names repeat
        across a project's files)."""
        options = self.options
        key = (options.roc, options.rocm_version, options.library_releases)
        return self.table.plan_memo.setdefault(key, {})

    def declares(self, name: str) -> bool:
        """For HP006 only: a declaration in this file (a variable, field, parameter, prototype)
        makes an unknown CUDA-looking name the project's own. Read once, on first need, from the
        declarations the walk over the names collected (the input's tree: nothing edited it yet)."""
        declared = self.__dict__.get("_declared")
        if declared is None:
            declared = self.__dict__["_declared"] = declared_names(self.tree, self.declaring)
        return name in declared

    def widen_full_mask(self, after_name: int) -> None:
        """`__shfl_xor_sync(0xffffffff, ...)`: HIP's mask is 64-bit and a 32-bit literal fails
        its static_assert, so the all-ones literal becomes `~0ull` (the same on NVIDIA)."""
        call = lexer.call_arguments(self.data, after_name)
        if call is None or not call[0]:
            return
        start, end = call[0][0]
        if is_full_32bit_mask(self.data[start:end].decode("ascii", "replace")):
            self.buffer.add(Edit(start, end, b"~0ull"))

    def unsupported_message(self, mapping: Mapping) -> str:
        library = LIBRARY_NAMES.get(mapping.library, mapping.library)
        side = _ROC_LIBRARY_NAMES.get(mapping.library) if mapping.policy == "roc" else "HIP"
        kind = "function" if mapping.kind == "device_function" else mapping.kind
        message = f"`{mapping.cuda}` ({library} {kind}) has no {side} equivalent"
        if mapping.policy == "hip" and mapping.roc and not self.options.roc:
            roc_lib = _ROC_LIBRARY_NAMES.get(mapping.library, "the ROC library")
            message += f"; {roc_lib} has `{mapping.roc}` (translate with --roc)"
        if mapping.note:
            message += f": {mapping.note}"
        return message

    def rename(self, start: int, end: int, name: str, target: str) -> None:
        if target != name and self.buffer.add(Edit(start, end, target.encode())):
            self.renamed += 1
            self.rewritten.add(name)

    def fallback(self, mapping: Mapping, start: int, end: int) -> bool:
        """Write the older-ROCm spelling. False if the use is not a call it can rewrite."""
        spelling = mapping.fallback
        version = format_version(self.options.release_for(mapping.library))
        added = format_version(mapping.hip_added) if mapping.hip_added else "?"
        info = {"identifier": mapping.cuda, "library": mapping.library, "status": mapping.status}
        if spelling.endswith(_DROP_FIRST_ARG):
            call = lexer.call_arguments(self.data, end)
            if call is None or not call[0]:
                return False
            args = call[0]
            replacement = spelling[: -len(_DROP_FIRST_ARG)]
            mask = self.data[args[0][0] : args[0][1]].decode("utf-8", "replace")
            if mapping.cuda in _MASKED_VOTES and len(args) == 2 and not is_full_mask(mask):
                # written once every name inside the call has been renamed
                self.deferred.append(lambda: self.masked_vote(mapping, start, call, added, version, info))
                return True
            if not self.buffer.add(Edit(start, end, replacement.encode())):
                return True  # inside an argument another fallback dropped
            self.renamed += 1
            self.rewritten.add(mapping.cuda)
            drop_end = args[1][0] if len(args) > 1 else args[0][1]
            self.buffer.replace_absorbing(args[0][0], drop_end, b"")
            message = (
                f"`{mapping.cuda}` needs ROCm {added}; wrote `{replacement}` without the lane mask for ROCm {version}"
            )
        elif "(" in spelling:
            empty_call = lexer.call_arguments(self.data, end)
            if empty_call is None or empty_call[0]:
                return False
            if not self.buffer.replace_absorbing(start, empty_call[1], spelling.encode()):
                return True  # inside an argument another fallback dropped
            self.renamed += 1
            self.rewritten.add(mapping.cuda)
            message = f"`{mapping.cuda}()` needs ROCm {added}; wrote `{spelling}` for ROCm {version}"
        else:
            self.rename(start, end, mapping.cuda, spelling)
            self.uses_rtc = self.uses_rtc or spelling.startswith("hiprtc")
            message = (
                f"`{mapping.cuda}` maps to `{mapping.hip}` from ROCm {added}; wrote `{spelling}` for ROCm {version}"
            )
            if mapping.note:
                message += f" ({mapping.note})"
        self.report("HP008", start, end, message, **info)
        return True

    def masked_vote(
        self,
        mapping: Mapping,
        start: int,
        call: tuple[list[tuple[int, int]], int],
        added: str,
        version: str,
        info: dict[str, str],
    ) -> None:
        """`__ballot_sync(m, p)` with a mask that may leave lanes out: the mask-less vote of the
        older release, restricted to the mask's lanes (dropping it would count the others)."""
        (mask_span, predicate_span), close = call
        mask = text(self.buffer.render(*mask_span))
        predicate = text(self.buffer.render(*predicate_span))
        written = _MASKED_VOTES[mapping.cuda].format(m=mask, p=predicate)
        if not self.buffer.replace_absorbing(start, close, written.encode("utf-8", "surrogateescape")):
            return
        self.renamed += 1
        self.rewritten.add(mapping.cuda)
        self.report(
            "HP008",
            start,
            close,
            f"`{mapping.cuda}` needs ROCm {added}; wrote `{written}` for "
            f"ROCm {version}: the older vote restricted to the mask's lanes",
            **info,
        )

    def rename_words(self, start: int, end: int) -> None:
        """Rename supported CUDA names inside a comment or string (only when asked)."""
        for word_start, word_end in lexer.words(self.data, start, end):
            name = self.data[word_start:word_end].decode("ascii", "replace")
            mapping = self.table.get(name)
            if mapping is None or name in self.defined:
                continue
            target = mapping.target(self.options.roc)[0]
            if target:
                self.touched.add(name)
                self.rename(word_start, word_end, name, target)

    # -- includes -------------------------------------------------------------------------

    def includes(self, paths: list[IncludePath]) -> bool:
        """Rewrite CUDA includes; returns True if the result includes hip/hip_runtime.h."""
        emitted: set[tuple[int, str]] = set()
        has_runtime = False
        version = self.options.rocm_version
        first_hip: dict[int, int] = {}  # per scope, where the first #include writing a hip/ header starts
        for path in paths:
            target = self.include_target(path)
            if target is not None and target.startswith("hip/"):
                first_hip.setdefault(path.scope, path.directive_start)
        for path in paths:
            name = _include_name(path)
            if name is None:
                continue
            scope = path.scope
            header = self.table.header(name)
            if self.include_target(path) in _NEEDS_RUNTIME_FIRST and not (
                {(0, RUNTIME_HEADER), (scope, RUNTIME_HEADER)} & emitted
            ):
                # <cooperative_groups.h> before <cuda_runtime.h>: the runtime goes before the first
                # HIP header (later includes of it are then dropped as repeats)
                first = first_hip.get(scope, path.directive_start)
                self.buffer.add(Edit(first, first, b"#include <" + RUNTIME_HEADER.encode() + b">" + self.newline))
                emitted.add((scope, RUNTIME_HEADER))
                has_runtime = True
            if header is None:
                if name == RUNTIME_HEADER:
                    if (scope, name) in emitted:  # hipify-perl repeats it
                        self.delete_line(path)
                        continue
                    has_runtime = True
                renames = self.options.include_renames
                if renames is not None and path.kind == "string_literal":
                    new = renames.rewrite(name)
                    if new is not None:
                        self.buffer.add(Edit(path.start + 1, path.end - 1, new.encode()))
                emitted.add((scope, name))
                continue
            if header.status == "lint":
                continue  # a rewrite of rules/convert.toml replaces or reports it
            if header.status == "unsupported":
                message = f"`<{name}>` has no HIP equivalent"
                if header.note:
                    message += f": {header.note}"
                self.report("HP007", path.start, path.end, message, header=name)
                continue
            if header.status == "dropped":
                self.delete_line(path)
                continue
            target = header.roc if self.options.roc and header.roc else header.hip
            if header.hip_added is not None and header.hip_added > version and target == header.hip:
                if header.fallback:
                    self.report(
                        "HP008",
                        path.start,
                        path.end,
                        f"`<{header.hip}>` needs ROCm {format_version(header.hip_added)}; "
                        f"wrote `<{header.fallback}>` for ROCm {format_version(version)}",
                        header=name,
                    )
                    target = header.fallback
                else:
                    self.report(
                        "HP005",
                        path.start,
                        path.end,
                        f"`<{target}>` (for `<{name}>`) needs ROCm "
                        f"{format_version(header.hip_added)}; the target is ROCm "
                        f"{format_version(version)}",
                        header=name,
                    )
            if target == RUNTIME_HEADER:
                has_runtime = True
            if (scope, target) in emitted:
                self.delete_line(path)
                continue
            emitted.add((scope, target))
            if self.buffer.add(Edit(path.start + 1, path.end - 1, target.encode())):
                self.renamed += 1
        return has_runtime

    def include_target(self, path: IncludePath) -> str | None:
        """The header an #include path names after conversion (itself when it is not CUDA's)."""
        name = _include_name(path)
        if name is None:
            return None
        header = self.table.header(name)
        return name if header is None else header.target_at(self.options.rocm_version, self.options.roc)

    def delete_line(self, path: IncludePath) -> None:
        end = path.directive_end
        if self.data[end - 1 : end] != b"\n" and self.data[end : end + 1] == b"\n":
            end += 1
        self.buffer.add(Edit(path.directive_start, end, b""))  # nothing else edits an #include line

    def add_includes(self, offset: int, headers: list[str]) -> None:
        """`#include <hip/hip_runtime.h>` (and any other header the renames need) at `offset`,
        where the runtime header goes (`_runtime_include_offset`)."""
        line = b"".join(b"#include <" + h.encode() + b">" + self.newline for h in headers)
        start = len(_BOM) if self.data.startswith(_BOM) else 0  # the byte-order mark stays first
        if offset <= start:
            offset = start
        elif self.data[offset - 1 : offset] != b"\n":
            offset = _line_end(self.data, offset)  # a directive starts a line
            if self.data[offset - 1 : offset] != b"\n":
                line = self.newline + line
        self.buffer.add(Edit(offset, offset, line))

    # -- kernel launches ------------------------------------------------------------------

    def launch(self, call: Node) -> None:
        function = call.child_by_field_name("function")
        arguments = call.child_by_field_name("arguments")
        config = next((c for c in call.children if c.type == "kernel_call_syntax"), None)
        if function is None or arguments is None or config is None:
            return
        settings = [c for c in config.named_children if c.type != "comment"]
        if not 2 <= len(settings) <= 4:
            return
        render = self.buffer.render
        name = text(render(function.start_byte, function.end_byte))
        if function.type == "template_function" or "<" in name or node_text(function) in self.wrapped_kernels:
            name = f"HIP_KERNEL_NAME({name})"
        config_text = [text(render(s.start_byte, s.end_byte)) for s in settings]
        grid, block = (c if c.startswith("dim3") else f"dim3({c})" for c in config_text[:2])
        shared_mem, stream = (config_text[2:] + ["0", "0"])[:2]
        args = text(render(arguments.start_byte + 1, arguments.end_byte - 1)).strip()
        launch = templates.render(
            "launch/hip_launch_kernel_ggl.j2",
            kernel=name,
            grid=grid,
            block=block,
            shared_mem=shared_mem,
            stream=stream,
            args=args,
        )
        self.buffer.replace_absorbing(call.start_byte, call.end_byte, launch)
        self.renamed += 1


def _needs_runtime(name: str, target: str) -> bool:
    """A runtime/driver/device name that needs hip_runtime.h: one that is renamed, or a CUDA name
    kept as it is (`__half`, `atomicAdd`, `textureReference`). The tables also map C's math
    functions (`sqrt`, `max`), OpenGL's `GLuint` and the word `texture` to themselves: a host file
    that only uses those (a GL header inside `extern "C"`) must not get the HIP runtime."""
    return target != name or name.startswith(("__", "atomic")) or name.endswith("Reference")


def _include_name(path: IncludePath) -> str | None:
    """The header an #include names (`<a/b.h>` or `"b.h"`); None for a macro's."""
    raw = path.text
    if path.kind not in ("system_lib_string", "string_literal") or len(raw) < 2:
        return None
    return raw[1:-1].decode("utf-8", "replace")


def _include_paths(paths: list[Node]) -> list[IncludePath]:
    """The parse's #include paths as the renamer reads them (the block holding each: its scope)."""
    found = []
    for path in paths:
        directive = path.parent
        if directive is None:
            continue
        scope = directive.parent.start_byte if directive.parent is not None else 0
        found.append(
            IncludePath(
                path.start_byte,
                path.end_byte,
                path.type,
                path.text or b"",
                directive.start_byte,
                directive.end_byte,
                scope,
            )
        )
    return found


def _inside(spans: list[tuple[int, int]], starts: list[int], offset: int) -> bool:
    index = bisect_right(starts, offset) - 1
    return index >= 0 and spans[index][0] <= offset < spans[index][1]


# macros that configure system headers, so must be defined before any of them is included
_FEATURE_MACRO = re.compile(
    rb"^(?:_GNU_SOURCE|_DEFAULT_SOURCE|_BSD_SOURCE|_SVID_SOURCE|_POSIX_C_SOURCE"
    rb"|_XOPEN_SOURCE\w*|_LARGEFILE\w*|_FILE_OFFSET_BITS|_ISOC\w+_SOURCE|_USE_MATH_DEFINES|NOMINMAX"
    rb"|WIN32_LEAN_AND_MEAN|__STDC_\w+_MACROS|_CRT_\w+)$"
)


def _runtime_include_offset(root: Node, data: bytes) -> int:
    """Where `#include <hip/hip_runtime.h>` goes: after `#pragma once` and any feature-test macros
    defined before the first include (`_GNU_SOURCE`, `NOMINMAX`: they must precede the system
    headers hip_runtime.h includes), else before the first top-level include (inside a header
    guard if there is one), else after the guard's #define, else after the leading comments."""
    after: int | None = None
    for child in root.children:
        if child.type == "comment":
            continue
        if child.type == "preproc_include":
            # right after `#pragma once` (HIPIFY's place) or the feature macros before the include
            return after if after is not None else child.start_byte
        if child.type == "preproc_call" and (child.text or b"").split()[:2] == [b"#pragma", b"once"]:
            after = child.end_byte
            continue
        if child.type == "preproc_def" and _FEATURE_MACRO.match(_name_text(child)):
            after = child.end_byte  # `#define _GNU_SOURCE` must come before the system headers
            continue
        if child.type == "preproc_ifdef" and _is_header_guard(child):
            for inner in child.named_children[1:]:
                if inner.type == "preproc_include":
                    return inner.start_byte
            return _line_end(data, child.named_children[1].end_byte)
        return after if after is not None else child.start_byte
    if after is not None:
        return after
    return len(data) if root.children else 0


def _name_text(definition: Node) -> bytes:
    """The bytes of a #define's name (none when the parse has no name)."""
    name = definition.child_by_field_name("name")
    return (name.text or b"") if name is not None else b""


def _is_header_guard(node: Node) -> bool:
    named = node.named_children
    return (
        node.children[0].type == "#ifndef"
        and len(named) >= 2
        and named[1].type == "preproc_def"
        and (guard := named[1].child_by_field_name("name")) is not None
        and guard.text == named[0].text
    )


def _line_end(data: bytes, offset: int) -> int:
    if offset > 0 and data[offset - 1 : offset] == b"\n":
        return offset
    newline = data.find(b"\n", offset)
    return len(data) if newline == -1 else newline + 1
