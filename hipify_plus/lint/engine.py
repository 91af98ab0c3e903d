"""Linting one file: run the detectors, apply selection and suppressions, and fix to a fixed
point without ever adding a parse error."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from hipify_plus.cuda.preprocessor import inactive_on_amd
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.edits import Applicability, Edit, apply_fixes
from hipify_plus.filekinds import file_kind
from hipify_plus.lint.context import CONTEXT_NODE_TYPES, BuildContext, LintContext
from hipify_plus.lint.registry import (
    Detectors,
    NodeDetector,
    Registered,
    detectors,
    modules_needed,
    node_name,
    pending_index,
)
from hipify_plus.lint.settings import LintSettings
from hipify_plus.lint.suppressions import apply_suppressions, parse_suppressions, unknown_codes
from hipify_plus.parse import Node, Tree, error_count, nodes_of_types, parse, reparse
from hipify_plus.parse.launch_tokens import join_launch_tokens
from hipify_plus.registry import get_rule
from hipify_plus.source import SourceFile

MAX_FIX_ROUNDS = 10
_HASH_COMMENT = re.compile(rb"#[^\n]*")


@dataclass
class LintResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)


def lint(path: str, data: bytes, settings: LintSettings, tree: Tree | None = None) -> LintResult:
    """Lint one file (`tree`: its parse, when the caller has it already)."""
    kind = file_kind(path)
    source = SourceFile(path, data)
    result = LintResult()
    registered = _detectors_for(tuple(settings.select), _modules_for(kind, data, settings))
    if kind == "source":
        tree = tree if tree is not None else parse(data)
        ctx = LintContext(source, tree, settings)
        active = _active(registered.by_node_type, settings, path)
        types = frozenset(active) | CONTEXT_NODE_TYPES
        nodes = nodes_of_types(tree, types)
        ctx.index_nodes(nodes, types)
        for node in nodes:
            dispatch = active.get(node.type)
            if dispatch is None:
                continue
            for function in dispatch.functions if dispatch.unfiltered else dispatch.for_node(node):
                try:
                    function(node, ctx)
                except Exception as exc:  # noqa: BLE001 - one broken detector must not stop the others
                    _failed(function, exc, result, node)
        for item in registered.files:
            if any(settings.enabled(r, path) for r in item.emits) and item.wants(data):
                _run(item.function, (ctx,), result)
        found = _compiled_on_amd(ctx.diagnostics, ctx)
        comments = [(n.start_byte, n.end_byte) for n in ctx.nodes({"comment"})]
    elif kind is not None:
        build = BuildContext(source, settings, kind)
        for item in registered.builds:
            if any(settings.enabled(r, path) for r in item.emits):
                _run(item.function, (build,), result)
        found = build.diagnostics
        comments = [m.span() for m in _HASH_COMMENT.finditer(data)]
    else:
        return result
    selected = [d for d in found if settings.enabled(d.rule, path)]
    suppressions = parse_suppressions(source, comments)
    kept = apply_suppressions(selected, suppressions)
    for suppression in suppressions:
        span = (suppression.start, suppression.end)
        unknown = unknown_codes(suppression)
        if unknown and settings.enabled("HP902", path):
            kept.append(
                make_diagnostic(source, "HP902", *span, f"suppression names unknown rule(s): {', '.join(unknown)}")
            )
        unused = [c for c in (suppression.codes or ("*",)) if c not in suppression.used and c not in unknown]
        if unused and settings.enabled("HP901", path):
            what = "every rule" if unused == ["*"] else ", ".join(unused)
            kept.append(make_diagnostic(source, "HP901", *span, f"unused suppression: nothing to suppress for {what}"))
    kept.sort(key=lambda d: (d.start, d.rule))
    result.diagnostics = kept
    return result


def _compiled_on_amd(found: list[Diagnostic], ctx: LintContext) -> list[Diagnostic]:
    """Findings, less those of `inactive_code = "drop"` rules that sit in code no pass of an AMD
    build compiles (the one preprocessor model: hipify_plus/cuda/preprocessor.py)."""
    kept = []
    for diagnostic in found:
        if get_rule(diagnostic.rule).inactive_code == "drop":
            node = ctx.tree.root_node.descendant_for_byte_range(diagnostic.start, diagnostic.end)
            if node is not None and inactive_on_amd(node, ctx.amd):
                continue
        kept.append(diagnostic)
    return kept


@cache
def _detectors_for(select: tuple[str, ...], modules: frozenset[str] | None = None) -> Detectors:
    """The detectors a selection can enable, decided once per selection (convert lints each file
    with the few rules its text calls for): the families it names (all for ALL or no match),
    and where it lists exact rule ids only, those rules' detectors, the others not imported.
    `modules`: only the detector modules a file needs (`_modules_for`)."""
    if "ALL" in select:
        return detectors(None, None, modules)
    from hipify_plus.registry import matches, rule_families

    families = rule_families()
    chosen = frozenset(family for rule_id, family in families.items() if matches(rule_id, select))
    if not chosen:
        return detectors(None, None, modules)
    exact = frozenset(select) if _exact_rules(select) else None
    return detectors(chosen, exact, modules)


def _modules_for(kind: str | None, data: bytes, settings: LintSettings) -> frozenset[str] | None:
    """The detector modules a file needs, where that spares importing the others (a run of one
    file or a few): modules whose detectors cannot report on it (no names= fragment in it) are
    left out. None (every module of the selection) when they are all imported already, and for
    a selection of exact rule ids, which imports only those rules' modules anyway."""
    if kind is None or _exact_rules(tuple(settings.select)):
        return None
    index = pending_index()
    if index is None:
        return None
    if kind != "source":
        return modules_needed(index, False, b"")
    joined = join_launch_tokens(data)  # the text node names are read from (spaced `<< <` joined)
    return modules_needed(index, True, data if joined == data else data + b"\0" + joined)


