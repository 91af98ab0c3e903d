"""jinja2 files in templates/: code templates render replacement text (a caller wraps it in an
Edit); report templates render whole documents, HTML ones with every value escaped.

Source bytes go through surrogateescape so bytes that are not UTF-8 survive unchanged.
"""

from __future__ import annotations

import contextlib
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
        # Code templates render source text as it is; HTML templates escape every value.
        autoescape=lambda name: name is not None and name.endswith((".html.j2", ".svg.j2")),
        keep_trailing_newline=False,
        bytecode_cache=_compiled_templates(),
    )


def _compiled_templates() -> jinja2.BytecodeCache:
    """jinja2 compiles a template to Python at every start (the report page: about 50 ms); the
    compiled code is kept in the cache folder, as Python keeps its own, under a key of the
    template's name and text (jinja2's), so an edited template is compiled again, in a folder of
    this installation's (its environment's options are compiled in). Best effort: a cache folder
    that cannot be written is compiled around."""
    import jinja2

    from hipify_plus.data import installation_fingerprint
    from hipify_plus.fsutil import default_cache_dir, write_atomic

    folder = default_cache_dir() / "templates" / installation_fingerprint()

    class Compiled(jinja2.BytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                bucket.bytecode_from_string((folder / f"{bucket.key}.code").read_bytes())
            except (OSError, ValueError, EOFError, TypeError):
                bucket.reset()

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            with contextlib.suppress(OSError):
                write_atomic(folder / f"{bucket.key}.code", bucket.bytecode_to_string())

    return Compiled()


def text(data: bytes) -> str:
    """Source bytes as template input (lossless)."""
    return data.decode("utf-8", "surrogateescape")


def render(name: str, **captures: Any) -> bytes:
    rendered = _environment().get_template(name).render(**captures).strip("\n")
    return rendered.encode("utf-8", "surrogateescape")


def render_document(name: str, filters: dict[str, Any] | None = None, **values: Any) -> str:
    """A whole document (a report page) from a template; `filters` are added for this call's
    template environment (they are pure functions, so sharing them is harmless)."""
    environment = _environment()
    environment.filters.update(filters or {})
    return environment.get_template(name).render(**values)
