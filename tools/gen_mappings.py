#!/usr/bin/env python3
"""Generate rules/mappings/*.tsv from HIPIFY's CUDA->HIP/ROC tables.

Usage: python tools/gen_mappings.py [TABLES_DIR] [OUT_DIR] [--older OLDER_TABLES_DIR]
Defaults: ../shared/hipify-tables-7 (beside the checkout), rules/mappings, and, for the older
spellings, ../shared/hipify-tables (HIPIFY 6.3's copies, which parse the same way and can also be
the TABLES_DIR). Where the older tables map a CUDA name to another HIP name that appeared earlier
than the newer table's (`cudaGetDriverEntryPoint`: hipGetProcAddress 6.2 -> hipGetDriverEntryPoint
7.1), that name is written as the `fallback` for older targets.

The tables are markdown: one row per CUDA identifier with version columns
(A added, D deprecated, C changed, R removed, E experimental) for CUDA, HIP and,
where the library has one, the ROC library. Tables newer than about 2025-10 have a `U`
column ("unsupported for CUDA versions": the CUDA releases whose form of the API the HIP
one does not follow) before `E`; columns are read by their header, so both layouts parse.
Where a library has a HIP-only, a ROC-only and a HIP+ROC table, each side is taken from
its own table when it has the row (those are often newer: SOURCES.md of the tables folder).
We keep the facts in our own compact tab-separated format, one file per CUDA library,
loaded by hipify_plus.mappings.
"""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# library -> (policy, tables). policy "hip": translate to the HIP name, ROC with --roc; "roc":
# the ROC-library name is the only live target (cuDNN: the table's HIP column is the retired
# hipDNN wrapper, so we translate straight to MIOpen). Tables are read in order; each gives the
# sides it names for its rows, replacing what an earlier table gave (so the single-library
# tables, newer than the HIP+ROC one for cuBLAS, cuSPARSE, cuSOLVER and cuDNN, win). A table
# missing from the folder is skipped (the 6.3 copies have no cuTENSOR, cuSPARSELt or cuFile).
_ALL, _HIP, _ROC = ("cuda", "hip", "roc"), ("cuda", "hip"), ("cuda", "roc")


