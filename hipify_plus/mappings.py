"""CUDA -> HIP/ROC mapping data from rules/mappings/*.tsv.

Loading is cheap (one split per line, versions parsed only when a name is looked up)
because it runs on every pre-commit invocation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from hipify_plus.data import data_dir
from hipify_plus.versions import Version, parse_version

# Identifiers that look like CUDA API names: reported when no table knows them and the
# project does not define them itself.
CUDA_LOOKING = re.compile(
    r"^(?:cuda[A-Z0-9]|cu[A-Z][a-z]|CU_|CUDA_|CUDART_|cublas[A-Z]|CUBLAS|cudnn[A-Z]|CUDNN_|curand"
    r"|CURAND_|cufft[A-Z]|CUFFT_|cusparse[A-Z]|CUSPARSE_|cusolver[A-Z]|CUSOLVER|nvrtc[A-Z]|NVRTC_"
    r"|nvtx[A-Z]|NVTX_|cutensor[A-Z]|CUTENSOR|cusparseLt|CUSPARSELT_|cuFile|CUfile|CUFILE_"
    # libraries no mapping table covers (rules/mappings/unported_libraries.tsv names their counterpart)
    r"|nvml[A-Z]|NVML_|nvjpeg[A-Z]|NVJPEG_|npp[isc]?[A-Z]|Npp[is]?[A-Z0-9]|NPP_|nvinfer1$|nvonnxparser$"
    r"|NV_TENSORRT_|cudla[A-Z]|CUDLA_|NvSci[A-Z]|nvshmemx?_|NVSHMEM_)"
)


# Files in rules/mappings that are not CUDA-identifier tables (or are loaded last, on top).
_NOT_IDENTIFIER_TABLES = frozenset(
    {
        "headers.tsv",
        "extra.tsv",
        "nvcc_flags.tsv",
        "header_guards.tsv",
        "call_arguments.tsv",
        "verified_versions.tsv",
        "unported_libraries.tsv",
        "library_releases.tsv",
    }
)


# Display names of the CUDA libraries the mapping tables cover.
LIBRARY_NAMES = {
    "runtime": "CUDA runtime",
    "driver": "CUDA driver",
    "device": "CUDA device",
    "cublas": "cuBLAS",
    "cublaslt": "cuBLASLt",
    "curand": "cuRAND",
    "cufft": "cuFFT",
    "cusparse": "cuSPARSE",
    "cusolver": "cuSOLVER",
    "cudnn": "cuDNN",
    "cub": "CUB",
    "rtc": "NVRTC",
    "cucomplex": "cuComplex",
    "nvtx": "NVTX",
    "nccl": "NCCL",
    "cutensor": "cuTENSOR",
    "cusparselt": "cuSPARSELt",
    "cufile": "cuFile",
    # libraries no HIPIFY table covers (rules/mappings/unported_libraries.tsv)
    "nvml": "NVML",
    "tensorrt": "TensorRT",
    "nvjpeg": "nvJPEG",
    "npp": "NPP",
    "cudla": "cuDLA",
    "nvsci": "NvSci",
    "nvshmem": "NVSHMEM",
}

# The HIP-side library each CUDA library's names translate to (for messages and `explain`).
HIP_LIBRARY_NAMES = {
    "runtime": "HIP runtime",
    "driver": "HIP runtime",
    "device": "HIP device library",
    "cublas": "hipBLAS",
    "cublaslt": "hipBLASLt",
    "curand": "hipRAND",
    "cufft": "hipFFT",
    "cusparse": "hipSPARSE",
    "cusolver": "hipSOLVER",
    "cudnn": "MIOpen",
    "cub": "hipCUB",
    "rtc": "hipRTC",
    "cucomplex": "HIP complex",
    "nvtx": "roctx",
    "nccl": "RCCL",
    "cutensor": "hipTensor",
    "cusparselt": "hipSPARSELt",
    "cufile": "hipFile",
}
ROC_LIBRARY_NAMES = {
    "cublas": "rocBLAS",
    "curand": "rocRAND",
    "cusparse": "rocSPARSE",
    "cusolver": "rocSOLVER",
    "cudnn": "MIOpen",
}


# translate/engine.py's `_plain_rename` of one name: (target, library, needs the runtime header),
# or () where the name takes the renamer's whole way
RenamePlan = tuple[str, str, bool] | tuple[()]


@dataclass(frozen=True, slots=True)
class Mapping:
    cuda: str
    library: str
    kind: str
    status: str  # supported | unsupported | deprecated | removed | experimental | lint (a rewrite reports it)
    hip: str
    roc: str
    policy: str  # "hip": HIP name by default, ROC with --roc; "roc": ROC library only
    hip_added: Version | None = None
    hip_deprecated: Version | None = None
    hip_removed: Version | None = None
    hip_experimental: Version | None = None
    roc_added: Version | None = None
    roc_deprecated: Version | None = None
    roc_removed: Version | None = None
    cuda_removed: str = ""
    fallback: str = ""
    note: str = ""
    cuda_added: str = ""  # CUDA-side versions stay text (cuDNN, cuTENSOR ... number their own)
    cuda_deprecated: str = ""
    cuda_changed: str = ""
    hip_changed: Version | None = None  # the release that changed the HIP name's form (hipBLAS 7.0)
    hip_unsupported_cuda: str = ""  # CUDA releases whose form of the API the HIP one does not follow
    fallback_added: Version | None = None  # the release that added the fallback spelling
    verified: str = ""  # where rules/mappings/verified_versions.tsv read the target's release
    unported: str = ""  # for a library no table covers: its ROCm counterpart ("none" if there is none)

    def target(self, roc: bool) -> tuple[str, Version | None, Version | None, Version | None]:
        """(name, added, deprecated, removed) of the chosen side, or ('', ...) if none. Where the
        HIP name took CUDA's form later than it appeared (hipBLAS's plain names took the hipComplex
        form in 7.0) and the data has the older spelling of that form (`fallback`), `added` is the
        release of the change: an older target gets the fallback."""
        if self.policy == "roc" or (roc and self.roc):
            return self.roc, self.roc_added, self.roc_deprecated, self.roc_removed
        added = self.hip_added
        if self.fallback and self.hip_changed is not None and (added is None or self.hip_changed > added):
            added = self.hip_changed
        return self.hip, added, self.hip_deprecated, self.hip_removed


@dataclass(frozen=True, slots=True)
class HeaderMapping:
    cuda: str
    library: str
    status: str  # supported | dropped | unsupported | lint (a rewrite replaces or reports it)
    hip: str
    hip_added: Version | None
    roc: str
    fallback: str
    note: str

    def target_at(self, version: Version, roc: bool) -> str | None:
        """The header convert writes for this CUDA header at a ROCm release (the older spelling
        where the usual one is newer than the target), or None if it writes none."""
        if self.status != "supported":
            return None
        target = self.roc if roc and self.roc else self.hip
        if self.hip_added is not None and self.hip_added > version and target == self.hip and self.fallback:
            return self.fallback
        return target


def _version(text: str) -> Version | None:
    return parse_version(text) if text else None


class MappingTable:
    def __init__(self, root: Path, verified: bool = True) -> None:
        """verified=False: the tables' own releases, without verified_versions.tsv's corrections
        (tools/check_mappings_against_headers.py measures those)."""
        self._rows: dict[str, tuple[dict[str, int], str, str]] = {}
        self._headers: dict[str, HeaderMapping] = {}
        self._parsed: dict[str, Mapping | None] = {}  # rows are split on first lookup
        self._by_hip: dict[str, str] | None = None  # HIP name -> the first CUDA name mapped to it
        # identifier bytes -> the name if the translator cares about it, else None (filled by
        # the engine: most identifiers repeat across a code base)
        self.relevance_memo: dict[bytes, str | None] = {}
        self.inert_memo: dict[tuple[str, Version], bool] = {}  # translate/engine.py's _inert, per name and target
        # translate/engine.py's _plain_rename, per target (roc, release, library releases) and name
        self.plan_memo: dict[tuple[object, ...], dict[str, RenamePlan]] = {}
        files = sorted(p for p in root.glob("*.tsv") if p.name not in _NOT_IDENTIFIER_TABLES)
        for path in files:
            self._load(path)
        self._load(root / "extra.tsv")
        # hand-written rows: their authors read the headers; the measured corrections are for
        # the generated data
        self._hand_written = self._extra_names(root / "extra.tsv")
        self._verified = _load_verified(root / "verified_versions.tsv") if verified else {}
        self._unported = _load_unported(root / "unported_libraries.tsv")
        self._load_headers(root / "headers.tsv")
        self._load_guard_macros(root / "header_guards.tsv")
        self.newest_rocm: Version = newest_rocm()

    def _load(self, path: Path) -> None:
        policy = "hip"
        columns: dict[str, int] | None = None
        rows = self._rows
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                if line.startswith("#policy\t"):
                    policy = line.split("\t", 1)[1].strip()
                continue
            if columns is None:
                columns = {name: i for i, name in enumerate(line.split("\t"))}
                if "cuda" not in columns or "library" not in columns:
                    return  # another kind of table (call_arguments.tsv, device_prop_fields.tsv)
                continue
            rows[line[: line.find("\t")]] = (columns, policy, line)  # split on first lookup

    @staticmethod
    def _extra_names(path: Path) -> frozenset[str]:
        lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
        return frozenset(line[: line.find("\t")] for line in lines if "\t" in line and not line.startswith("#"))

    def _load_headers(self, path: Path) -> None:
        columns: dict[str, int] | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            cells = line.split("\t")
            if columns is None:
                columns = {name: i for i, name in enumerate(cells)}
                continue
            get = _getter(columns, cells)
            self._headers[cells[0]] = HeaderMapping(
                cuda=cells[0],
                library=get("library"),
                status=get("status"),
                hip=get("hip"),
                hip_added=_version(get("hip_added")),
                roc=get("roc"),
                fallback=get("fallback"),
                note=get("note"),
            )

    def _load_guard_macros(self, path: Path) -> None:
        """CUDA header guards code tests (`#ifdef __CUDA_RUNTIME_H__`): convert's HP701 rewrites
        them, so the translator leaves them alone (status lint) instead of calling them unknown."""
        columns = {"cuda": 0, "library": 1, "kind": 2, "status": 3, "note": 4}
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = line.split("\t")
            if len(cells) > 2 and cells[0] == "cuda" and cells[1] not in self._rows:
                row = f"{cells[1]}\tguard\tmacro\tlint\tthe include guard of <{cells[2]}> (HP701)"
                self._rows[cells[1]] = (columns, "hip", row)

    def __contains__(self, name: str) -> bool:
        return name in self._rows

    def __len__(self) -> int:
        return len(self._rows)

    def names(self) -> list[str]:
        return list(self._rows)

    def get(self, name: str) -> Mapping | None:
        found = self._parsed.get(name)
        if found is not None or name in self._parsed:
            return found
        row = self._rows.get(name)
        if row is None:
            self._parsed[name] = found = self._unported_library(name)
            return found
        columns, policy, line = row
        get = _getter(columns, line.split("\t"))
        mapping = self._parsed[name] = Mapping(
            cuda=name,
            library=get("library"),
            kind=get("kind"),
            status=get("status"),
            hip=get("hip"),
            roc=get("roc"),
            policy=policy,
            hip_added=_version(get("hip_added")),
            hip_deprecated=_version(get("hip_deprecated")),
            hip_removed=_version(get("hip_removed")),
            hip_experimental=_version(get("hip_experimental")),
            roc_added=_version(get("roc_added")),
            roc_deprecated=_version(get("roc_deprecated")),
            roc_removed=_version(get("roc_removed")),
            cuda_removed=get("cuda_removed"),
            fallback=get("fallback"),
            note=get("note"),
            cuda_added=get("cuda_added"),
            cuda_deprecated=get("cuda_deprecated"),
            cuda_changed=get("cuda_changed"),
            hip_changed=_version(get("hip_changed")),
            hip_unsupported_cuda=get("hip_unsupported_cuda"),
            fallback_added=_version(get("fallback_added")),
        )
        if self._verified and name not in self._hand_written:
            mapping = self._parsed[name] = self._apply_verified(mapping)
        return mapping

    def by_hip_name(self, name: str) -> Mapping | None:
        """The mapping (the first in table order) whose HIP name is `name`; None if none is."""
        if self._by_hip is None:
            self._by_hip = {}
            for cuda_name, (columns, _, line) in self._rows.items():
                hip = _getter(columns, line.split("\t"))("hip")
                if hip:
                    self._by_hip.setdefault(hip, cuda_name)
        found = self._by_hip.get(name)
        return self.get(found) if found is not None else None

    def _apply_verified(self, mapping: Mapping) -> Mapping:
        """The releases rules/mappings/verified_versions.tsv measured in real headers replace the
        tables' (keyed by the HIP/ROC name: one measurement corrects every CUDA name mapped to it)."""
        changes: dict[str, object] = {}
        where: list[str] = []
        for side in ("hip", "roc"):
            target = getattr(mapping, side)
            found = self._verified.get(target) if target else None
            if found is None:
                continue
            where.append(f"{target}: {found.where}")
            if not found.declared:  # no measured header declares it
                changes[side] = ""
                changes["note"] = f"HIPIFY maps it to `{target}`, which no HIP/ROCm header declares ({found.where})"
                if not (mapping.hip if side == "roc" else mapping.roc) or mapping.policy == "roc" or side == "hip":
                    changes["status"] = "unsupported"
                continue
            if found.spelling:
                changes[side] = found.spelling
            if found.first_seen is not None:
                changes[f"{side}_added"] = found.first_seen
            if found.removed_by is not None:
                changes[f"{side}_removed"] = found.removed_by
        if mapping.fallback and mapping.fallback in self._verified:
            found = self._verified[mapping.fallback]
            where.append(f"{mapping.fallback}: {found.where}")
            if not found.declared:
                changes["fallback"] = ""
            elif found.first_seen is not None:
                changes["fallback_added"] = found.first_seen
        if not changes:
            return mapping
        return replace(mapping, **changes, verified="; ".join(where))  # type: ignore[arg-type]

    def verified(self, name: str) -> Verified | None:
        """What verified_versions.tsv measured for a HIP/ROC name."""
        return self._verified.get(name)

    def _unported_library(self, name: str) -> Mapping | None:
        """A name of a CUDA library no table covers (NVML, TensorRT, nvJPEG, NPP ...): an
        unsupported mapping whose note names the ROCm counterpart (rules/mappings/unported_libraries.tsv)."""
        for pattern, library, counterpart, note in self._unported:
            if pattern.fullmatch(name):
                kind = "macro" if name.isupper() else "type" if name.endswith("_t") or name[0].isupper() else "function"
                if name in ("nvinfer1", "nvonnxparser"):
                    kind = "namespace"
                if counterpart != "none":
                    note = f"the ROCm counterpart is {counterpart}: {note}"
                return Mapping(
                    cuda=name,
                    library=library,
                    kind=kind,
                    status="unsupported",
                    hip="",
                    roc="",
                    policy="hip",
                    note=note,
                    unported=counterpart,
                )
        return None

    def headers(self) -> list[HeaderMapping]:
        return list(self._headers.values())

    def header(self, name: str) -> HeaderMapping | None:
        found = self._headers.get(name)
        if found is None and name.startswith("cub/"):
            return self._headers.get("cub/cub.cuh")
        return found


