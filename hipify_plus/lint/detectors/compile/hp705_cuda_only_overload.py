"""HP705: renamed calls that compiled in CUDA only through one of its C++ overloads or an older
signature HIP does not have (two-argument `cudaEventCreate`, CUDA 12's three-argument
`cudaGraphInstantiate`, the `T**` templates of `cudaHostAlloc`, `cudaMallocPitch` and
`cudaHostGetDevicePointer`, the `T*` template of `cudaUserObjectCreate`, CUDA 13's `cudaMemAdvise`
and four-argument `cudaMemPrefetchAsync` with a `cudaMemLocation`), rewritten to the HIP
call that means the same, for the target release; and calls that leave out an argument CUDA
declares with a default and HIP does not (rules/mappings/default_arguments.tsv), given CUDA's value."""

from __future__ import annotations

from functools import cache

from hipify_plus.cuda.declarations import lookup
from hipify_plus.cuda.syntax import call_args, callee_node, is_cast, node_text, unparenthesized
from hipify_plus.data import mapping_rows
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.versions import Version

# HIP 6.3 un-deprecated hipHostAlloc (before, it handed its flags to the device allocator) and
# gave it and hipMallocPitch `T**` templates; hipGraphInstantiateWithFlags appeared in 5.0.
HOST_ALLOC_FIXED: Version = (6, 3, 0)
PITCH_TEMPLATE: Version = (6, 3, 0)
INSTANTIATE_WITH_FLAGS: Version = (5, 0, 0)
_HOST_ALLOC_FLAGS = {
    f"hipHostAlloc{f}".encode(): f"hipHostMalloc{f}".encode()
    for f in ("Default", "Portable", "Mapped", "WriteCombined")
}
_NULL = frozenset({"nullptr", "NULL", "0"})
_CALLS = frozenset(
    {
        "hipEventCreate",
        "hipGraphInstantiate",
        "hipHostAlloc",
        "hipMallocPitch",
        "hipHostGetDevicePointer",
        "hipUserObjectCreate",
        "hipMemAdvise",
    }
)


@cache
def default_arguments() -> dict[tuple[str, int], tuple[str, str]]:
    """(HIP call, arguments written) -> (what to append: CUDA's defaults, what CUDA declares)."""
    return {
        (cells[0], int(cells[1])): (cells[2], cells[3])
        for cells in mapping_rows("default_arguments.tsv")
        if len(cells) >= 4
    }


@cache
def _defaulted_calls() -> frozenset[str]:
    return frozenset(name for name, _ in default_arguments())


def _word(byte: bytes) -> bool:
    return byte.isalnum() or byte == b"_"


def _renamed(ctx: LintContext, call: Node, name: str, title: str, message: str) -> None:
    callee = callee_node(call)
    assert callee is not None
    fix = ctx.fix("HP705", title, [Edit(callee.start_byte, callee.end_byte, name.encode())])
    ctx.report("HP705", callee, message, fix)


def _is_void_pointer_pointer(argument: Node) -> bool:
    """Provably `void**` already: a cast, or `&p` / `p` for a `void*` / `void**` declared here."""
    argument = unparenthesized(argument)
    if is_cast(argument):
        return True
    depth = 2  # `p` must be a `void**`; `&p` needs a `void*`
    target = argument.child_by_field_name("argument") if argument.type == "pointer_expression" else None
    if target is not None and node_text(argument).startswith("&"):
        argument, depth = unparenthesized(target), 1
    if argument.type != "identifier":
        return False
    declared = lookup(argument)
    return declared is not None and declared.void_pointer_depth() == depth


def _pointer_argument(ctx: LintContext, call: Node, name: str, template_from: Version | None) -> None:
    """`hipMallocPitch(&floatPtr, ...)`: HIP declares `void**` only (before `template_from`)."""
    args = call_args(call)
    if not args or (template_from is not None and ctx.settings.target_rocm >= template_from):
        return
    first = args[0]
    if _is_void_pointer_pointer(first) or node_text(first) in _NULL or ctx.source.path.endswith(".c"):
        return
    text = node_text(first)
    fix = ctx.fix(
        "HP705",
        "Cast the pointer's address to `void**`",
        [Edit(first.start_byte, first.end_byte, f"reinterpret_cast<void**>({text})".encode())],
    )
    since = f" before ROCm {template_from[0]}.{template_from[1]}" if template_from else ""
    ctx.report(
        "HP705",
        first,
        f"`{name}` takes `void**`{since}; CUDA's `T**` template overload of it has no "
        f"HIP counterpart, so `{text}` needs `reinterpret_cast<void**>(...)` (what CUDA's template does)",
        fix,
    )