def _library(stem: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return (
        (f"{stem}_API_supported_by_HIP_and_ROC.md", _ALL),
        (f"{stem}_API_supported_by_HIP.md", _HIP),
        (f"{stem}_API_supported_by_ROC.md", _ROC),
    )


SOURCES: dict[str, tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "runtime": ("hip", (("CUDA_Runtime_API_functions_supported_by_HIP.md", _HIP),)),
    "driver": ("hip", (("CUDA_Driver_API_functions_supported_by_HIP.md", _HIP),)),
    "device": ("hip", (("CUDA_Device_API_supported_by_HIP.md", _HIP),)),
    "cublas": ("hip", _library("CUBLAS")),
    "curand": ("hip", _library("CURAND")),
    "cufft": ("hip", (("CUFFT_API_supported_by_HIP.md", _HIP),)),
    "cusparse": ("hip", _library("CUSPARSE")),
    "cusolver": ("hip", _library("CUSOLVER")),
    "cudnn": ("roc", (("CUDNN_API_supported_by_HIP_and_MIOPEN.md", _ROC), ("CUDNN_API_supported_by_MIOPEN.md", _ROC))),
    "cub": ("hip", (("CUB_API_supported_by_HIP.md", _HIP),)),
    "rtc": ("hip", (("CUDA_RTC_API_supported_by_HIP.md", _HIP),)),
    "cucomplex": ("hip", (("cuComplex_API_supported_by_HIP.md", _HIP),)),
    "cutensor": ("hip", (("CUTENSOR_API_supported_by_HIP.md", _HIP),)),
    "cusparselt": ("hip", (("CUSPARSELT_API_supported_by_HIP.md", _HIP),)),
    "cufile": ("hip", (("cuFile_API_supported_by_HIP.md", _HIP),)),
}

COLUMNS = (
    "cuda",
    "library",
    "kind",
    "status",
    "hip",
    "hip_added",
    "hip_deprecated",
    "hip_removed",
    "hip_experimental",
    "roc",
    "roc_added",
    "roc_deprecated",
    "roc_removed",
    "roc_experimental",
    "cuda_added",
    "cuda_deprecated",
    "cuda_removed",
    "cuda_changed",
    "hip_changed",
    "hip_unsupported_cuda",
    "fallback",
    "fallback_added",
)

_UPPER = re.compile(r"^[A-Z0-9_]+$")

# ROC names the markdown tables lack or get wrong, kept by hand (name -> ROC name, the release that
# added it, why):
# - types whose cuComplex and Device tables have no ROC column although HIPIFY's own source tables
#   give one (src/CUDA2HIP_Complex_API_types.cpp and src/CUDA2HIP_Device_types.cpp of ROCm/HIPIFY
#   6.3: each hipCounter's `rocName`; the release from HIP_DEVICE_TYPE_NAME_VER_MAP). hipify-plus
#   writes them under --roc only where the file's context allows it: see
#   hipify_plus/translate/roc_types.py. (__nv_bfloat16's row is overridden by extra.tsv, which
#   has the same ROC name.)
# - csrsv2Info_t (and its struct csrsv2Info), which the cuSPARSE table maps to rocsparse_mat_descr
#   (_rocsparse_mat_descr): every other *Info_t maps
#   to rocsparse_mat_info, which rocsparse_?csrsv_buffer_size/_analysis/_solve take (rocSPARSE 2.5
#   and 3.x headers).
# - cuRAND's default XORWOW state, which the cuRAND table leaves without a ROC name (HIPIFY marks it
#   ROC-unsupported): rocRAND has the same generator, rocrand_state_xorwow (rocrand_xorwow.h, with
#   the precomputed skip-ahead matrices of rocrand_xorwow_precomputed.h, HIPIFY's counterpart of
#   curand_precalc.h), and its rocrand_init/rocrand_normal/... overloads take it; without it a
#   --roc kernel gets hipRAND's hiprandState beside rocRAND's headers and functions.
ROC_NAME_FIXES: dict[str, tuple[str, str, str]] = {
    "cuComplex": ("rocblas_float_complex", "", "no ROC column"),
    "cuFloatComplex": ("rocblas_float_complex", "", "no ROC column"),
    "cuDoubleComplex": ("rocblas_double_complex", "", "no ROC column"),
    "__half": ("rocblas_half", "1.5.0", "no ROC column"),
    "__nv_bfloat16": ("rocblas_bfloat16", "3.5.0", "no ROC column"),
    "csrsv2Info_t": ("rocsparse_mat_info", "1.9.0", "rocsparse_mat_descr in the table"),
    "csrsv2Info": ("_rocsparse_mat_info", "1.9.0", "_rocsparse_mat_descr in the table"),
    "curandState": ("rocrand_state_xorwow", "1.5.0", "no ROC name"),
    "curandState_t": ("rocrand_state_xorwow", "1.5.0", "no ROC name"),
    "curandStateXORWOW": ("rocrand_device::xorwow_engine", "1.5.0", "no ROC name"),
    "curandStateXORWOW_t": ("rocrand_state_xorwow", "1.5.0", "no ROC name"),
}


@dataclass
class Row:
    cuda: str
    library: str
    kind: str
    hip: str = ""
    hip_a: str = ""
    hip_d: str = ""
    hip_r: str = ""
    hip_e: str = ""
    roc: str = ""
    roc_a: str = ""
    roc_d: str = ""
    roc_r: str = ""
    roc_e: str = ""
    cuda_a: str = ""
    cuda_d: str = ""
    cuda_r: str = ""
    cuda_c: str = ""
    hip_c: str = ""
    hip_u: str = ""  # the CUDA releases whose form of this API the HIP one does not follow
    fallback: str = ""  # the spelling of the same API before hip_c (hipBLAS's _v2 names)
    fallback_a: str = ""

    def status(self, policy: str) -> str:
        name, d, r, e = (
            (self.roc, self.roc_d, self.roc_r, self.roc_e)
            if policy == "roc"
            else (self.hip, self.hip_d, self.hip_r, self.hip_e)
        )
        if not name:
            return "removed" if self.cuda_r else "unsupported"
        if r:
            return "removed"
        if e:
            return "experimental"
        if d:
            return "deprecated"
        return "supported"

    def cells(self, policy: str) -> list[str]:
        return [
            self.cuda,
            self.library,
            self.kind,
            self.status(policy),
            self.hip,
            self.hip_a,
            self.hip_d,
            self.hip_r,
            self.hip_e,
            self.roc,
            self.roc_a,
            self.roc_d,
            self.roc_r,
            self.roc_e,
            self.cuda_a,
            self.cuda_d,
            self.cuda_r,
            self.cuda_c,
            self.hip_c,
            self.hip_u,
            self.fallback,
            self.fallback_a,
        ]

    def take(self, other: Row, sides: tuple[str, ...]) -> None:
        """Replace the named sides by another table's (newer) cells for the same name."""
        if "cuda" in sides:
            self.cuda_a, self.cuda_d, self.cuda_r, self.cuda_c = other.cuda_a, other.cuda_d, other.cuda_r, other.cuda_c
        if "hip" in sides:
            self.hip, self.hip_a, self.hip_d, self.hip_r, self.hip_e, self.hip_c, self.hip_u = (
                other.hip,
                other.hip_a,
                other.hip_d,
                other.hip_r,
                other.hip_e,
                other.hip_c,
                other.hip_u,
            )
        if "roc" in sides:
            self.roc, self.roc_a, self.roc_d, self.roc_r, self.roc_e = (
                other.roc,
                other.roc_a,
                other.roc_d,
                other.roc_r,
                other.roc_e,
            )


def _kind(section: str, name: str, library: str) -> str:
    lowered = section.lower()
    if "type" in lowered:
        return "enum" if _UPPER.match(name) else "type"
    if library == "device":
        return "device_function"
    if _UPPER.match(name):
        return "macro"
    return "function"


def _library_of(section: str, library: str) -> str:
    # cuBLASLt shares the cuBLAS table but is a separate library (hipBLASLt).
    if library == "cublas" and ("blaslt" in section.lower()):
        return "cublaslt"
    return library


def _strip(cell: str) -> str:
    return cell.strip().strip("`").strip()


def parse_table(path: Path, library: str, policy: str) -> list[Row]:
    rows: list[Row] = []
    section = ""
    header: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line.strip("# *").split(". ", 1)[-1].strip("* ")
            continue
        if not line.startswith("|"):
            continue
        cells = [_strip(c) for c in line.split("|")[1:-1]]
        if cells and cells[0] == "**CUDA**":
            header = [c.strip("*") for c in cells]
            continue
        if not cells or not header or cells[0].startswith(":--"):
            continue
        by_group: dict[str, dict[str, str]] = {}
        group = ""
        for title, value in zip(header, cells, strict=False):
            if title in ("CUDA", "HIP", "ROC", "MIOPEN"):
                group = "ROC" if title == "MIOPEN" else title
                by_group[group] = {"name": value}
            else:
                by_group[group][title] = value
        cuda = by_group["CUDA"]
        hip = by_group.get("HIP", {})
        roc = by_group.get("ROC", {})
        lib = _library_of(section, library)
        row = Row(
            cuda=cuda["name"],
            library=lib,
            kind=_kind(section, cuda["name"], library),
            cuda_a=cuda.get("A", ""),
            cuda_d=cuda.get("D", ""),
            cuda_r=cuda.get("R", ""),
            cuda_c=cuda.get("C", ""),
        )
        if policy != "roc":  # the cuDNN table's HIP column is the retired hipDNN wrapper
            row.hip, row.hip_a, row.hip_d = hip.get("name", ""), hip.get("A", ""), hip.get("D", "")
            row.hip_r, row.hip_e, row.hip_u = hip.get("R", ""), hip.get("E", ""), hip.get("U", "")
            row.hip_c = hip.get("C", "")
        row.roc, row.roc_a, row.roc_d = roc.get("name", ""), roc.get("A", ""), roc.get("D", "")
        row.roc_r, row.roc_e = roc.get("R", ""), roc.get("E", "")
        rows.append(row)
    return rows


def read_library(tables: Path, library: str) -> list[Row] | None:
    """One library's rows from every table of it in the folder (None: none of them is there)."""
    policy, files = SOURCES[library]
    merged: dict[str, Row] = {}
    found = False
    for filename, sides in files:
        path = tables / filename
        if not path.is_file():
            continue
        found = True
        for row in parse_table(path, library, policy):
            known = merged.get(row.cuda)
            if known is None:
                merged[row.cuda] = row
            else:
                known.take(row, sides)
    if not found:
        return None
    for row in merged.values():
        if row.cuda in ROC_NAME_FIXES:
            row.roc, row.roc_a, _why = ROC_NAME_FIXES[row.cuda]
        row.fallback, row.fallback_a = hipblas_v2_spelling(row)
    return list(merged.values())


def older_spellings(rows: list[Row], older: list[Row] | None) -> None:
    """Give each row whose HIP name an older table spells otherwise that spelling as its
    fallback (hipBLAS's _v2 names are hipblas_v2_spelling's)."""
    if not older:
        return
    before = {row.cuda: row for row in older}
    for row in rows:
        old = before.get(row.cuda)
        if row.fallback or old is None or not old.hip or not row.hip or old.hip == row.hip or not old.hip_a:
            continue
        if old.hip_r:
            continue
        # kept even where the newer name's release is not later: the headers may say it is
        # (rules/mappings/verified_versions.tsv), and a fallback applies only below that release
        row.fallback, row.fallback_a = old.hip, old.hip_a


def hipblas_v2_spelling(row: Row) -> tuple[str, str]:
    """hipBLAS 7.0 gave its plain names the hipComplex/hipDataType form (the HIP side's C column
    says 7.0.0); from 6.0 to 6.x that form was spelled `<name>_v2` (`hipblasCgemm_v2`,
    `hipblasZdotu_v2_64`), and before 6.0 it did not exist. The HIPIFY 6.3 tables map every such
    row to exactly this spelling (tests/test_mappings.py checks it). ('', '') for other rows."""
    if row.hip_c != "7.0.0" or not row.hip.startswith("hipblas") or row.library != "cublas":
        return "", ""
    stem, suffix = (row.hip[:-3], "_64") if row.hip.endswith("_64") else (row.hip, "")
    added = max(row.hip_a or "6.0.0", "6.0.0", key=_version_key)
    return f"{stem}_v2{suffix}", added


def write_tsv(out: Path, library: str, policy: str, rows: list[Row], copyright: str) -> None:
    lines = [
        f"# hipify-plus mapping data: {library}. Generated by tools/gen_mappings.py from",
        f"# HIPIFY's tables ({copyright}, MIT: see",
        "# LICENSE-HIPIFY.txt). Do not edit by hand; hand-written additions live in extra.tsv.",
        f"#policy\t{policy}",
        "\t".join(COLUMNS),
    ]
    lines += ["\t".join(r.cells(policy)) for r in rows]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version))


