"""What may run while a stream is captured into a graph, for the graph rules (HP321, HP324).

Two questions about a called name: which ROCm library it belongs to and how graph-safe ROCm
says that library is (ROCm's graph-safe support table: most math and communication libraries
are safe, hipBLASLt, the solvers, rocSPARSE and RPP only partly, MIOpen, rocThrust, rocWMMA,
Composable Kernel, hipTensor and rocALUTION not at all); and what a CUDA/HIP runtime call does
to a capture: host synchronisation, a blocking copy or set, an allocation, an event or a poll,
graph calls of its own, host I/O. Names are matched in both spellings, CUDA's (`cudnn*`,
`cublas*`) and HIP's (`miopen*`, `hipblas*`), because the rules run before and after convert.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SAFE, PARTIAL, UNSAFE = "safe", "partial", "unsafe"

# (prefix, library on ROCm, safety); the first matching prefix wins, so longer prefixes first.
_LIBRARIES: tuple[tuple[str, str, str], ...] = (
    ("miopen", "MIOpen", UNSAFE),
    ("cudnn", "MIOpen", UNSAFE),
    ("thrust::", "rocThrust", UNSAFE),
    ("ck::", "Composable Kernel", UNSAFE),
    ("hiptensor", "hipTensor", UNSAFE),
    ("cutensor", "hipTensor", UNSAFE),
    ("rocalution::", "rocALUTION", UNSAFE),
    ("hipblaslt", "hipBLASLt", PARTIAL),
    ("cublaslt", "hipBLASLt", PARTIAL),
    ("hipsparselt", "hipSPARSELt", PARTIAL),
    ("cusparselt", "hipSPARSELt", PARTIAL),
    ("hipsolver", "hipSOLVER", PARTIAL),
    ("cusolver", "hipSOLVER", PARTIAL),
    ("rocsolver_", "rocSOLVER", PARTIAL),
    ("rocsparse_", "rocSPARSE", PARTIAL),
    ("hipblas", "hipBLAS", SAFE),
    ("cublas", "hipBLAS", SAFE),
    ("rocblas_", "rocBLAS", SAFE),
    ("hipfft", "hipFFT", SAFE),
    ("cufft", "hipFFT", SAFE),
    ("rocfft_", "rocFFT", SAFE),
    ("hiprand", "hipRAND", SAFE),
    ("curand", "hipRAND", SAFE),
    ("rocrand_", "rocRAND", SAFE),
    ("hipsparse", "hipSPARSE", SAFE),
    ("cusparse", "hipSPARSE", SAFE),
    ("hipcub::", "hipCUB", SAFE),
    ("cub::", "hipCUB", SAFE),
    ("rocprim::", "rocPRIM", SAFE),
    ("rccl", "RCCL", SAFE),
    ("nccl", "RCCL", SAFE),
)


_PREFIXES = re.compile("|".join(f"(?P<p{i}>{re.escape(p)})" for i, (p, _, _) in enumerate(_LIBRARIES)), re.IGNORECASE)


def library_of(name: str) -> tuple[str, str] | None:
    """(ROCm library, safety) of a called name, or None when it belongs to no library listed."""
    found = _PREFIXES.match(name.removeprefix("::"))
    if found is None or found.lastgroup is None:
        return None
    _, library, safety = _LIBRARIES[int(found.lastgroup[1:])]
    return library, safety


def graph_unsafe_library(name: str) -> str | None:
    """The library of a call ROCm says must not run during stream capture, or None."""
    found = library_of(name)
    return found[0] if found is not None and found[1] == UNSAFE else None


# -- runtime calls and what they do to a capture --------------------------------------------------

SYNC, COPY, ALLOC, EVENT, GRAPH, IO, LIBRARY, RUNTIME, ASYNC_COPY, LAST_ERROR = (
    "sync",
    "copy",
    "alloc",
    "event",
    "graph",
    "io",
    "library",
    "runtime",
    "async-copy",
    "last-error",
)

_RUNTIME = re.compile(r"^(?:cuda|hip|cu)(?P<rest>[A-Z]\w*)$")
_SYNC = re.compile(r"^(?:Device|Thread|Stream|Event|Ctx)Synchronize$")
_POLL = re.compile(r"^(?:Stream|Event)Query$")
_EVENT = re.compile(r"^(?:EventRecord\w*|EventElapsedTime|StreamWaitEvent|StreamAddCallback|LaunchHostFunc)$")
_ALLOC = re.compile(
    r"^(?:Malloc\w*|Free\w*|HostAlloc|HostMalloc|HostFree|HostRegister|HostUnregister|"
    r"MemAlloc\w*|MemFree\w*|MemPool\w*|MemCreate|MemRelease|MemMap|MemUnmap|"
    r"(?:Mipmapped)?Array\w*(?:Create|Destroy)|EventCreate\w*|EventDestroy|"
    r"StreamCreate\w*|StreamDestroy)$"
)
_EVENT_WHAT = {
    "EventElapsedTime": "reads event timings",
    "StreamWaitEvent": "waits for an event",
    "StreamAddCallback": "runs a host callback",
    "LaunchHostFunc": "runs a host function",
}
_COPY = re.compile(r"^(?:Memcpy|Memset|MemsetD)\w*$")
_GRAPH = re.compile(
    r"^(?:Graph\w*|StreamBeginCapture\w*|StreamEndCapture|StreamIsCapturing|"
    r"StreamGetCaptureInfo\w*|ThreadExchangeStreamCaptureMode)$"
)
_LAST_ERROR = re.compile(r"^(?:GetLastError|PeekAtLastError)$")
_IO = frozenset(
    {
        "printf",
        "fprintf",
        "puts",
        "putchar",
        "fputs",
        "fputc",
        "fwrite",
        "fread",
        "fflush",
        "fopen",
        "fclose",
        "scanf",
        "fscanf",
        "getchar",
        "std::printf",
        "std::fprintf",
        "std::puts",
        "std::fflush",
        "std::fwrite",
        "std::fread",
        "perror",
        "std::getline",
    }
)
_IO_STREAMS = frozenset({"std::cout", "std::cerr", "std::clog", "std::cin", "cout", "cerr", "clog", "cin"})


@dataclass(frozen=True)
class CallKind:
    kind: str  # one of the constants above
    what: str  # a short phrase for a message: "synchronises with the host"


def call_kind(name: str) -> CallKind | None:
    """What a call by this name does to a capture; None for names that are not runtime, library
    or I/O calls (the project's own functions, math)."""
    plain = name.removeprefix("::")
    if plain in _IO:
        return CallKind(IO, "does host I/O")
    found = library_of(plain)
    if found is not None:
        library, safety = found
        if safety == UNSAFE:
            return CallKind(LIBRARY, f"calls {library}, which is not graph-safe on ROCm")
        if safety == PARTIAL:
            return CallKind(LIBRARY, f"calls {library}, which is only partly graph-safe on ROCm")
        return CallKind(
            LIBRARY,
            f"calls {library} (graph-safe on ROCm only when it runs on the captured "
            "stream, which the rule cannot prove)",
        )
    runtime = _RUNTIME.match(plain)
    if runtime is None:
        return None
    rest = runtime.group("rest")
    if _LAST_ERROR.match(rest):
        return CallKind(LAST_ERROR, "reads the last error")
    if _SYNC.match(rest):
        return CallKind(SYNC, "synchronises with the host")
    if _POLL.match(rest):
        return CallKind(SYNC, "polls the device from the host")
    if _GRAPH.match(rest):
        return CallKind(GRAPH, "builds or launches a graph already")
    if _ALLOC.match(rest):
        return CallKind(ALLOC, "allocates or frees memory or runtime objects")
    if _EVENT.match(rest):
        return CallKind(EVENT, _EVENT_WHAT.get(rest, "records an event"))
    if _COPY.match(rest):
        if rest.endswith("Async"):
            return CallKind(ASYNC_COPY, "copies or sets memory asynchronously")
        return CallKind(
            COPY, "sets memory with a blocking call" if rest.startswith("Memset") else "makes a blocking copy"
        )
    return CallKind(RUNTIME, "makes a runtime call the rule does not prove capturable")


def is_io_stream(text: str) -> bool:
    """`std::cout << x` and friends (an I/O stream written or read with << or >>)."""
    return text.replace(" ", "") in _IO_STREAMS
