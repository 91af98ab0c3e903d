"""HP322: CUDA graph feature that HIP graphs do not have."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _starts
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_GRAPH_UNSUPPORTED = frozenset(
    {
        "cudaGraphConditionalHandle",
        "cudaGraphConditionalHandleCreate",
        "cudaGraphConditionalHandleFlags",
        "cudaGraphConditionalNodeType",
        "cudaGraphCondTypeIf",
        "cudaGraphCondTypeWhile",
        "cudaGraphCondTypeSwitch",
        "cudaGraphCondAssignDefault",
        "cudaGraphSetConditional",
        "cudaConditionalNodeParams",
        "cudaGraphNodeTypeConditional",
        "cudaGraphDeviceNode_t",
        "cudaGraphKernelNodeUpdate",
        "cudaGraphKernelNodeField",
        "cudaGraphKernelNodeFieldEnabled",
        "cudaGraphKernelNodeFieldGridDim",
        "cudaGraphKernelNodeFieldParam",
        "cudaGraphKernelNodeFieldInvalid",
        "cudaGraphKernelNodeUpdatesApply",
        "cudaGraphAddDependencies_v2",
        "cudaGraphAddNode_v2",
        "cudaGraphGetEdges_v2",
        "cudaGraphNodeGetDependencies_v2",
        "cudaGraphNodeGetDependentNodes_v2",
        "cudaGraphRemoveDependencies_v2",
        "cudaStreamGetCaptureInfo_v3",
        "cudaStreamUpdateCaptureDependencies_v2",
        "cudaGraphExecUpdateResultInfo",
        "cudaGraphExecUpdateResultInfo_st",
        "cuGraphConditionalHandleCreate",
        "CUgraphConditionalHandle",
        "CUgraphConditionalNodeType",
        "cuGraphAddDependencies_v2",
        "cuGraphAddNode_v2",
        "cuGraphGetEdges_v2",
        "cuGraphNodeGetDependencies_v2",
        "cuGraphNodeGetDependentNodes_v2",
        "cuGraphRemoveDependencies_v2",
        "cuStreamGetCaptureInfo_v3",
        "cuStreamUpdateCaptureDependencies_v2",
    }
)


def _graph_feature(name: str) -> str:
    if "Cond" in name or "Conditional" in name:
        return "conditional graph nodes are not supported by HIP graphs"
    if "DeviceNode" in name or "KernelNodeField" in name or "KernelNodeUpdate" in name:
        return "device-side graph updates are not supported by HIP graphs"
    if name.startswith("cudaGraphExecUpdateResultInfo"):
        return (
            "HIP's hipGraphExecUpdate has the CUDA 11 signature (error node and result out-parameters), "
            "not the CUDA 12 result-info struct"
        )
    return "the edge-data (_v2/_v3) graph APIs are not in HIP; use the plain variants without edge data"


# HP322
@detector(
    "identifier",
    "type_identifier",
    emits=("HP322",),
    names=("cudaGraph", "cudaStream", "cudaConditional", "cuGraph", "cuStream", "CUgraph"),
)
def cuda_graph_feature_unsupported(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"cudaGraph", b"cudaStream", b"cudaConditional", b"cuGraph", b"cuStream", b"CUgraph")):
        return
    text = ctx.text(node)
    if text not in _GRAPH_UNSUPPORTED:
        return
    ctx.report("HP322", node, f"`{text}`: {_graph_feature(text)}")