def _graph_instantiate(ctx: LintContext, call: Node) -> None:
    args = call_args(call)
    if len(args) != 3:
        return
    if ctx.settings.target_rocm >= INSTANTIATE_WITH_FLAGS:
        _renamed(
            ctx,
            call,
            "hipGraphInstantiateWithFlags",
            "Call `hipGraphInstantiateWithFlags`",
            "`hipGraphInstantiate(&exec, graph, flags)` is CUDA 12's signature; HIP's `hipGraphInstantiate` "
            "takes (exec, graph, errorNode, logBuffer, bufferSize): call `hipGraphInstantiateWithFlags`",
        )
        return
    flags = args[2]
    if ctx.int_value(flags) == 0:
        fix = ctx.fix(
            "HP705",
            "Call HIP's five-argument `hipGraphInstantiate`",
            [Edit(flags.start_byte, flags.end_byte, b"nullptr, nullptr, 0")],
        )
        ctx.report(
            "HP705",
            flags,
            "`hipGraphInstantiate(&exec, graph, 0)` is CUDA 12's signature; HIP's takes "
            "(exec, graph, errorNode, logBuffer, bufferSize)",
            fix,
        )
        return
    ctx.report(
        "HP705",
        call,
        "`hipGraphInstantiate(&exec, graph, flags)` is CUDA 12's signature and "
        "`hipGraphInstantiateWithFlags` needs ROCm 5.0: target ROCm 5.0 or later, or drop the flags and "
        "call `hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0)`",
    )


def _host_alloc(ctx: LintContext, call: Node) -> None:
    if ctx.settings.target_rocm >= HOST_ALLOC_FIXED:
        return
    callee = callee_node(call)
    assert callee is not None
    edits = [Edit(callee.start_byte, callee.end_byte, b"hipHostMalloc")]
    args = call_args(call)
    if len(args) >= 3:  # HIP 6.3's hipHostAlloc* flag names are hipHostMalloc* before it
        data = ctx.data
        for flag, replacement in _HOST_ALLOC_FLAGS.items():
            start = data.find(flag, args[2].start_byte, args[2].end_byte)
            while start != -1:
                end = start + len(flag)
                if not (_word(data[end : end + 1]) or _word(data[start - 1 : start])):
                    edits.append(Edit(start, end, replacement))
                start = data.find(flag, end, args[2].end_byte)
    fix = ctx.fix("HP705", "Call `hipHostMalloc` (same arguments, same flags)", edits)
    ctx.report(
        "HP705",
        callee,
        "`hipHostAlloc` before ROCm 6.3 is deprecated, declares `void**` only (CUDA's "
        "`T**` overload does not compile) and passes its flags to the device allocator, so it does not "
        "return pinned host memory: call `hipHostMalloc`, which takes the same flags",
        fix,
    )


def _host_malloc_flags(ctx: LintContext, call: Node) -> None:
    """`cudaMallocHost(&p, size)` renamed: HIP's C declaration of `hipHostMalloc` takes flags
    (only its C++ template defaults them), so a C file needs them written; convert writes them in
    every file, as HIPIFY does, so that a port reads the same whichever tool made it."""
    last = call_args(call)[-1]
    fix = ctx.fix(
        "HP705", "Pass `hipHostMallocDefault`", [Edit(last.end_byte, last.end_byte, b", hipHostMallocDefault")]
    )
    ctx.report(
        "HP705",
        call,
        "`hipHostMalloc` takes its flags as a third argument (CUDA's `cudaMallocHost` has none; only HIP's "
        "C++ template defaults them): pass `hipHostMallocDefault`",
        fix,
    )


