from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hipify_plus.mappings import load_mappings

from .conftest import ROOT, SHARED

LIBRARIES = {"runtime", "driver", "device", "cublas", "cublaslt", "curand", "cufft", "cusparse",
             "cusolver", "cudnn", "cub", "rtc", "cucomplex", "nvtx"}
STATUSES = {"supported", "unsupported", "deprecated", "removed", "experimental", "lint"}


def test_every_library_is_mapped_with_valid_statuses() -> None:
    table = load_mappings()
    libraries, statuses = set(), set()
    for name in table.names():
        mapping = table.get(name)
        assert mapping is not None
        libraries.add(mapping.library)
        statuses.add(mapping.status)
    assert LIBRARIES <= libraries
    assert statuses <= STATUSES
    assert len(table) > 8000


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
    assert table.header("mma.h").status == "unsupported"
    assert table.newest_rocm >= (6, 3, 0)


def test_generator_reproduces_committed_data(tmp_path: Path) -> None:
    tables = SHARED / "hipify-tables"
    if not tables.is_dir():
        pytest.skip("../shared/hipify-tables is not beside this checkout (only the CI copy has it)")
    out = tmp_path / "mappings"
    out.mkdir()
    (out / "extra.tsv").write_bytes((ROOT / "rules/mappings/extra.tsv").read_bytes())
    done = subprocess.run([sys.executable, str(ROOT / "tools/gen_mappings.py"), str(tables), str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    for generated in sorted(out.iterdir()):
        committed = ROOT / "rules/mappings" / generated.name
        assert committed.read_bytes() == generated.read_bytes(), f"{generated.name} is stale: rerun tools/gen_mappings.py"
