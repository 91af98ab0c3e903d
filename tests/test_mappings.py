from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hipify_plus.mappings import CUDA_LOOKING, load_mappings

from .conftest import ROOT, SHARED

LIBRARIES = {
    "runtime",
    "driver",
    "device",
    "cublas",
    "cublaslt",
    "curand",
    "cufft",
    "cusparse",
    "cusolver",
    "cudnn",
    "cub",
    "rtc",
    "cucomplex",
    "nvtx",
    "cutensor",
    "cusparselt",
    "cufile",
}
STATUSES = {"supported", "unsupported", "deprecated", "removed", "experimental", "lint"}


def test_every_library_is_mapped_with_valid_statuses() -> None:
    table = load_mappings()
    libraries, statuses = set(), set()
    for name in table.names():
        mapping = table.get(name)
        assert mapping is not None
        libraries.add(mapping.library)
        statuses.add(mapping.status)
    assert libraries >= LIBRARIES
    assert statuses <= STATUSES
    assert len(table) > 10000


@pytest.mark.parametrize(
    ("cuda", "hip", "roc"),
    [
        ("cudaMalloc", "hipMalloc", ""),
        ("cublasSgemm", "hipblasSgemm", "rocblas_sgemm"),
        ("curandCreateGenerator", "hiprandCreateGenerator", "rocrand_create_generator"),
        ("cudnnConvolutionForward", "", "miopenConvolutionForward"),
        ("__nv_bfloat16", "__hip_bfloat16", "rocblas_bfloat16"),
        ("cuComplex", "hipComplex", "rocblas_float_complex"),
        ("csrsv2Info_t", "csrsv2Info_t", "rocsparse_mat_info"),
        ("cuMemAlloc", "hipMalloc", ""),
        ("cutensorContract", "hiptensorContract", ""),
        ("cusparseLtMatmul", "hipsparseLtMatmul", ""),
        ("cuFileDriverOpen", "hipFileDriverOpen", ""),
        ("cublasCgemm", "hipblasCgemm", "rocblas_cgemm"),
    ],
)
def test_known_mappings(cuda: str, hip: str, roc: str) -> None:
    mapping = load_mappings().get(cuda)
    assert mapping is not None
    assert (mapping.hip, mapping.roc) == (hip, roc)


def test_headers_and_newest_version() -> None:
    table = load_mappings()
    assert table.header("cuda_runtime.h").hip == "hip/hip_runtime.h"
    assert table.header("cub/block/block_reduce.cuh").hip == "hipcub/hipcub.hpp"
    assert table.header("mma.h").status in ("unsupported", "lint")  # lint: convert's HP506 ports WMMA
    assert table.newest_rocm >= (7, 14, 0)
    assert table.header("cutensor.h").hip == "hiptensor/hiptensor.h"
    assert table.header("cusparseLt.h").hip == "hipsparselt/hipsparselt.h"
    assert table.header("cufile.h").hip == "hipfile.h"


def test_hipblas_plain_names_take_the_v2_form_from_7_0() -> None:
    """The 7.x tables map cublasCgemm to hipblasCgemm (changed in 7.0); before 7.0 the same form
    is hipblasCgemm_v2 (6.x) and does not exist before 6.0."""
    mapping = load_mappings().get("cublasCgemm")
    assert mapping is not None
    assert (mapping.fallback, mapping.fallback_added, mapping.hip_changed) == ("hipblasCgemm_v2", (6, 0, 0), (7, 0, 0))
    assert mapping.target(False)[:2] == ("hipblasCgemm", (7, 0, 0))
    assert load_mappings().get("cublasSgemm").fallback == ""  # real types: one form in every release


def test_v2_spellings_match_the_hipify_6_3_tables() -> None:
    """The generator's rule for hipBLAS's pre-7.0 spelling gives exactly what HIPIFY 6.3's
    table mapped each such name to, wherever that table had it."""
    tables = SHARED / "hipify-tables"
    if not tables.is_dir():
        pytest.skip("../shared/hipify-tables is not beside this checkout")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_mappings
    finally:
        sys.path.pop(0)
    old = {row.cuda: row for row in gen_mappings.read_library(tables, "cublas") or []}
    table = load_mappings()
    compared = 0
    for name, row in old.items():
        mapping = table.get(name)
        if mapping is None or mapping.hip_changed is None or not mapping.fallback or not row.hip:
            continue
        assert mapping.fallback == row.hip, name
        compared += 1
    assert compared > 300


@pytest.mark.parametrize(
    ("name", "library", "counterpart"),
    [
        ("nvmlDeviceGetCount", "nvml", "AMD SMI"),
        ("NVML_SUCCESS", "nvml", "AMD SMI"),
        ("nvjpegCreate", "nvjpeg", "rocJPEG"),
        ("nppiResize_8u_C1R", "npp", "none"),
        ("nvinfer1", "tensorrt", "MIGraphX"),
        ("nvshmem_malloc", "nvshmem", "rocSHMEM"),
    ],
)
def test_libraries_no_table_covers_name_their_counterpart(name: str, library: str, counterpart: str) -> None:
    mapping = load_mappings().get(name)
    assert mapping is not None and mapping.status == "unsupported"
    assert (mapping.library, mapping.unported) == (library, counterpart)
    assert CUDA_LOOKING.match(name)
    assert load_mappings().get("nvmlish") is None and load_mappings().get("Nppx") is None


def test_unsupported_for_cuda_column_is_kept() -> None:
    mapping = load_mappings().get("cudaMemAdvise")
    assert mapping is not None and mapping.hip == "hipMemAdvise"
    assert mapping.hip_unsupported_cuda == "13.0" and mapping.cuda_changed == "13.0"


def test_generator_reads_the_6_3_tables_too(tmp_path: Path) -> None:
    tables = SHARED / "hipify-tables"
    if not tables.is_dir():
        pytest.skip("../shared/hipify-tables is not beside this checkout")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/gen_mappings.py"), str(tables), str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "cutensor   no table" in done.stdout
    assert (tmp_path / "meta.txt").read_text().endswith("newest_rocm=6.3.0\n")
    assert not (tmp_path / "cutensor.tsv").exists()


def test_generator_reproduces_committed_data(tmp_path: Path) -> None:
    tables = SHARED / "hipify-tables-7"
    if not tables.is_dir():
        pytest.skip("../shared/hipify-tables-7 is not beside this checkout (only the CI copy has it)")
    out = tmp_path / "mappings"
    out.mkdir()
    (out / "extra.tsv").write_bytes((ROOT / "rules/mappings/extra.tsv").read_bytes())
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/gen_mappings.py"), str(tables), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for generated in sorted(out.iterdir()):
        committed = ROOT / "rules/mappings" / generated.name
        assert committed.read_bytes() == generated.read_bytes(), (
            f"{generated.name} is stale: rerun tools/gen_mappings.py"
        )
