#!/usr/bin/env python3
"""Generate rules/mappings/*.tsv from HIPIFY's CUDA->HIP/ROC tables.

Usage: python tools/gen_mappings.py [TABLES_DIR] [OUT_DIR]
Defaults: ../shared/hipify-tables (beside the checkout) and rules/mappings.

The tables are markdown: one row per CUDA identifier with version columns
(A added, D deprecated, C changed, R removed, E experimental) for CUDA, HIP and,
where the library has one, the ROC library. We keep the facts in our own compact
tab-separated format, one file per CUDA library, loaded by hipify_plus.mappings.
"""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# library -> (table file, policy). policy "hip": translate to the HIP name, ROC with --roc;
# "roc": the ROC-library name is the only live target (cuDNN: the table's HIP column is the
# retired hipDNN wrapper, so we translate straight to MIOpen).
SOURCES: dict[str, tuple[str, str]] = {
    "runtime": ("CUDA_Runtime_API_functions_supported_by_HIP.md", "hip"),
    "driver": ("CUDA_Driver_API_functions_supported_by_HIP.md", "hip"),
    "device": ("CUDA_Device_API_supported_by_HIP.md", "hip"),
    "cublas": ("CUBLAS_API_supported_by_HIP_and_ROC.md", "hip"),
    "curand": ("CURAND_API_supported_by_HIP_and_ROC.md", "hip"),
    "cufft": ("CUFFT_API_supported_by_HIP.md", "hip"),
    "cusparse": ("CUSPARSE_API_supported_by_HIP_and_ROC.md", "hip"),
    "cusolver": ("CUSOLVER_API_supported_by_HIP_and_ROC.md", "hip"),
    "cudnn": ("CUDNN_API_supported_by_HIP_and_MIOPEN.md", "roc"),
    "cub": ("CUB_API_supported_by_HIP.md", "hip"),
    "rtc": ("CUDA_RTC_API_supported_by_HIP.md", "hip"),
    "cucomplex": ("cuComplex_API_supported_by_HIP.md", "hip"),
}

COLUMNS = (
    "cuda", "library", "kind", "status",
    "hip", "hip_added", "hip_deprecated", "hip_removed", "hip_experimental",
    "roc", "roc_added", "roc_deprecated", "roc_removed", "roc_experimental",
    "cuda_added", "cuda_deprecated", "cuda_removed",
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
            self.cuda, self.library, self.kind, self.status(policy),
            self.hip, self.hip_a, self.hip_d, self.hip_r, self.hip_e,
            self.roc, self.roc_a, self.roc_d, self.roc_r, self.roc_e,
            self.cuda_a, self.cuda_d, self.cuda_r,
        ]


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
        for title, value in zip(header, cells):
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
            cuda=cuda["name"], library=lib, kind=_kind(section, cuda["name"], library),
            cuda_a=cuda.get("A", ""), cuda_d=cuda.get("D", ""), cuda_r=cuda.get("R", ""),
        )
        if policy != "roc":  # the cuDNN table's HIP column is the retired hipDNN wrapper
            row.hip, row.hip_a, row.hip_d = hip.get("name", ""), hip.get("A", ""), hip.get("D", "")
            row.hip_r, row.hip_e = hip.get("R", ""), hip.get("E", "")
        row.roc, row.roc_a, row.roc_d = roc.get("name", ""), roc.get("A", ""), roc.get("D", "")
        row.roc_r, row.roc_e = roc.get("R", ""), roc.get("E", "")
        if row.cuda in ROC_NAME_FIXES:
            row.roc, row.roc_a, _why = ROC_NAME_FIXES[row.cuda]
        rows.append(row)
    return rows


def write_tsv(out: Path, library: str, policy: str, rows: list[Row]) -> None:
    lines = [
        f"# hipify-plus mapping data: {library}. Generated by tools/gen_mappings.py from",
        "# HIPIFY's tables (Copyright (c) 2024 Advanced Micro Devices, Inc., MIT: see",
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
    tables = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "hipify-tables"
    out_dir = Path(argv[2]) if len(argv) > 2 else ROOT / "rules" / "mappings"
    if not tables.is_dir():
        print(f"error: tables directory not found: {tables}", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    total = 0
    for library, (filename, policy) in SOURCES.items():
        rows = []
        for row in parse_table(tables / filename, library, policy):
            if row.cuda in seen:  # shared types (CUDA_R_32F ...) are kept where first listed
                continue
            seen.add(row.cuda)
            rows.append(row)
        rows.sort(key=lambda r: r.cuda)
        write_tsv(out_dir / f"{library}.tsv", library, policy, rows)
        total += len(rows)
        print(f"{library:10s} {len(rows):6d} identifiers")
    generated = [out_dir / f"{library}.tsv" for library in SOURCES]  # HIPIFY's releases, not our own rows
    newest = max((v for f in generated for v in _versions(f)), key=_version_key, default="0")
    (out_dir / "meta.txt").write_text(
        f"# newest ROCm release named by HIPIFY's tables; the default --rocm-version\n"
        f"newest_rocm={newest}\n",
        encoding="utf-8",
    )
    shutil.copyfile(tables / "LICENSE.txt", out_dir / "LICENSE-HIPIFY.txt")
    print(f"total      {total:6d} identifiers -> {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
