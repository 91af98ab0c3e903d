"""Device functions the project's headers define, as the warp-width analysis sees them: for each
warp-named helper a file calls but does not define (llm.c's `warpReduceSum` in `common.h`),
whether it sees the wavefront width (`_warp_work.py`). The headers are the quoted includes an
AMD build of the file compiles, followed transitively (hipify_plus/cuda/includes.py); each is
parsed once per process. A helper found in none of them stays unknown (it may see the width)."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from hipify_plus.cuda.includes import HEADER_NODE_TYPES, parsed_header, project_headers
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._syntax import _cache
from hipify_plus.lint.settings import LintSettings
from hipify_plus.source import SourceFile
from hipify_plus.versions import Version

_SUMMARIZING: set[str] = set()  # headers being summarized: an include cycle reads as unknown


def header_helpers(ctx: LintContext) -> dict[str, bool]:
    """Device functions of the project headers this file includes: name -> sees the width."""
    cache = _cache(ctx)
    if "header_helpers" not in cache:
        found: dict[str, bool] = {}
        for header in project_headers(ctx.source.path, ctx.project_includes) if ctx.project_includes else ():
            for name, sees in _summary(header, ctx.settings.target_rocm).items():
                found[name] = found.get(name, False) or sees
        cache["header_helpers"] = found
    return cast("dict[str, bool]", cache["header_helpers"])


@lru_cache(maxsize=256)
def _summary(path: str, rocm: Version) -> dict[str, bool]:
    if path in _SUMMARIZING:
        return {}
    parsed = parsed_header(path)
    if parsed is None or (b"__device__" not in parsed.data and b"__global__" not in parsed.data):
        return {}
    from hipify_plus.lint.detectors.wavefront._warp_unit_model import _functions
    from hipify_plus.lint.detectors.wavefront._warp_work import sees_wave_width

    _SUMMARIZING.add(path)
    try:
        ctx = LintContext(SourceFile(path, parsed.data), parsed.tree, LintSettings(target_rocm=rocm))
        ctx.index_nodes(parsed.nodes, HEADER_NODE_TYPES)
        return {f.name: sees_wave_width(ctx, f.node) for f in _functions(ctx).values() if f.kind == "device"}
    except Exception:  # noqa: BLE001 - a header we cannot read is an unknown helper, not an error
        return {}
    finally:
        _SUMMARIZING.discard(path)
