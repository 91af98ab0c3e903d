"""CUDA -> HIP/ROC mapping data from rules/mappings/*.tsv.

Loading is cheap (one split per line, versions parsed only when a name is looked up)
because it runs on every pre-commit invocation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hipify_plus.data import data_dir
from hipify_plus.versions import Version, parse_version

# Identifiers that look like CUDA API names: reported when no table knows them and the
# project does not define them itself.
CUDA_LOOKING = re.compile(
    r"^(?:cuda[A-Z0-9]|cu[A-Z][a-z]|CU_|CUDA_|CUDART_|cublas[A-Z]|CUBLAS|cudnn[A-Z]|CUDNN_|curand"
    r"|CURAND_|cufft[A-Z]|CUFFT_|cusparse[A-Z]|CUSPARSE_|cusolver[A-Z]|CUSOLVER|nvrtc[A-Z]|NVRTC_"
    r"|nvtx[A-Z]|NVTX_)"
)


# Files in rules/mappings that are not CUDA-identifier tables (or are loaded last, on top).
_NOT_IDENTIFIER_TABLES = frozenset({"headers.tsv", "extra.tsv", "nvcc_flags.tsv", "header_guards.tsv",
                                    "call_arguments.tsv"})


# Display names of the CUDA libraries the mapping tables cover.
LIBRARY_NAMES = {
    "runtime": "CUDA runtime", "driver": "CUDA driver", "device": "CUDA device",
    "cublas": "cuBLAS", "cublaslt": "cuBLASLt", "curand": "cuRAND", "cufft": "cuFFT",
    "cusparse": "cuSPARSE", "cusolver": "cuSOLVER", "cudnn": "cuDNN", "cub": "CUB",
    "rtc": "NVRTC", "cucomplex": "cuComplex", "nvtx": "NVTX", "nccl": "NCCL",
}


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

    def target(self, roc: bool) -> tuple[str, Version | None, Version | None, Version | None]:
        """(name, added, deprecated, removed) of the chosen side, or ('', ...) if none."""
        if self.policy == "roc" or (roc and self.roc):
            return self.roc, self.roc_added, self.roc_deprecated, self.roc_removed
        return self.hip, self.hip_added, self.hip_deprecated, self.hip_removed


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
    def __init__(self, root: Path) -> None:
        self._rows: dict[str, tuple[dict[str, int], str, str]] = {}
        self._headers: dict[str, HeaderMapping] = {}
        self._parsed: dict[str, Mapping | None] = {}  # rows are split on first lookup
        # identifier bytes -> the name if the translator cares about it, else None (filled by
        # the engine: most identifiers repeat across a code base)
        self.relevance_memo: dict[bytes, str | None] = {}
        files = sorted(p for p in root.glob("*.tsv") if p.name not in _NOT_IDENTIFIER_TABLES)
        for path in [*files, root / "extra.tsv"]:
            self._load(path)
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
                cuda=cells[0], library=get("library"), status=get("status"), hip=get("hip"),
                hip_added=_version(get("hip_added")), roc=get("roc"), fallback=get("fallback"),
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
            self._parsed[name] = None
            return None
        columns, policy, line = row
        get = _getter(columns, line.split("\t"))
        mapping = self._parsed[name] = Mapping(
            cuda=name, library=get("library"), kind=get("kind"), status=get("status"),
            hip=get("hip"), roc=get("roc"), policy=policy,
            hip_added=_version(get("hip_added")), hip_deprecated=_version(get("hip_deprecated")),
            hip_removed=_version(get("hip_removed")),
            hip_experimental=_version(get("hip_experimental")),
            roc_added=_version(get("roc_added")), roc_deprecated=_version(get("roc_deprecated")),
            roc_removed=_version(get("roc_removed")), cuda_removed=get("cuda_removed"),
            fallback=get("fallback"), note=get("note"),
        )
        return mapping

    def headers(self) -> list[HeaderMapping]:
        return list(self._headers.values())

    def header(self, name: str) -> HeaderMapping | None:
        found = self._headers.get(name)
        if found is None and name.startswith("cub/"):
            return self._headers.get("cub/cub.cuh")
        return found


def _getter(columns: dict[str, int], cells: list[str]):
    def get(column: str) -> str:
        index = columns.get(column)
        return cells[index] if index is not None and index < len(cells) else ""

    return get


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