@detector("call_expression", emits=("HP705",), names=("hip",))  # every call it knows is HIP's: hip*
def cuda_only_overload(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier":
        return
    name = node_text(callee)
    if name == "hipMemPrefetchAsync" and len(call_args(node)) == 4:
        _mem_prefetch(ctx, node)
        return
    if name in _defaulted_calls():
        _defaults(ctx, node, name)
        return
    if name == "hipHostMalloc" and len(call_args(node)) == 2:
        if ctx.settings.converted or ctx.source.path.endswith(".c"):
            _host_malloc_flags(ctx, node)
        return
    if name not in _CALLS:
        return
    if name == "hipEventCreate":
        if len(call_args(node)) == 2:
            _renamed(
                ctx,
                node,
                "hipEventCreateWithFlags",
                "Call `hipEventCreateWithFlags`",
                "`hipEventCreate(&event, flags)` is a C++ overload only CUDA has; HIP's `hipEventCreate` "
                "takes the event only: call `hipEventCreateWithFlags`",
            )
    elif name == "hipGraphInstantiate":
        _graph_instantiate(ctx, node)
    elif name == "hipHostAlloc":
        _host_alloc(ctx, node)
    elif name == "hipMallocPitch":
        _pointer_argument(ctx, node, name, PITCH_TEMPLATE)
    elif name == "hipHostGetDevicePointer":
        _pointer_argument(ctx, node, name, None)
    elif name == "hipUserObjectCreate" and len(call_args(node)) == 4:
        _user_object(ctx, node)
    elif name == "hipMemAdvise" and len(call_args(node)) == 4:
        _mem_advise(ctx, node)


def _defaults(ctx: LintContext, call: Node, name: str) -> None:
    """A call written with fewer arguments than HIP declares, relying on CUDA's default values."""
    args = call_args(call)
    row = default_arguments().get((name, len(args)))
    if row is None or not args:
        return
    missing, declared = row
    values = missing.lstrip(", ")
    fix = ctx.fix(
        "HP705", f"Pass CUDA's default ({values})", [Edit(args[-1].end_byte, args[-1].end_byte, missing.encode())]
    )
    ctx.report(
        "HP705",
        call,
        f"`{name}` with {len(args)} arguments relies on a default CUDA declares and HIP "
        f"does not ({declared.removeprefix('CUDA: ')}): pass `{values}`",
        fix,
    )


def _user_object(ctx: LintContext, call: Node) -> None:
    """CUDA's `cudaUserObjectCreate(&object, T* ptr, refcount, flags)` deletes `ptr` as a `T*`; no
    safe fix: the callback needs `T`, which a declaration elsewhere may give differently."""
    pointer = unparenthesized(call_args(call)[1])
    declared = lookup(pointer) if pointer.type == "identifier" else None
    kind = declared.type_name if declared is not None and declared.object_pointer(declared.type_name) else "T"
    ctx.report(
        "HP705",
        call,
        "`hipUserObjectCreate(&object, ptr, refcount, flags)` is CUDA's C++ template "
        "that deletes `ptr` when the object dies; HIP's takes a destroy callback: write "
        f"`hipUserObjectCreate(&object, ptr, [](void* p) {{ delete static_cast<{kind}*>(p); }}, refcount, "
        "flags)`" + (" with `T` the object's type" if kind == "T" else ""),
    )


def _location_device(location: Node) -> str | None:
    """`(loc.type == hipMemLocationTypeDevice ? loc.id : hipCpuDeviceId)` for a variable declared
    as a memory location (CUDA 13's form); None for anything else (a device number)."""
    declared = lookup(location) if location.type == "identifier" else None
    if declared is None or declared.type_name != "hipMemLocation" or declared.pointers or declared.array:
        return None
    name = node_text(location)
    return f"({name}.type == hipMemLocationTypeDevice ? {name}.id : hipCpuDeviceId)"


def _mem_prefetch(ctx: LintContext, call: Node) -> None:
    """CUDA 13's `cudaMemPrefetchAsync(p, n, location, flags)` (stream 0 by default) has the count
    of CUDA 12's `(p, n, device, stream)`: a location variable tells them apart. HIP's call takes
    the device, in every release checked (5.2, 5.7, 6.4, 7.2); CUDA 13 requires flags to be 0.
    The five-argument form is call_arguments.tsv's."""
    args = call_args(call)
    location = unparenthesized(args[2])
    device = _location_device(location)
    if device is None:
        return
    message = "`hipMemPrefetchAsync` takes a device number and a stream, not CUDA 13's location and flags"
    if node_text(args[3]) != "0":
        ctx.report("HP705", location, f"{message}: with flags other than 0 there is no HIP counterpart")
        return
    edits = [
        Edit(location.start_byte, location.end_byte, device.encode()),
        Edit(args[2].end_byte, args[3].end_byte, b""),
    ]
    fix = ctx.fix("HP705", "Pass the location's device, and no flags", edits)
    ctx.report(
        "HP705",
        location,
        f"{message}: pass `{device}` (a host location is hipCpuDeviceId) and drop "
        "the flags (0), which leaves the default stream",
        fix,
    )


def _mem_advise(ctx: LintContext, call: Node) -> None:
    """CUDA 13's `cudaMemAdvise(p, n, advice, location)` takes a `cudaMemLocation`; HIP's
    `hipMemAdvise` a device number (hipCpuDeviceId for the host), in every release checked (5.2,
    5.7, 6.4, 7.2). A location variable becomes its device: `id` for a device, the CPU otherwise."""
    location = unparenthesized(call_args(call)[3])
    device = _location_device(location)
    if device is None:
        return
    fix = ctx.fix(
        "HP705", "Pass the location's device", [Edit(location.start_byte, location.end_byte, device.encode())]
    )
    ctx.report(
        "HP705",
        location,
        f"`hipMemAdvise` takes a device number, not CUDA 13's `cudaMemLocation`: pass "
        f"`{device}` (a host location is hipCpuDeviceId)",
        fix,
    )
