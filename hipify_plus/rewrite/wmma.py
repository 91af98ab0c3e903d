"""CUDA WMMA (`nvcuda::wmma`) ports to rocWMMA: which fragments each AMD target runs with matrix
instructions, and the text the rewrite writes.

Facts this module relies on (rocWMMA rocm-5.7.1, 6.0.0 and 6.2.2 headers, compiled with hipcc
5.7 for each target and the matrix instructions counted in the device assembly):

- the API keeps CUDA's names (`fragment`, `matrix_a`, `row_major`, `fill_fragment`,
  `load_matrix_sync`, `store_matrix_sync`, `mma_sync`, `mem_row_major`, `x[]`, `num_elements`),
  so `#include <rocwmma/rocwmma.hpp>` and `namespace wmma = rocwmma;` port the calls as written;
- rocWMMA does not refuse a fragment the target cannot run: before 6.2 an unsupported shape or an
  unknown target compiles to a kernel with no matrix instruction at all (a silent no-op), and an
  unsupported type on gfx9 is only a deprecation warning. So the tool checks every fragment
  against rules/mappings/rocwmma_shapes.tsv per target and release, and rewrites nothing it
  cannot prove;
- bf16 fragments must be `hip_bfloat16` (rocWMMA's `bfloat16_t`): `__hip_bfloat16` has no
  rocWMMA traits, so pointers of that type are cast at the load and store calls;
- tf32 has rocWMMA's `xfloat32_t` only on gfx940/941/942 (rocWMMA >= 6.0); elsewhere the port
  is fp32 fragments, which are more precise and slower than TF32 (reported);
- one fragment belongs to one wavefront: 64 lanes on CDNA, 32 on RDNA.

Only AMD-side facts live here; the detectors in hipify_plus/lint/detectors/portability/ find
the fragments, kernels and launches and turn the plan into findings and edits.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache

from hipify_plus import templates
from hipify_plus.data import data_dir
from hipify_plus.versions import Version, parse_version

SHAPES_TABLE = "rocwmma_shapes.tsv"
TF32_MARKER = "hipify-plus: tf32 as fp32"
XF32_FROM: Version = (6, 0, 0)  # rocWMMA's xfloat32_t
WAVE64_PREFIXES = ("gfx8", "gfx9")  # CDNA/GCN: 64-lane wavefronts; gfx10+ (RDNA): 32

# Element types as CUDA, HIP and rocWMMA spell them -> the table's keys.
ELEMENT_KEYS = {
    "half": "f16",
    "__half": "f16",
    "_Float16": "f16",
    "float16_t": "f16",
    "hfloat16_t": "f16",
    "__nv_bfloat16": "bf16",
    "__hip_bfloat16": "bf16",
    "hip_bfloat16": "bf16",
    "bfloat16_t": "bf16",
    "signed char": "i8",
    "int8_t": "i8",
    "unsigned char": "u8",
    "uint8_t": "u8",
    "float": "f32",
    "double": "f64",
    "int": "i32",
    "int32_t": "i32",
    "precision::tf32": "tf32",
    "xfloat32_t": "xf32",
    "float8_t": "f8",
    "bfloat8_t": "bf8",
}
# The accumulator type CUDA pairs with an input type when the code shows no mma_sync.
DEFAULT_ACCUMULATOR = {
    "f16": "f32",
    "bf16": "f32",
    "i8": "i32",
    "u8": "i32",
    "tf32": "f32",
    "xf32": "f32",
    "f32": "f32",
    "f64": "f64",
}
KEY_NAMES = {
    "f16": "f16",
    "bf16": "bf16",
    "i8": "s8",
    "u8": "u8",
    "f32": "f32",
    "f64": "f64",
    "i32": "s32",
    "tf32": "tf32",
    "xf32": "xf32",
    "f8": "fp8",
    "bf8": "bf8",
}


def element_key(text: str) -> str | None:
    """`wmma::precision::tf32` -> tf32, `__nv_bfloat16` -> bf16, `rocwmma::float16_t` -> f16."""
    words = " ".join(text.replace("const ", "").split())
    if words.endswith("precision::tf32"):
        return "tf32"
    if "::" in words and "precision::" not in words:
        words = words.rsplit("::", 1)[1]
    return ELEMENT_KEYS.get(words)


@dataclass(frozen=True)
class Row:
    ti: str
    tc: str
    shape: tuple[int, int, int]
    arch: str
    result: str  # supported | none | static_assert | error
    rocwmma: Version  # the rocWMMA release this holds from (compared on major.minor)
    instruction: str


@cache
def shape_rows() -> tuple[Row, ...]:
    path = data_dir("rules") / "mappings" / SHAPES_TABLE
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    rows = []
    for record in csv.DictReader(lines, delimiter="\t"):
        rows.append(
            Row(
                record["ti"],
                record["tc"],
                (int(record["m"]), int(record["n"]), int(record["k"])),
                record["arch"],
                record["result"],
                parse_version(record["rocwmma"]),
                record["instruction"],
            )
        )
    return tuple(rows)


@dataclass(frozen=True)
class Support:
    arch: str
    result: str  # supported | none | static_assert | error | unknown
    instruction: str = ""
    release: str = ""  # the rocWMMA release the answer was verified with

    @property
    def ok(self) -> bool:
        return self.result == "supported"

    def describe(self) -> str:
        if self.result == "none":
            return f"{self.arch}: compiles to no matrix instruction (rocWMMA {self.release})"
        if self.result == "static_assert":
            return f"{self.arch}: rejected by a rocWMMA static_assert (rocWMMA {self.release})"
        if self.result == "error":
            return f"{self.arch}: does not compile with rocWMMA {self.release}"
        if self.result == "unknown":
            return f"{self.arch}: not verified for this rocWMMA release"
        return f"{self.arch}: {self.instruction}"


def _minor(version: Version) -> tuple[int, int]:
    return version[0], version[1]


def support(ti: str, tc: str, shape: tuple[int, int, int], arch: str, rocm: Version) -> Support:
    """What rocWMMA at the target release does with one (Ti, Tc, M, N, K) on one target."""
    rows = [
        r
        for r in shape_rows()
        if (r.ti, r.tc, r.shape, r.arch) == (ti, tc, shape, arch) and _minor(r.rocwmma) <= _minor(rocm)
    ]
    if not rows:
        return Support(arch, "unknown")
    row = max(rows, key=lambda r: r.rocwmma)
    release = ".".join(map(str, row.rocwmma))
    return Support(arch, row.result, row.instruction, release)


def describe_fragment(ti: str, tc: str, shape: tuple[int, int, int]) -> str:
    """`f16 -> f32 16x16x16`."""
    return f"{KEY_NAMES.get(ti, ti)} -> {KEY_NAMES.get(tc, tc)} {'x'.join(map(str, shape))}"


def wave64(arches: tuple[str, ...]) -> bool:
    """Some target runs 64-lane wavefronts."""
    return any(a.startswith(WAVE64_PREFIXES) for a in arches)


@dataclass(frozen=True)
class Tf32Port:
    key: str  # xf32 | f32
    supports: tuple[Support, ...]

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.supports)


def tf32_port(shape: tuple[int, int, int], tc: str, arches: tuple[str, ...], rocm: Version) -> Tf32Port:
    """xfloat32_t fragments where every target has XF32 (and rocWMMA has the type), else fp32."""
    if rocm >= XF32_FROM:
        xf32 = tuple(support("xf32", tc, shape, a, rocm) for a in arches)
        if all(s.ok for s in xf32):
            return Tf32Port("xf32", xf32)
    return Tf32Port("f32", tuple(support("f32", tc, shape, a, rocm) for a in arches))


# -- rendered text -------------------------------------------------------------------------


def header() -> str:
    return templates.render("wmma/header.j2").decode()


def namespace_alias(alias: str) -> bytes:
    """`namespace wmma = rocwmma;` (the statement that replaces `using namespace nvcuda;`)."""
    return templates.render("wmma/namespace_alias.j2", alias=alias)


def using_rocwmma() -> bytes:
    return templates.render("wmma/using_namespace.j2")


def element_type(key: str, as_written: str) -> bytes:
    """The rocWMMA element type for a fragment argument written `as_written`."""
    return templates.render("wmma/element_type.j2", key=key, written=as_written, marker=TF32_MARKER)


def pointer_cast(key: str, pointer: str, const: bool) -> bytes:
    """A load/store pointer cast to the element type the rewritten fragment holds."""
    return templates.render("wmma/pointer_cast.j2", key=key, pointer=pointer, const=const)


def device_guard(condition: str) -> bytes:
    """An `#if __CUDA_ARCH__ >= N` around WMMA code, also taken by AMD's device pass."""
    return templates.render("wmma/device_guard.j2", condition=condition)


def wavefront_threads(threads: str, properties: str) -> bytes:
    """A block of `threads` CUDA threads (whole 32-thread warps) as as many wavefronts."""
    return templates.render("wmma/wavefront_threads.j2", threads=threads, properties=properties)


def warp_size_divisor(properties: str) -> bytes:
    """The host's divisor for threads per fragment: the device's wavefront size."""
    return templates.render("wmma/host_warp_size.j2", properties=properties)
