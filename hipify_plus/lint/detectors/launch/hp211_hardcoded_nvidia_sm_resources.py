"""HP211: Hard-coded NVIDIA per-SM resource number."""

from __future__ import annotations

import re
from functools import lru_cache

from hipify_plus.cuda.syntax import descendants
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._bounds import _stripped_node_span
from hipify_plus.lint.detectors.launch._constants import _fold_text
from hipify_plus.lint.registry import detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

# HP211: NVIDIA per-SM numbers, each with the name words that say which resource a literal is.
_REG = frozenset({"reg", "register", "regfile"})
_SMEM = frozenset({"smem", "shmem", "shm", "shared", "sharedmem", "smemsize"})
_SM = frozenset({"sm", "mp", "smx", "multiprocessor"})
NVIDIA_RESOURCES: tuple[tuple[frozenset[int], tuple[frozenset[str], ...], bool, str], ...] = (
    # values, word groups that must all match, also in arithmetic/comparisons, what it is
    (
        frozenset({65536, 32768}),
        (_REG,),
        True,
        "NVIDIA's registers per SM (64 K): a gfx90a CU has 4 SIMDs x 512 VGPRs per lane x 64 lanes",
    ),
    (
        frozenset({255}),
        (_REG,),
        False,
        "NVIDIA's 255-register per-thread limit: AMD allows 256 VGPRs per lane, 512 with AGPRs on gfx90a/gfx94x",
    ),
    (
        frozenset({2048, 1536}),
        (frozenset({"thread"}), _SM),
        True,
        "NVIDIA's resident threads per SM: on AMD it depends on the GPU (waves per SIMD x SIMDs x wave size)",
    ),
    (
        frozenset({64, 48}),
        (frozenset({"warp"}), _SM),
        True,
        "NVIDIA's resident warps per SM: AMD counts 64-lane waves per SIMD (8 on gfx90a/gfx942, 10 on gfx908)",
    ),
    (
        frozenset({32, 16}),
        (frozenset({"block", "cta"}), _SM),
        True,
        "NVIDIA's resident blocks per SM: AMD limits workgroups per CU differently",
    ),
    (
        frozenset({49152}),
        (_SMEM,),
        True,
        "CUDA's 48 KiB default shared-memory limit: AMD gives a workgroup up to 64 KiB of LDS with no opt-in, "
        "and no more",
    ),
    (
        frozenset({98304, 101376, 102400, 166912, 167936, 232448, 233472}),
        (_SMEM,),
        True,
        "an NVIDIA opt-in shared-memory size: AMD workgroups address at most 64 KiB of LDS (160 KiB on gfx950)",
    ),
)
_RESOURCE_VALUES = frozenset().union(*(values for values, _, _, _ in NVIDIA_RESOURCES))
_ARITHMETIC = frozenset({"/", "*", "-", "+", "<", "<=", ">", ">=", "==", "!="})
_NAME_WORDS = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


# HP211
@detector("number_literal", emits=("HP211",))
def hardcoded_nvidia_sm_resources(node: Node, ctx: LintContext) -> None:
    first = _literal_value(node.text or b"")
    if first is None:
        return
    if first not in _RESOURCE_VALUES:  # it may still be the first operand of one (`48 * 1024`)
        parent = node.parent
        if parent is None or parent.type != "binary_expression":
            return
    top = node
    while (
        top.parent is not None
        and top.parent.type in ("binary_expression", "parenthesized_expression")
        and ctx.int_value(top.parent) is not None
    ):
        top = top.parent
    if top is not node and next(n for n in descendants(top) if n.type == "number_literal") != node:
        return  # `48 * 1024` is looked at once, from its first literal
    value = ctx.int_value(top)
    if value not in _RESOURCE_VALUES:
        return
    owner, operands = _literal_context(ctx, top)
    for values, groups, in_expressions, meaning in NVIDIA_RESOURCES:
        if value not in values:
            continue
        words = _words(owner) if owner else set()
        matched = owner if owner and _matches(words, owner, groups) else None
        if matched is None and in_expressions:
            matched = next((name for name in operands if _matches(_words(name), name, groups)), None)
        if matched is not None:
            ctx.report(
                "HP211",
                top,
                f"`{ctx.text(top)}` next to `{matched}` looks like {meaning}; query the "
                "device (`hipDeviceGetAttribute`, `hipOccupancyMaxActiveBlocksPerMultiprocessor`) instead",
            )
            return


# HP211
@detector("preproc_def", emits=("HP211",))
def hardcoded_nvidia_sm_resources_macro(node: Node, ctx: LintContext) -> None:
    name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if name is None or value is None:
        return
    folded = _fold_text(ctx, ctx.text(value))
    if folded not in _RESOURCE_VALUES:
        return
    macro = ctx.text(name)
    for values, groups, _, meaning in NVIDIA_RESOURCES:
        if folded in values and _matches(_words(macro), macro, groups):
            shown = re.sub(r"/\*.*?\*/|//.*", "", ctx.text(value), flags=re.DOTALL).strip()
            start = _stripped_node_span(ctx, value)[0]
            ctx.report(
                "HP211",
                (start, start + len(shown.encode())),
                f"`{macro}` = {shown} looks like {meaning}; query the device (`hipDeviceGetAttribute`) instead",
            )
            return


@lru_cache(maxsize=4096)
def _literal_value(text: bytes) -> int | None:
    """A literal's value, worked out once per spelling: a data table repeats a few hundred
    spellings over hundreds of thousands of literals (cuda-samples' sobol_primitives.cpp)."""
    return parse_int(text.decode("utf-8", "replace"))


def _literal_context(ctx: LintContext, top: Node) -> tuple[str, list[str]]:
    """The name a constant is given (declared, #defined, assigned to), and the names in the
    arithmetic or comparison it is an operand of."""
    operands: list[str] = []
    node = top
    while node.parent is not None and node.parent.type in ("binary_expression", "parenthesized_expression"):
        node = node.parent
        operator = node.child_by_field_name("operator")
        if node.type == "binary_expression" and (operator is None or ctx.text(operator) not in _ARITHMETIC):
            return "", []
    if node is not top:
        operands = [ctx.text(n) for n in descendants(node) if n.type in ("identifier", "field_identifier")]
    parent = node.parent
    if parent is None:
        return "", operands
    if parent.type == "init_declarator":
        target = parent.child_by_field_name("declarator")
        return (ctx.text(target) if target is not None else ""), operands
    if parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "field_expression":
            left = left.child_by_field_name("field")
        return (ctx.text(left) if left is not None else ""), operands
    if parent.type in ("enumerator", "field_declaration"):
        target = parent.child_by_field_name("name") or parent.child_by_field_name("declarator")
        return (ctx.text(target) if target is not None else ""), operands
    return "", operands


def _words(name: str) -> set[str]:
    words = set()
    for word in _NAME_WORDS.findall(name.split("::")[-1].split(".")[-1].split("->")[-1]):
        word = word.lower()
        if len(word) >= 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        words.add(word)
    return words


def _matches(words: set[str], name: str, groups: tuple[frozenset[str], ...]) -> bool:
    lowered = name.lower()
    return all(words & group or any(len(w) > 3 and w in lowered for w in group) for group in groups)
