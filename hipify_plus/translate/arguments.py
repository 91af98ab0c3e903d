"""Argument rewrites for calls whose HIP/ROC counterpart takes its arguments differently.

The facts live in rules/mappings/call_arguments.tsv: per CUDA function, which side of the
translation (its HIP name, its ROC name under --roc, or either), which target releases, how many
arguments the CUDA call has, and what to do with them, by position in the CUDA call:

    insert N TEXT     TEXT (one or more arguments) before argument N; N = the count appends
    replace N TEXT    argument N becomes TEXT
    remove N          argument N goes
    drop N            argument N goes; an HP016 warning unless it is a null pointer constant
    duplicate N M     a copy of argument N (as translated) before argument M
    size_t_out N      argument N points to where the library writes a size (size_t) and CUDA's
                      function an int: `&v` of an `int v` declared alone in this function, used
                      nowhere else by address or in a printf, is declared `size_t v` instead
                      (HP019); any other argument leaves the call as it is, with HP015
    size_t_out N cast the same, and the argument written as HIPIFY writes it:
                      `reinterpret_cast<size_t*>(&v)` (a no-op once v is a size_t)
    fail              no rewrite is right: the call stays as it is, with HP015

TEXT may hold `{hip_version}`: 100 * major + minor of the target release (602 for 6.2), and, for
replace, `{arg}`: the argument it replaces, as translated (parenthesised unless it is one name or
number).

The translator asks `accept` when it is about to rename a function: a call whose argument count
is not the row's is left as it is, with an HP015 error (never renamed into a call the HIP
function does not take). Accepted calls are rewritten by `apply`, after every rename, through
the same EditBuffer: replaced and removed arguments absorb the renames inside them, and copied
arguments are copied as translated.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from hipify_plus import lexer
from hipify_plus.cuda.declarations import Declared, lookup, references
from hipify_plus.cuda.syntax import call_args, callee_node, node_text, same
from hipify_plus.data import data_dir
from hipify_plus.edits import Edit, EditBuffer
from hipify_plus.mappings import Mapping
from hipify_plus.parse import Node, Tree
from hipify_plus.versions import Version, in_range

_NULL = re.compile(rb"^\s*(?:0|0[lLuU]*|NULL|nullptr|\(\s*void\s*\*\s*\)\s*0)\s*$")
_ADDRESS_OF = re.compile(rb"^\s*&\s*([A-Za-z_]\w*)\s*$")
_FORMATTING = re.compile(r"^(?:std::)?\w*printf$")
_OPS = frozenset({"insert", "replace", "remove", "drop", "duplicate", "size_t_out", "fail"})


class TableError(ValueError):
    """A row of call_arguments.tsv that does not parse (a bug in the data, raised at load)."""


@dataclass(frozen=True)
class Operation:
    op: str
    position: int = -1
    text: str = ""  # insert/replace: the text; duplicate: the target position, as a string


@dataclass(frozen=True)
class Row:
    cuda: str
    side: str  # always | hip | roc
    rocm: str  # "" | ">=6.0" | "<6.0"
    count: int
    operations: tuple[Operation, ...]
    note: str

    def applies(self, side: str, version: Version) -> bool:
        if self.side != "always" and self.side != side:
            return False
        return in_range(version, self.rocm)

    @property
    def fails(self) -> bool:
        return any(o.op == "fail" for o in self.operations)


def _operation(text: str, cuda: str, count: int) -> Operation:
    words = text.split(None, 2)
    op = words[0] if words else ""
    if op not in _OPS:
        raise TableError(f"call_arguments.tsv: {cuda}: unknown operation {text!r}")
    if op == "fail":
        return Operation("fail")
    if len(words) < 2 or not words[1].isdigit():
        raise TableError(f"call_arguments.tsv: {cuda}: {text!r} needs an argument position")
    position = int(words[1])
    rest = words[2] if len(words) > 2 else ""
    limit = count if op == "insert" else count - 1
    if position > limit:
        raise TableError(f"call_arguments.tsv: {cuda}: {text!r}: position past the {count} arguments")
    if op in ("insert", "replace") and not rest:
        raise TableError(f"call_arguments.tsv: {cuda}: {text!r} needs a text")
    if op == "duplicate" and (not rest.isdigit() or int(rest) > count):
        raise TableError(f"call_arguments.tsv: {cuda}: {text!r} needs a target position")
    if op == "size_t_out" and rest not in ("", "cast"):
        raise TableError(f"call_arguments.tsv: {cuda}: {text!r}: size_t_out takes only `cast`")
    return Operation(op, position, rest)


@cache
def call_rows() -> dict[str, tuple[Row, ...]]:
    """Every row of rules/mappings/call_arguments.tsv, by CUDA function."""
    path = data_dir("rules") / "mappings" / "call_arguments.tsv"
    rows: dict[str, list[Row]] = {}
    header: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        get = dict(zip(header, cells, strict=False))  # a row may be shorter than the header
        cuda, count = get.get("cuda", ""), get.get("args", "")
        if not cuda or not count.isdigit() or get.get("when") not in ("always", "hip", "roc"):
            raise TableError(f"call_arguments.tsv: bad row {line!r}")
        operations = tuple(
            _operation(o.strip(), cuda, int(count)) for o in get.get("operations", "").split(";") if o.strip()
        )
        rows.setdefault(cuda, []).append(
            Row(cuda, get["when"], get.get("rocm", ""), int(count), operations, get.get("note", ""))
        )
    return {name: tuple(found) for name, found in rows.items()}


@dataclass
class _Pending:
    row: Row
    args: list[tuple[int, int]]
    close: int  # just past the call's ')'


class CallArguments:
    """The argument rewrites of one file's calls (see the module docstring)."""

    def __init__(
        self, data: bytes, version: Version, report: Callable[..., None], tree: Callable[[], Tree] | None = None
    ) -> None:
        self.data = data
        self.version = version
        self.report = report
        self.tree = tree  # the file's parse, asked for only where a rewrite reads declarations
        self.rows = call_rows()
        self.pending: list[_Pending] = []
        self.retyped: dict[int, Declared] = {}  # declaration start -> the `int` made a size_t (size_t_out)

    def accept(self, mapping: Mapping, target: str, start: int, end: int) -> bool:
        """Whether the name at [start, end) may be renamed to `target`. False: the call is left
        as it is (an HP015 error says why)."""
        rows = self.rows.get(mapping.cuda)
        if rows is None:
            return True
        side = "roc" if mapping.roc and target == mapping.roc else "hip"
        applying = [r for r in rows if r.applies(side, self.version)]
        if not applying:
            return True
        call = lexer.call_arguments(self.data, end)
        if call is None:
            return True  # not a call (a function's address, a declaration of the project's own)
        args, close = call
        # a function with rows for several argument counts (CUDA 12's and 13's cuCtxCreate) takes
        # the row of the call's count; with none, the first says what was expected
        row = next((r for r in applying if r.count == len(args)), applying[0])
        info = {"identifier": mapping.cuda, "library": mapping.library, "status": mapping.status}
        if len(args) != row.count:
            self.report(
                "HP015",
                start,
                end,
                f"`{mapping.cuda}` is called with {len(args)} arguments where {row.count} were "
                f"expected: left as it is, since `{target}` takes them differently ({row.note})",
                **info,
            )
            return False
        if row.fails or not self._sizes_fit(row, args, side, start, end, info):
            self.report("HP015", start, end, f"`{mapping.cuda}` left as it is: {row.note}", **info)
            return False
        for operation in row.operations:
            if operation.op == "drop" and not _NULL.match(self.data[slice(*args[operation.position])]):
                self.report(
                    "HP016",
                    start,
                    end,
                    f"argument {operation.position + 1} of `{mapping.cuda}` dropped: {row.note}",
                    **info,
                )
        self.pending.append(_Pending(row, args, close))
        return True

    def _sizes_fit(
        self, row: Row, args: list[tuple[int, int]], side: str, start: int, end: int, info: dict[str, str]
    ) -> bool:
        """Whether every `size_t_out` argument of the call points to a size_t once convert has
        declared its variable so (HP019 says where); False leaves the call as it is."""
        for operation in row.operations:
            if operation.op != "size_t_out":
                continue
            declared = self._size_variable(args[operation.position], side)
            if declared is None:
                return False
            if declared.type_name == "size_t" or declared.node.start_byte in self.retyped:
                continue
            self.retyped[declared.node.start_byte] = declared
            type_node = declared.node.child_by_field_name("type")
            assert type_node is not None
            self.report(
                "HP019",
                type_node.start_byte,
                type_node.end_byte,
                f"`{declared.name}` declared `size_t`, not `int`: `{row.cuda}`'s ROC counterpart "
                "writes the buffer size as a size_t (8 bytes) where cuSPARSE writes an int",
                identifier=row.cuda,
            )
        return True

    def _size_variable(self, arg: tuple[int, int], side: str) -> Declared | None:
        """The variable `&v` points to, when it is a size_t or an `int` convert may declare
        size_t: declared alone in a function of this file, its address taken only for
        `size_t_out` arguments, never formatted by a printf, never named in a macro."""
        match = _ADDRESS_OF.match(self.data[slice(*arg)])
        if match is None or self.tree is None:
            return None
        use = self.tree().root_node.descendant_for_byte_range(arg[0] + match.start(1), arg[0] + match.end(1))
        declared = lookup(use) if use is not None and use.type == "identifier" else None
        if declared is None or declared.node.type != "declaration" or not declared.plain_value:
            return None
        if declared.type_name == "size_t":
            return declared
        scope = declared.node.parent
        if (
            declared.type_name != "int"
            or declared.qualifiers
            or len(declared.node.children_by_field_name("declarator")) != 1
            or scope is None
            or scope.type != "compound_statement"
            or re.search(rb"^[ \t]*#[ \t]*define\b.*\b%s\b" % match.group(1), self.data, re.M)
        ):
            return None
        if all(self._size_use(use, side) for use in references(declared.node, declared.name)):
            return declared
        return None

    def _size_use(self, use: Node, side: str) -> bool:
        """A use of a size variable convert may retype: a value outside printf's arguments, or
        its address as a `size_t_out` argument of a call this translation rewrites."""
        parent = use.parent
        if parent is not None and parent.type == "pointer_expression" and node_text(parent).startswith("&"):
            argument_list = parent.parent
            if argument_list is None or argument_list.type != "argument_list" or argument_list.parent is None:
                return False
            call = argument_list.parent
            callee = callee_node(call)
            if callee is None:
                return False
            arguments = call_args(call)
            position = next((i for i, a in enumerate(arguments) if same(a, parent)), -1)
            return any(
                o.op == "size_t_out" and o.position == position
                for r in self.rows.get(node_text(callee), ())
                if r.applies(side, self.version) and r.count == len(arguments)
                for o in r.operations
            )
        node: Node | None = use
        while node is not None and node.type not in ("compound_statement", "translation_unit"):
            if node.type == "call_expression":
                callee = callee_node(node)
                if callee is not None and _FORMATTING.match(node_text(callee)):
                    return False
            node = node.parent
        return True

    def apply(self, buffer: EditBuffer) -> None:
        """Rewrite the arguments of every accepted call; run after every rename."""
        for declared in self.retyped.values():
            type_node = declared.node.child_by_field_name("type")
            assert type_node is not None
            buffer.add(Edit(type_node.start_byte, type_node.end_byte, b"size_t"))
        for pending in self.pending:
            self._rewrite(buffer, pending)

    def _text(self, text: str) -> bytes:
        major, minor = self.version[0], self.version[1]
        return text.replace("{hip_version}", str(100 * major + minor)).encode()

    def _rewrite(self, buffer: EditBuffer, pending: _Pending) -> None:
        args, count = pending.args, len(pending.args)
        before: dict[int, list[bytes]] = {}  # argument position -> arguments to insert before it
        removed: set[int] = set()
        for operation in pending.row.operations:
            if operation.op == "insert":
                before.setdefault(operation.position, []).append(self._text(operation.text))
            elif operation.op == "duplicate":
                copy = buffer.render(*args[operation.position])
                before.setdefault(int(operation.text), []).append(copy)
            elif operation.op == "replace":
                text = self._text(operation.text)
                if b"{arg}" in text:
                    text = text.replace(b"{arg}", _operand(buffer.render(*args[operation.position])))
                buffer.replace_absorbing(*args[operation.position], text)
            elif operation.op in ("remove", "drop"):
                removed.add(operation.position)
            elif operation.op == "size_t_out" and operation.text == "cast":
                pointer = buffer.render(*args[operation.position]).strip()
                buffer.replace_absorbing(*args[operation.position], b"reinterpret_cast<size_t*>(%s)" % pointer)
        for first, last in _runs(sorted(removed)):
            if last < count - 1:
                buffer.replace_absorbing(args[first][0], args[last + 1][0], b"")
            elif first > 0:
                buffer.replace_absorbing(args[first - 1][1], args[last][1], b"")
            else:
                buffer.replace_absorbing(args[0][0], args[-1][1], b"")
        for position, texts in before.items():
            if position < count:
                buffer.add(Edit(args[position][0], args[position][0], b", ".join(texts) + b", "))
            elif count:
                buffer.add(Edit(args[-1][1], args[-1][1], b", " + b", ".join(texts)))
            else:
                inside = pending.close - 1
                buffer.add(Edit(inside, inside, b", ".join(texts)))


_SIMPLE = re.compile(rb"^[A-Za-z_0-9.]+$")


def _operand(text: bytes) -> bytes:
    """An argument's text as an operand: `algo` stays, `a ? 1 : 2` becomes `(a ? 1 : 2)`."""
    return text if _SIMPLE.match(text) else b"(" + text + b")"


def _runs(positions: list[int]) -> list[tuple[int, int]]:
    """Consecutive positions as (first, last) runs: [4, 7, 8, 9] -> [(4, 4), (7, 9)]."""
    runs: list[tuple[int, int]] = []
    for position in positions:
        if runs and runs[-1][1] == position - 1:
            runs[-1] = (runs[-1][0], position)
        else:
            runs.append((position, position))
    return runs
