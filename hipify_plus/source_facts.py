"""What the report reads from the user's own files besides their findings: each kernel as it is
defined (its line, the launch bounds as written, its per-thread state) and the lines of device
code. Without a compile check, convert's workers work these out from the parse the renamer made
(`ConvertSettings.source_facts`), so the report neither reads nor parses a file again for them;
a file they did not come back for (a hipify-perl run) is read and parsed here on first need."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hipify_plus.fsutil import content_digest
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.settings import LintSettings
from hipify_plus.parse import Tree, parse
from hipify_plus.source import SourceFile


@dataclass(frozen=True)
class KernelDefinition:
    name: str  # as the file's kernels are keyed: without template arguments or scope
    line: int  # 1-based line of the definition
    bounds: str  # the launch bounds as written, blanks collapsed ("" without any)
    threads: int | None  # the threads they allow (None without bounds, or when not a constant)
    state_words: int  # the static estimate of its per-thread state (lint/detectors/launch/_registers.py)


@dataclass(frozen=True)
class SourceFacts:
    digest: str  # of the bytes these facts were made from
    kernels: tuple[KernelDefinition, ...]  # in document order
    device_lines: int  # lines of its __global__ and __device__ function definitions

    def kernel(self, name: str) -> KernelDefinition | None:
        return next((k for k in self.kernels if k.name == name), None)

    def to_json(self) -> dict[str, Any]:
        kernels = [[k.name, k.line, k.bounds, k.threads, k.state_words] for k in self.kernels]
        return {"digest": self.digest, "kernels": kernels, "device_lines": self.device_lines}

    @classmethod
    def from_json(cls, raw: Any) -> SourceFacts | None:
        """The facts a worker or a cache entry holds; None for anything not shaped like them."""
        try:
            kernels = tuple(
                KernelDefinition(str(n), int(line), str(b), None if t is None else int(t), int(w))
                for n, line, b, t, w in raw["kernels"]
            )
            return cls(str(raw["digest"]), kernels, int(raw["device_lines"]))
        except (TypeError, ValueError, KeyError):
            return None


def source_facts(path: str, data: bytes, tree: Tree | None = None) -> SourceFacts:
    """The facts of the file `path` holding `data` (`tree`: its parse, when the caller has it)."""
    from hipify_plus.lint.detectors.launch._registers import register_estimate

    context = LintContext(SourceFile(path, data), tree if tree is not None else parse(data), LintSettings())
    kernels = []
    for name, kernel in context.kernels.items():
        bounds, threads = "", None
        if kernel.launch_bounds is not None:
            written = data[kernel.launch_bounds.start_byte : kernel.launch_bounds.end_byte]
            bounds = " ".join(written.decode("utf-8", "replace").split())
            threads = kernel.bounds[0] if kernel.bounds and kernel.bounds[0] else None
        words = register_estimate(context, kernel.node).words
        kernels.append(KernelDefinition(name, kernel.node.start_point[0] + 1, bounds, threads, words))
    lines = 0
    for node in context.nodes({"function_definition"}):
        space = context.execution_space(node)
        if "__global__" in space or "__device__" in space:
            lines += node.end_point[0] - node.start_point[0] + 1
    return SourceFacts(content_digest(data), tuple(kernels), lines)


class ParsedSources:
    """The user's files' facts, each worked out once: those convert's workers sent, else read
    and parsed here on first need. Shared by the report's kernel section and its effort."""

    def __init__(self, given: dict[str, SourceFacts] | None = None) -> None:
        self._files: dict[str, SourceFacts | None] = dict(given or {})

    def facts(self, path: str) -> SourceFacts | None:
        """The file's facts (None when it cannot be read)."""
        if path not in self._files:
            try:
                data = Path(path).read_bytes()
            except OSError:
                self._files[path] = None
            else:
                self._files[path] = source_facts(path, data)
        return self._files[path]

    def kernel(self, path: str, name: str) -> KernelDefinition | None:
        found = self.facts(path)
        return found.kernel(name) if found is not None else None

    def device_lines(self, path: str, data: bytes) -> int:
        """Lines of device code in `data`, the file at `path` (its facts if they are of these
        bytes, else worked out from them)."""
        found = self.facts(path)
        if found is None or found.digest != content_digest(data):
            found = source_facts(path, data)
        return found.device_lines
