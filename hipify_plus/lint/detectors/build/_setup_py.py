"""setup.py read with `ast` (never run): the compiler argument lists of its extensions."""

from __future__ import annotations

import ast
import re

from hipify_plus.lint.detectors.build._model import (
    GPU,
    HIP,
    NVCC,
    _Branch,
    _Conditional,
    _guarded_regions,
    _in_region,
    _Line,
    _other,
    _region_at,
    _subject,
    _Word,
)

_SIMPLE_STRING = re.compile(r"[rRuU]?(['\"])([^'\"\\\n]*)\1")
_ROCM_AWARE = re.compile(rb"rocm|version\.hip|is_hip|hipcc", re.IGNORECASE)


class _SetupFile:
    """A parsed (never run) setup.py: byte offsets of nodes, list variables, guarded regions."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.starts = [0] + [i + 1 for i, c in enumerate(data) if c == 0x0A]
        self.assignments: dict[str, list[ast.expr]] = {}
        self.appends: dict[str, list[ast.expr]] = {}  # `flags.append(x)` / `.extend(...)`
        self.regions: list[_Branch] = []

    def span(self, node: ast.AST) -> tuple[int, int]:
        """Byte range of a node (ast columns are UTF-8 byte offsets)."""
        start = self.starts[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined]
        end = self.starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
        return start, end

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8", "replace")


def _setup_lines(data: bytes) -> list[_Line]:
    """Flag lists given to nvcc: `extra_compile_args={'nvcc': ...}` or `dict(nvcc=...)`,
    `extra_cuda_cflags=...`, and list variables named after nvcc. PyTorch hands the 'nvcc' list to
    hipcc on ROCm, so in a ROCm-aware file the lists reach both compilers."""
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return []
    setup = _SetupFile(data)
    base = GPU if _ROCM_AWARE.search(data) else frozenset({NVCC})
    roots: list[tuple[ast.expr, frozenset[str]]] = []
    conditionals: list[_Conditional] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    setup.assignments.setdefault(target.id, []).append(node.value)
                    if "nvcc" in target.id.lower():
                        roots.append((node.value, base))
                    elif "hipcc" in target.id.lower():
                        roots.append((node.value, frozenset({HIP})))
        elif isinstance(node, ast.Call):
            function = node.func
            if (
                isinstance(function, ast.Attribute)
                and isinstance(function.value, ast.Name)
                and function.attr in ("append", "extend", "insert")
                and node.args
            ):
                setup.appends.setdefault(function.value.id, []).append(node.args[-1])
            if isinstance(function, ast.Name) and function.id == "dict":
                roots.extend((k.value, base) for k in node.keywords if k.arg == "nvcc")
            roots.extend((k.value, base) for k in node.keywords if k.arg == "extra_cuda_cflags")
        elif isinstance(node, ast.Dict):
            roots.extend(
                (value, base)
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value == "nvcc"
            )
        if isinstance(node, ast.If | ast.IfExp):
            conditionals.append(_python_conditional(setup, node))
    setup.regions = _guarded_regions(data, conditionals)
    lines: list[_Line] = []
    seen: set[int] = set()
    for root, reach in roots:
        _collect_lists(setup, root, reach, lines, seen, set())
    return [line for line in lines if line.reach & GPU]


def _python_conditional(setup: _SetupFile, node: ast.If | ast.IfExp) -> _Conditional:
    words = re.findall(r"[A-Za-z_][\w.]*|==|!=|\S", setup.text(node.test))
    found = _subject(words)
    platform: str | None = None
    if found is not None:
        index, platform = found
        negated = index > 0 and words[index - 1] == "not"
        if " ".join(words[index + 1 : index + 3]) in ("is None", "== None", "== 0", "== False"):
            negated = not negated
        platform = _other(platform) if negated else platform
    body = node.body if isinstance(node, ast.If) else [node.body]
    orelse = node.orelse if isinstance(node, ast.If) else [node.orelse]
    start, end = setup.span(node)
    conditional = _Conditional(start, end)
    conditional.branches.append(_Branch(platform, setup.span(body[0])[0], setup.span(body[-1])[1]))
    if orelse:
        else_start, else_end = setup.span(orelse[0])[0], setup.span(orelse[-1])[1]
        conditional.branches.append(_Branch(None, else_start, else_end, bare_else=True))
    return conditional


def _collect_lists(
    setup: _SetupFile, node: ast.expr, reach: frozenset[str], lines: list[_Line], seen: set[int], names: set[str]
) -> None:
    """Follow a flags expression (`a + ['-G']`, a variable, `x if c else y`) to its lists."""
    if isinstance(node, ast.List | ast.Tuple):
        if id(node) not in seen:
            seen.add(id(node))
            words = [w for element in node.elts for w in _python_words(setup, element, item=True)]
            start = setup.span(node)[0]
            if words:
                placed = _in_region(reach, _region_at(setup.regions, start))
                lines.append(_Line(words, placed, f"list:{start}"))
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        _collect_lists(setup, node.left, reach, lines, seen, names)
        _collect_lists(setup, node.right, reach, lines, seen, names)
    elif isinstance(node, ast.IfExp):
        _collect_lists(setup, node.body, reach, lines, seen, names)
        _collect_lists(setup, node.orelse, reach, lines, seen, names)
    elif isinstance(node, ast.Call) and ast.unparse(node.func) == "list" and node.args:
        _collect_lists(setup, node.args[0], reach, lines, seen, names)
    elif isinstance(node, ast.Name) and node.id not in names:
        names.add(node.id)
        for value in setup.assignments.get(node.id, []):
            _collect_lists(setup, value, reach, lines, seen, names)
        for value in setup.appends.get(node.id, []):
            if not isinstance(value, ast.Constant):
                _collect_lists(setup, value, reach, lines, seen, names)
            elif id(value) not in seen:
                seen.add(id(value))
                words = _python_words(setup, value, item=False)
                placed = _in_region(reach, _region_at(setup.regions, setup.span(value)[0]))
                if words:
                    lines.append(_Line(words, placed, f"append:{node.id}", removable=False))


def _python_words(setup: _SetupFile, node: ast.expr, item: bool) -> list[_Word]:
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
        return []
    start, end = setup.span(node)
    raw = setup.data[start:end].decode("utf-8", "replace")
    simple = _SIMPLE_STRING.fullmatch(raw)
    value: str = node.value
    if simple is None or simple.group(2) != value:  # escapes, triple quotes, concatenation
        return [_Word(start, end, w, editable=False) for w in value.split()]
    if item and value.split() == [value]:
        return [_Word(start, end, value, item=True, quote=simple.group(1))]
    content = start + raw.index(simple.group(1)) + 1
    parts = list(re.finditer(r"\S+", value))
    joiner = " " if len(parts) > 1 else None  # one string is one argument: no room for two flags
    return [_Word(content + m.start(), content + m.end(), m.group(), joiner=joiner) for m in parts]


# -- flags ----------------------------------------------------------------------------------

# Which spellings each rule reports, which take the next word as their value and the traits
# of their values: all from rules/mappings/nvcc_flags.tsv, the table convert rewrites flags with.
