"""cuBLAS's legacy API: `cublasSscal(n, alpha, x, incx)`, without a handle, from <cublas.h>.

The cuBLAS functions that have a `_v2` sibling are, in a file that includes <cublas_v2.h>, macros
for that sibling (the handle API); in a file that includes only <cublas.h> they are the legacy
functions, whose arguments differ. hipBLAS and rocBLAS have only the handle API, so in such a file
those calls are left as they are, each with an HP014 error (HIPIFY leaves them too).

Converting the output again must change nothing: there the include is hipBLAS's, so a file that
includes hipBLAS's header (and not <cublas_v2.h>) without any trace of the handle API
(`cublasHandle_t`, `hipblasHandle_t`, `cublasCreate`, `hipblasCreate`) counts as legacy too.
"""

from __future__ import annotations

from functools import cache

from hipify_plus.mappings import MappingTable

LEGACY_HEADER = "cublas.h"
V2_HEADER = "cublas_v2.h"
_HIPBLAS_HEADERS = frozenset({"hipblas.h", "hipblas/hipblas.h"})
_HANDLE_API = (b"cublasHandle_t", b"hipblasHandle_t", b"cublasCreate", b"hipblasCreate")


@cache
def _legacy_names(table: MappingTable) -> frozenset[str]:
    return frozenset(n for n in table.names() if n + "_v2" in table and _library(table, n) == "cublas")


def _library(table: MappingTable, name: str) -> str:
    mapping = table.get(name)
    return mapping.library if mapping is not None else ""


def legacy_cublas_names(table: MappingTable, includes: set[str], data: bytes) -> frozenset[str]:
    """The names that are legacy cuBLAS calls in a file with these #include paths."""
    if V2_HEADER in includes:
        return frozenset()
    if LEGACY_HEADER in includes:
        return _legacy_names(table)
    if includes & _HIPBLAS_HEADERS and not any(marker in data for marker in _HANDLE_API):
        return _legacy_names(table)
    return frozenset()


def message(name: str) -> str:
    return (
        f"`{name}` is cuBLAS's legacy API here (the file includes <cublas.h>, not <cublas_v2.h>): "
        "hipBLAS and rocBLAS have only the handle API, so the call is left as it is; port it to "
        f"cuBLAS v2 first (<cublas_v2.h>, `{name}(handle, ...)` with its scalars by pointer)"
    )
