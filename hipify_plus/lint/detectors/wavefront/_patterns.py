"""Names and spellings the wavefront rules share: the `*_sync` intrinsics and shuffles, the
hardware-warp primitives, and the identifiers that read as a lane index, a warp size or a number
of warps."""

from __future__ import annotations

import re

SYNC_INTRINSICS = frozenset(
    {
        "__shfl_sync",
        "__shfl_up_sync",
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__any_sync",
        "__all_sync",
        "__match_any_sync",
        "__match_all_sync",
        "__syncwarp",
        "__reduce_add_sync",
        "__reduce_min_sync",
        "__reduce_max_sync",
        "__reduce_and_sync",
        "__reduce_or_sync",
        "__reduce_xor_sync",
    }
)
SHUFFLES = frozenset({"__shfl_xor_sync", "__shfl_down_sync", "__shfl_xor", "__shfl_down", "__shfl_sync", "__shfl"})
SCAN_SHUFFLES = SHUFFLES | {"__shfl_up_sync", "__shfl_up"}

_WARP_CONTEXT = re.compile(
    r"\b(__shfl\w*|__ballot\w*|__any_sync|__all_sync|__activemask|__syncwarp|__match_\w+|"
    r"__reduce_\w+_sync|__lane_id|__lanemask_\w+|warpSize|tiled_partition|thread_block_tile|"
    r"Warp(Reduce|Scan))\b"
)
_HARDWARE_WARP = re.compile(
    r"\b(__shfl\w*|__ballot\w*|__activemask|__any_sync|__all_sync|__any|__all|__syncwarp|__match_\w+|"
    r"__lane_id|__lanemask_\w+|__reduce_\w+_sync|warpSize)\b"
)
_TILE_32 = re.compile(r"\b(tiled_partition|thread_block_tile)\s*<\s*32\s*>")

_LANE_NAME = re.compile(
    r"(?i)^(lane(_?(id|idx|index|no|num))?|laneid|lid|tid|gtid|ltid|tidx|tx|thread_?(id|idx|index)|"
    r"global_?(tid|thread_?(id|idx|index)|id|idx)|local_?(tid|id|idx)|linear_?(tid|id|idx)|"
    r"flat_?(tid|id|idx))$"
)

_WARPISH = re.compile(r"(?i)lane|warp|wave|^w_?id$")
_WARP_SIZE_NAME = re.compile(
    r"(?i)warp_?(size|sz|threads|width|len)|threads_?per_?(warp|wave)|lanes_?per_?(warp|wave)|"
    r"wave(front)?_?(size|sz|width)|^k?_?warp$"
)
_NOT_HARDWARE_WIDTH = re.compile(r"(?i)sub|logical|half|log2?_|_log|tile|shift|mask|bits|^hp_")
_WARP_COUNT_NAME = re.compile(r"(?i)num_?warps|n_?warps|warps_?per|warp_?count|warps_?in|^k?_?warps$")
_COUNT_NAMES = frozenset(
    {
        "threads",
        "nthreads",
        "numthreads",
        "nthread",
        "threadcount",
        "blocksize",
        "blockdim",
        "blockthreads",
        "threadsperblock",
        "tpb",
        "block",
        "bs",
        "ctasize",
        "maxthreads",
        "numthreadsperblock",
        "nthr",
    }
)
_CUB_WARP = re.compile(r"\bWarp(Reduce|Scan|Exchange|Load|Store|MergeSort)\b")

# "A literal 32" for the warp-size rules: the warp width, its lane mask 31 and its shift 5, in
# any integer spelling (`32`, `32u`, `0x20`, `0X1F`, `0b100000`). The node filters compare
# values (`_syntax._literal`); the text patterns for macro bodies use these spellings.
WARP_LITERALS = frozenset({5, 31, 32})
_SUFFIX = r"[uUlL]*(?![\w.])"
LITERAL_32 = r"(?<![\w.])(?:32|0[xX]0*20|0[bB]0*100000)" + _SUFFIX
LITERAL_31 = r"(?<![\w.])(?:31|0[xX]0*1[fF]|0[bB]0*11111)" + _SUFFIX
LITERAL_5 = r"(?<![\w.])(?:5|0[xX]0*5|0[bB]0*101)" + _SUFFIX