def _versions(tsv: Path) -> list[str]:
    """ROCm versions named in the HIP/ROC "added" columns of one mapping file."""
    found: list[str] = []
    columns: list[int] | None = None
    for line in tsv.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        cells = line.split("\t")
        if columns is None:
            columns = [i for i, name in enumerate(cells) if name in ("hip_added", "roc_added")]
            continue
        found += [cells[i] for i in columns if i < len(cells) and cells[i]]
    return found


def main(argv: list[str]) -> int:
    older_dir: Path | None = ROOT.parent / "shared" / "hipify-tables"
    if "--older" in argv:
        at = argv.index("--older")
        if at + 1 >= len(argv):
            print("error: --older needs a tables directory", file=sys.stderr)
            return 2
        older_dir = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    tables = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "hipify-tables-7"
    out_dir = Path(argv[2]) if len(argv) > 2 else ROOT / "rules" / "mappings"
    if older_dir is not None and (not older_dir.is_dir() or older_dir.resolve() == tables.resolve()):
        older_dir = None
    if not tables.is_dir():
        print(f"error: tables directory not found: {tables}", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    notice = (tables / "LICENSE.txt").read_text(encoding="utf-8").strip().splitlines()
    copyright = notice[0].strip() if notice and notice[0].startswith("Copyright") else "Advanced Micro Devices, Inc."
    seen: set[str] = set()
    total = 0
    written: list[str] = []
    for library, (policy, _files) in SOURCES.items():
        table_rows = read_library(tables, library)
        if table_rows is None:
            print(f"{library:10s} no table in {tables}: skipped")
            continue
        older_spellings(table_rows, read_library(older_dir, library) if older_dir else None)
        rows = []
        for row in table_rows:
            if row.cuda in seen:  # shared types (CUDA_R_32F ...) are kept where first listed
                continue
            seen.add(row.cuda)
            rows.append(row)
        rows.sort(key=lambda r: r.cuda)
        write_tsv(out_dir / f"{library}.tsv", library, policy, rows, copyright)
        written.append(library)
        total += len(rows)
        print(f"{library:10s} {len(rows):6d} identifiers")
    generated = [out_dir / f"{library}.tsv" for library in written]  # HIPIFY's releases, not our own rows
    newest = max((v for f in generated for v in _versions(f)), key=_version_key, default="0")
    (out_dir / "meta.txt").write_text(
        f"# newest ROCm release named by HIPIFY's tables; the default --rocm-version\nnewest_rocm={newest}\n",
        encoding="utf-8",
    )
    shutil.copyfile(tables / "LICENSE.txt", out_dir / "LICENSE-HIPIFY.txt")
    print(f"total      {total:6d} identifiers -> {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
