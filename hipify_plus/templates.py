"""Template rewrites: jinja2 files in templates/ render replacement text, never files.

A caller passes its captures (source text as str) and wraps the result in an Edit.
Source bytes go through surrogateescape so bytes that are not UTF-8 survive unchanged.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from hipify_plus.data import data_dir

if TYPE_CHECKING:
    import jinja2


@cache
def _environment() -> jinja2.Environment:
    import jinja2  # imported on first use: most runs render no template

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
    )


def text(data: bytes) -> str:
    """Source bytes as template input (lossless)."""
    return data.decode("utf-8", "surrogateescape")


def render(name: str, **captures: Any) -> bytes:
    rendered = _environment().get_template(name).render(**captures).strip("\n")
    return rendered.encode("utf-8", "surrogateescape")
