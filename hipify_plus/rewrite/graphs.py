"""A host loop of kernel launches -> one graph captured before the loop and replayed per iteration
(HP324's fix), behind the opt-in switch `#if HIPIFY_PLUS_USE_GRAPHS`.

The rendering, from texts and byte positions the detector proved (one stream the program
created, loop-invariant launches, nothing but launches in the body):

- before the loop: `hipStreamBeginCapture(s, hipStreamCaptureModeGlobal)`, the body's launches
  as written, `hipStreamEndCapture(s, &g)`, `hipGraphInstantiate(&e, g, nullptr, nullptr, 0)`
  (the five-argument form: HIP 5.2 and 5.7 declare only it; CUDA 12 and 13 keep it as a C++
  overload of their three-argument C function, so the same text serves a CUDA file that
  convert renames later); a failed step leaves `e` null and clears the error it left;
- first in the body: `if (e && hipGraphLaunch(e, s) == hipSuccess) continue;`, so the original
  launches below it run only when there is no graph or a replay fails (the fallback);
- after the loop: the stream is synchronised once, then the executable graph and the graph are
  destroyed (releasing an executable graph with replays in flight is not documented for HIP).

Every piece sits inside `#if HIPIFY_PLUS_USE_GRAPHS ... #endif`: without the macro the file
compiles to the original loop, so the user builds both ways and keeps the faster (replay is not
always faster on ROCm). A loop whose body starts with that `#if` is a rewritten loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from hipify_plus import templates
from hipify_plus.edits import Edit

MACRO = "HIPIFY_PLUS_USE_GRAPHS"


def is_switch(condition: str) -> bool:
    """True for the condition of the `#if` this rewrite writes."""
    return condition.strip() in (MACRO, f"defined({MACRO})", f"defined {MACRO}")


@dataclass(frozen=True)
class GraphLoop:
    api: str  # "hip" or "cuda": the runtime the file calls
    stream: str  # the stream expression every launch uses, as written
    indent: str  # the whitespace before the loop on its line
    inner: str  # the whitespace before the body's statements
    body: bytes  # the body's lines between the `{` line and the `}` line, as written
    suffix: str  # makes the graph variables' names unique in the file ("_42")
    newline: bytes  # b"\n" or b"\r\n", as the loop's lines end
    loop_line: int  # byte where the loop's first line begins: the capture goes there
    after_open: int  # byte after the line break that ends the body's `{` line
    after_loop: int  # byte after the line break that ends the loop's last line

    @property
    def graph(self) -> str:
        return f"hipify_plus_graph{self.suffix}"

    @property
    def exec(self) -> str:
        return f"hipify_plus_graph_exec{self.suffix}"


def _line_end(data: bytes, at: int) -> int | None:
    """The byte after the line break ending the line that holds `at`, if only blanks or a comment
    follow `at` on that line."""
    newline = data.find(b"\n", at)
    if newline < 0:
        return None
    rest = data[at:newline].strip()
    if (
        rest
        and not rest.startswith(b"//")
        and not (rest.startswith(b"/*") and rest.endswith(b"*/") and b"*/" not in rest[2:-2])
    ):
        return None
    return newline + 1


def plan(
    data: bytes, loop_start: int, loop_end: int, open_end: int, close_start: int, first_start: int
) -> partial[GraphLoop] | str:
    """Where the three pieces go, from the loop's bytes (the loop, the end of its body's `{`, the
    start of its `}`, the start of the first statement), or why the layout leaves no place:
    the pieces are whole lines, so the loop must begin its line, `{` end one, `}` stand alone on
    one and nothing but a comment follow the loop on its last line."""
    line_start = data.rfind(b"\n", 0, loop_start) + 1
    indent = data[line_start:loop_start]
    if indent.strip():
        return "the loop does not begin its line"
    after_open = _line_end(data, open_end)
    if after_open is None:
        return "code follows the body's `{` on its line"
    close_line = data.rfind(b"\n", 0, close_start) + 1
    if close_line < after_open or data[close_line:close_start].strip():
        return "the body's `}` does not stand on a line of its own"
    after_loop = _line_end(data, loop_end)
    if after_loop is None:
        return "code follows the loop on its last line"
    first_line = data.rfind(b"\n", 0, first_start) + 1
    inner = data[first_line:first_start]
    if inner.strip() or first_line < after_open or first_start >= close_start:
        inner = indent + b"    "
    newline = b"\r\n" if data[after_open - 2 : after_open] == b"\r\n" else b"\n"
    return partial(
        GraphLoop,
        indent=templates.text(indent.rstrip(b"\r")),
        inner=templates.text(inner),
        body=data[after_open:close_line],
        newline=newline,
        loop_line=line_start,
        after_open=after_open,
        after_loop=after_loop,
    )


def _render(name: str, loop: GraphLoop, **extra: object) -> bytes:
    step = (
        loop.inner[len(loop.indent) :] if loop.inner.startswith(loop.indent) and loop.inner != loop.indent else "    "
    )
    text = templates.render(
        f"graphs/{name}.j2",
        macro=MACRO,
        api=loop.api,
        stream=loop.stream,
        indent=loop.indent,
        inner=loop.inner,
        step=step,
        graph=loop.graph,
        exec=loop.exec,
        **extra,
    )
    return text.replace(b"\n", loop.newline) + loop.newline


def edits(loop: GraphLoop) -> list[Edit]:
    """The three insertions: capture before the loop, replay first in the body, release after."""
    body = templates.text(loop.body.rstrip(b"\r\n").replace(b"\r\n", b"\n"))
    return [
        Edit(loop.loop_line, loop.loop_line, _render("capture", loop, body=body)),
        Edit(loop.after_open, loop.after_open, _render("replay", loop)),
        Edit(loop.after_loop, loop.after_loop, _render("release", loop)),
    ]
