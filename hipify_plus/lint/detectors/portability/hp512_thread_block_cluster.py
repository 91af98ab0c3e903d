"""HP512: Thread-block clusters or distributed shared memory."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

CLUSTER_NAMES = frozenset(
    {
        b"__cluster_dims__",
        b"this_cluster",
        b"cudaLaunchAttributeClusterDimension",
        b"cudaLaunchAttributeClusterSchedulingPolicyPreference",
        b"cudaFuncAttributeRequiredClusterWidth",
        b"cudaFuncAttributeRequiredClusterHeight",
        b"cudaFuncAttributeRequiredClusterDepth",
        b"cudaFuncAttributeNonPortableClusterSizeAllowed",
        b"cudaFuncAttributeClusterSchedulingPolicyPreference",
        b"cudaFuncAttributeClusterDimMustBeSet",
        b"cudaDevAttrClusterLaunch",
        b"cudaOccupancyMaxPotentialClusterSize",
        b"cudaOccupancyMaxActiveClusters",
        b"cuOccupancyMaxPotentialClusterSize",
        b"cuOccupancyMaxActiveClusters",
        b"CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION",
        b"CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE",
        b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH",
        b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT",
        b"CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH",
        b"CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED",
        b"CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH",
        b"__cluster_barrier_arrive",
        b"__cluster_barrier_arrive_relaxed",
        b"__cluster_barrier_wait",
        b"__clusterDimIsSpecified",
        b"__clusterRelativeBlockIdx",
        b"__clusterRelativeBlockRank",
        b"__clusterSizeInBlocks",
        b"__clusterGridDimInClusters",
        b"__clusterIdx",
        b"__clusterDim",
    }
)


# HP512
@detector("identifier", emits=("HP512",), names=("luster",))
def thread_block_cluster(node: Node, ctx: LintContext) -> None:
    raw = _raw(node, ctx)
    if b"luster" not in raw or raw not in CLUSTER_NAMES:
        return
    parent = node.parent
    if raw == b"this_cluster" and (parent is None or parent.type not in NAME_USES):
        return  # a variable that happens to be called this_cluster
    if _excluded_on_amd(node, ctx):
        return
    ctx.report(
        "HP512",
        node,
        f"`{raw.decode()}`: AMD GPUs have no thread-block clusters or "
        "distributed shared memory; merge the cluster into one workgroup (up to 1024 "
        "threads, 64 KiB LDS) or restructure",
    )


NAME_USES = frozenset({"qualified_identifier", "call_expression"})
