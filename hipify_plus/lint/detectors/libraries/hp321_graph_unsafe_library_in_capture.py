"""HP321: Graph-unsafe ROCm library called during stream capture."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _FUNCTION, _ancestor, _calls, _inside
from hipify_plus.lint.detectors.libraries._graph_safety import graph_unsafe_library
from hipify_plus.lint.registry import file_detector

_CAPTURE_BEGIN = frozenset(
    {
        "cudaStreamBeginCapture",
        "hipStreamBeginCapture",
        "cudaStreamBeginCaptureToGraph",
        "hipStreamBeginCaptureToGraph",
        "cuStreamBeginCapture",
    }
)
_CAPTURE_END = frozenset({"cudaStreamEndCapture", "hipStreamEndCapture", "cuStreamEndCapture"})


# HP321
@file_detector(emits=("HP321",), names=("BeginCapture",))
def graph_unsafe_library_in_capture(ctx: LintContext) -> None:
    calls = _calls(ctx)
    begins = [c for c in calls if c.name in _CAPTURE_BEGIN]
    for begin in begins:
        function = _ancestor(begin.node, _FUNCTION)
        if function is None:
            continue
        end = next(
            (
                c
                for c in calls
                if c.name in _CAPTURE_END and c.node.start_byte > begin.node.end_byte and _inside(c.node, function)
            ),
            None,
        )
        if end is None:
            continue
        for call in calls:
            if not (begin.node.end_byte <= call.node.start_byte and call.node.end_byte <= end.node.start_byte):
                continue
            function_node = call.node.child_by_field_name("function") or call.node
            if function_node.type == "field_expression":
                continue  # a method call such as thrust::cuda::par.on(stream) builds a policy
            library = graph_unsafe_library(call.name)
            if library is None:
                continue
            ctx.report(
                "HP321",
                function_node,
                f"`{call.name}` runs during stream capture, but {library} is not "
                "graph-safe on ROCm: keep it outside the captured region (or run it eagerly)",
            )
