"""A `hipDeviceProp_t` member read through the runtime's own query for the device the struct was
filled for (HP709's `older = query:F:T` rows): `prop.uuid` before ROCm 6.0 is what
`hipDeviceGetUuid(&uuid, device)` returns, when this function filled `prop` with
`hipGetDeviceProperties(&prop, device)` and `device` did not change since."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_name, descendants, enclosing_function, node_text
from hipify_plus.parse import Node

FILL = frozenset({"hipGetDeviceProperties", "hipGetDevicePropertiesR0600"})
_WRITES = frozenset({"assignment_expression", "update_expression"})


def filled_for(read: Node, prop: Node) -> str | None:
    """The device expression of the last `hipGetDeviceProperties(&prop, device)` before `read` in
    its function, when it is a variable or a number that nothing assigns between the two; None
    otherwise."""
    function = enclosing_function(read)
    if function is None:
        return None
    wanted = "&" + node_text(prop).replace(" ", "")
    device: Node | None = None
    for node in descendants(function):
        if node.start_byte >= read.start_byte:
            break
        if node.type == "call_expression" and callee_name(node) in FILL:
            args = call_args(node)
            if len(args) == 2 and node_text(args[0]).replace(" ", "") == wanted:
                device = args[1]
    if device is None or device.type not in ("identifier", "number_literal"):
        return None
    name = node_text(device)
    for node in descendants(function):
        if device.end_byte <= node.start_byte < read.start_byte and node.type in _WRITES:
            target = node.child_by_field_name("left") or node.child_by_field_name("argument")
            if target is not None and node_text(target) in (name, wanted[1:]):
                return None  # the device (or the struct) changed between the fill and the read
    return name


def query_expression(function: str, value_type: str, device: str) -> str:
    """An lvalue of `value_type` that `function(&value, device)` filled (valid until the next read)."""
    return (
        f"(*[&]() -> {value_type}* {{ static thread_local {value_type} value_{{}}; "
        f"(void){function}(&value_, {device}); return &value_; }}())"
    )