@cache
def _exact_rules(select: tuple[str, ...]) -> bool:
    """The selection lists rule ids only (convert's rewrites: a few rules per file)."""
    from hipify_plus.registry import rule_families

    families = rule_families()
    return bool(select) and all(s in families for s in select)


class _Dispatch:
    """The detectors of one node type a run calls, in registration order; those with `names=`
    only on nodes whose name (`node_name`) has one of their fragments, decided once per name."""

    _MEMO_NAME_BYTES = 128  # longer names (a directive's whole text) are rare: not remembered

    def __init__(self, items: tuple[Registered, ...]) -> None:
        self.items = items
        self.functions: tuple[NodeDetector, ...] = tuple(i.function for i in items)
        self.unfiltered = all(i.names is None for i in items)
        self._memo: dict[bytes, tuple[NodeDetector, ...]] = {}
        # most names hold no fragment at all: one search over all of them says so
        fragments = sorted({f for i in items for f in i.names or ()}, key=lambda f: (-len(f), f))
        self._any_fragment = re.compile(b"|".join(re.escape(f) for f in fragments)) if fragments else None
        self._without_fragment = tuple(i.function for i in items if i.names is None)

    def for_node(self, node: Node) -> tuple[NodeDetector, ...]:
        name = node_name(node)
        found = self._memo.get(name)
        if found is None:
            if self._any_fragment is not None and self._any_fragment.search(name) is None:
                found = self._without_fragment
            else:
                found = tuple(i.function for i in self.items if i.wants(name))
            if len(name) <= self._MEMO_NAME_BYTES:
                self._memo[name] = found
        return found


@cache
def _dispatch(items: tuple[Registered, ...]) -> _Dispatch:
    return _Dispatch(items)  # one per set of detectors: its memo serves every file of a run


def _active(by_type: dict[str, tuple[Registered, ...]], settings: LintSettings, path: str) -> dict[str, _Dispatch]:
    """Per node type, the detectors with at least one enabled rule (decided once per file)."""
    enabled: dict[str, bool] = {}

    def on(rule_id: str) -> bool:
        if rule_id not in enabled:
            enabled[rule_id] = settings.enabled(rule_id, path)
        return enabled[rule_id]

    active = {}
    for node_type, items in by_type.items():
        chosen = tuple(i for i in items if any(on(r) for r in i.emits))
        if chosen:
            active[node_type] = _dispatch(chosen)
    return active


def _failed(function: Callable[..., None], exc: Exception, result: LintResult, node: Node | None = None) -> None:
    where = f" at byte {node.start_byte}" if node is not None else ""
    result.internal_errors.append(f"detector {function.__name__} failed{where}: {type(exc).__name__}: {exc}")


def _run(function: Callable[..., None], args: tuple[object, ...], result: LintResult) -> None:
    try:
        function(*args)
    except Exception as exc:  # noqa: BLE001 - one broken detector must not stop the others
        _failed(function, exc, result)


@dataclass
class FixOutcome:
    data: bytes
    result: LintResult
    applied: int = 0
    rounds: int = 0
    stopped: str = ""  # why fixing stopped early, if it did
    # the edits of each round that was kept, in order: `data` is the input with them applied
    edits: list[list[Edit]] = field(default_factory=list)
    fixed: Counter[str] = field(default_factory=Counter)  # rule id -> fixes applied


def lint_and_fix(
    path: str, data: bytes, settings: LintSettings, minimum: Applicability, tree: Tree | None = None
) -> FixOutcome:
    """Apply fixes until none applies (at most MAX_FIX_ROUNDS rounds). A round whose result has
    more parse errors than its input is rolled back and fixing stops there. `tree`: the parse of
    `data` when the caller has it (each round's tree is re-parsed from the last one's)."""
    current = data
    applied = 0
    kept: list[list[Edit]] = []
    fixed: Counter[str] = Counter()
    source = file_kind(path) == "source"
    if source and tree is None:
        tree = parse(current)
    errors = error_count(tree) if tree is not None else 0
    result = lint(path, current, settings, tree)
    for round_number in range(1, MAX_FIX_ROUNDS + 1):
        rule_of = {
            id(d.fix): d.rule for d in result.diagnostics if d.fix is not None and d.fix.applicability >= minimum
        }
        fixes = [d.fix for d in result.diagnostics if d.fix is not None and id(d.fix) in rule_of]
        if not fixes:
            return FixOutcome(current, result, applied, round_number - 1, edits=kept, fixed=fixed)
        outcome = apply_fixes(current, fixes, minimum)
        if not outcome.applied:
            return FixOutcome(current, result, applied, round_number - 1, edits=kept, fixed=fixed)
        if source:
            assert tree is not None
            tree = reparse(tree, current, outcome.source, outcome.edits)
            if error_count(tree) > errors:
                titles = ", ".join(sorted({f.title for f in outcome.applied}))
                return FixOutcome(
                    current,
                    result,
                    applied,
                    round_number,
                    f"fixes rolled back: they would add a parse error ({titles})",
                    kept,
                    fixed,
                )
        current = outcome.source
        applied += len(outcome.applied)
        kept.append(outcome.edits)
        fixed.update(rule_of[id(f)] for f in outcome.applied)
        result = lint(path, current, settings, tree)
    rules = ", ".join(sorted({d.rule for d in result.diagnostics if d.fix is not None}))
    return FixOutcome(
        current,
        result,
        applied,
        MAX_FIX_ROUNDS,
        f"fixes did not converge after {MAX_FIX_ROUNDS} rounds ({rules})",
        kept,
        fixed,
    )
