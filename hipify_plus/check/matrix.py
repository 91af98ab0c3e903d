"""Matrix instructions in converted WMMA kernels: rocWMMA compiles a fragment its target cannot
run (or an architecture it does not know) into plain loads and stores, with no error, so for
every target a unit compiles for, each kernel that calls `mma_sync` is compiled to device
assembly (`-O3 --cuda-device-only -S`) and its `v_mfma*`/`v_wmma*` instructions are counted; a
kernel with none gets an HP018 finding."""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from hipify_plus.check.compile import cache_key
from hipify_plus.check.units import Converted
from hipify_plus.cuda.syntax import base_name, declarator_name, execution_space
from hipify_plus.diagnostics import Diagnostic, make_diagnostic
from hipify_plus.fsutil import write_atomic
from hipify_plus.positions import converted_and_original, place_back
from hipify_plus.resources.hipcc import Hipcc, HipccFailed

CACHE_FORMAT = "matrix-1"
_ROCWMMA = re.compile(rb"#\s*include\s*[<\"]rocwmma/rocwmma\.hpp[>\"]")
_INSTRUCTION = re.compile(r"^\s*v_(?:mfma|wmma)\w*", re.MULTILINE)
_SYMBOL = re.compile(r"^(_Z\w+):\s*(?:;.*)?$", re.MULTILINE)
_KERNEL_SYMBOL = re.compile(r"^\s*\.amdhsa_kernel\s+(\S+)", re.MULTILINE)


@dataclass
class MatrixCount:
    """Matrix instructions per WMMA kernel of one unit, per target."""

    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # arch -> kernel -> count
    problems: dict[str, str] = field(default_factory=dict)  # arch -> why it was not counted

    def to_json(self) -> dict[str, object]:
        return {"matrix_instructions": self.counts, **({"matrix_not_counted": self.problems} if self.problems else {})}


def wmma_kernels(data: bytes) -> list[tuple[str, int]]:
    """(name, byte offset) of each `__global__` function whose body calls `mma_sync`, in a unit
    that includes rocWMMA."""
    if _ROCWMMA.search(data) is None or b"mma_sync" not in data:
        return []
    from hipify_plus.parse import nodes_of_types, parse  # parsed only for WMMA units

    found = []
    for definition in nodes_of_types(parse(data), frozenset({"function_definition"})):
        name = declarator_name(definition)
        if name is None or name.text is None or "__global__" not in execution_space(definition):
            continue
        if b"mma_sync" in data[definition.start_byte : definition.end_byte]:
            found.append((base_name(name.text.decode("utf-8", "replace")), name.start_byte))
    return found


def _demangled_name(symbol: str) -> str:
    """The unqualified function name in an Itanium symbol: `_Z9gemm_tilePKfPf` -> gemm_tile,
    `_ZN2ns4gemmEv` -> gemm (the last name of a nested name)."""
    text = symbol[2:]
    nested = text.startswith("N")
    text = text[1:] if nested else text
    names = []
    while text and (digits := re.match(r"\d+", text)) is not None:
        length = digits.group(0)
        names.append(text[len(length) : len(length) + int(length)])
        text = text[len(length) + int(length) :]
        if not nested:
            break
    return names[-1] if names else symbol


def count_instructions(assembly: str) -> dict[str, int]:
    """Matrix instructions per kernel (by name) in amdgcn assembly."""
    kernels = set(_KERNEL_SYMBOL.findall(assembly))
    counts: dict[str, int] = {}
    starts = [(m.start(), m.group(1)) for m in _SYMBOL.finditer(assembly)]
    for index, (start, symbol) in enumerate(starts):
        if symbol not in kernels:
            continue
        end = starts[index + 1][0] if index + 1 < len(starts) else len(assembly)
        body = assembly[start:end]
        body = body[: body.find(".Lfunc_end")] if ".Lfunc_end" in body else body
        name = _demangled_name(symbol)
        counts[name] = counts.get(name, 0) + len(_INSTRUCTION.findall(body))
    return counts


def count_unit(
    hipcc: Hipcc, unit: Path, arch: str, flags: list[str], files: list[Path], cache_dir: Path | None
) -> tuple[dict[str, int] | None, str]:
    """(matrix instructions per kernel, '') or (None, why not) for one unit and target."""
    key = cache_key(hipcc, arch, flags, files, CACHE_FORMAT)
    cache_file = cache_dir / "check" / f"{key}.json" if cache_dir else None
    if cache_file is not None:
        try:
            return {str(k): int(v) for k, v in json.loads(cache_file.read_text(encoding="utf-8")).items()}, ""
        except (OSError, ValueError, TypeError, AttributeError):
            pass
    command = [
        "-O3",
        "--cuda-device-only",
        "-S",
        "-o",
        "-",
        "-x",
        "hip",
        f"--offload-arch={arch}",
        "-w",
        *flags,
        str(unit),
    ]
    try:
        done = hipcc.run(command)
    except HipccFailed as exc:
        return None, str(exc)
    if done.returncode != 0:
        return None, "hipcc could not compile it to device assembly"
    counts = count_instructions(done.stdout)
    if cache_file is not None:
        with contextlib.suppress(OSError):
            write_atomic(cache_file, json.dumps(counts).encode())
    return counts, ""


def findings(unit: Converted, kernels: list[tuple[str, int]], count: MatrixCount, hipcc: Hipcc) -> list[Diagnostic]:
    """HP018 on each WMMA kernel (in the user's file) with no matrix instruction for a target."""
    texts = converted_and_original(str(unit.output), unit.input)
    if texts is None:
        return []
    source, original = texts
    found = []
    for name, offset in kernels:
        empty = [arch for arch, counts in count.counts.items() if counts.get(name, 0) == 0]
        if not empty:
            continue
        message = (
            f"kernel `{name}` calls mma_sync but hipcc {hipcc.version} compiles it with no matrix "
            f"instruction (v_mfma/v_wmma) for {', '.join(empty)}: rocWMMA turned its fragments into "
            "plain loads and stores (a fragment or target that rocWMMA release cannot run)"
        )
        diagnostic = make_diagnostic(source, "HP018", offset, offset + len(name.encode()), message)
        found.append(place_back(diagnostic, unit.positions, original))
    return found