def _getter(columns: dict[str, int], cells: list[str]) -> Callable[[str], str]:
    def get(column: str) -> str:
        index = columns.get(column)
        return cells[index] if index is not None and index < len(cells) else ""

    return get


@dataclass(frozen=True, slots=True)
class Verified:
    """One row of verified_versions.tsv: a HIP/ROC name as real headers declare it."""

    first_seen: Version | None  # None: the tables' release stands
    removed_by: Version | None
    declared: bool  # False: no measured header declares the name
    where: str
    spelling: str  # the name the headers declare instead, or ""


def _load_verified(path: Path) -> dict[str, Verified]:
    """HIP/ROC name -> what the headers say about it (rules/mappings/verified_versions.tsv)."""
    found: dict[str, Verified] = {}
    if not path.is_file():
        return found
    columns: dict[str, int] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if columns is None:
            columns = {name: i for i, name in enumerate(cells)}
            continue
        get = _getter(columns, cells)
        first = get("first_seen")
        found[cells[0]] = Verified(
            first_seen=None if first in ("", "none") else parse_version(first),
            removed_by=_version(get("removed_by")),
            declared=first != "none",
            where=get("where"),
            spelling=get("spelling"),
        )
    return found


def _load_unported(path: Path) -> list[tuple[re.Pattern[str], str, str, str]]:
    rows: list[tuple[re.Pattern[str], str, str, str]] = []
    if not path.is_file():
        return rows
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if line.startswith("#") or len(cells) < 4 or cells[0] == "pattern":
            continue
        rows.append((re.compile(cells[0]), cells[1], cells[2], cells[3]))
    return rows


@cache
def newest_rocm() -> Version:
    """The newest ROCm release the mapping data names (without loading the tables)."""
    meta = dict(
        line.split("=", 1)
        for line in (data_dir("rules") / "mappings" / "meta.txt").read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    )
    return parse_version(meta["newest_rocm"].strip())


@cache
def load_mappings() -> MappingTable:
    return MappingTable(data_dir("rules") / "mappings")


@cache
def hip_added(cuda_name: str) -> Version | None:
    """The ROCm release that added the HIP counterpart of `cuda_name` (None: unknown or unmapped)."""
    mapping = load_mappings().get(cuda_name)
    return mapping.hip_added if mapping is not None else None
