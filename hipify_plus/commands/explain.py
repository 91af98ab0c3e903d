"""`hipify-plus explain NAME`: what hipify-plus knows about one CUDA name, header or rule.

For a CUDA name: its HIP and ROC names with the library of each, the release each appeared (the
headers' release where rules/mappings/verified_versions.tsv measured one), deprecation, removal
and changes on both sides, what convert writes for a target release and which finding it gives
(the translator's decision, then the release-dependent rewrites it applies: HP318, HP327) and
the releases where that changes, the notes of the hand-written mapping tables, and the rules
whose documentation mentions the name (64-bit warp masks, what __launch_bounds__ means on AMD,
MIOpen's argument order ...). A HIP or ROC name is explained through the CUDA names that map to
it; a rule id or name prints the rule's documentation, as `hipify-plus rule` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from hipify_plus.data import data_dir
from hipify_plus.mappings import (
    CUDA_LOOKING,
    HIP_LIBRARY_NAMES,
    LIBRARY_NAMES,
    ROC_LIBRARY_NAMES,
    HeaderMapping,
    Mapping,
    MappingTable,
    load_mappings,
)
from hipify_plus.pipeline import ConvertRule, convert_rules
from hipify_plus.registry import Rule, all_rules
from hipify_plus.rewrite.blas import (
    COMPUTE_VARIABLE_TYPES,
    compute_holder_type,
    compute_type,
    data_type,
    gemm_shape,
    hipblas_form,
    hipblas_gemm,
    plan_hipblas_gemm,
)
from hipify_plus.versions import Version, format_version

_RULE_ID = re.compile(r"^HP\d{3}$", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(])")


class UnknownName(LookupError):
    """Neither a rule, a header nor a name the mapping data or the rules know."""


def _v(version: Version | None) -> str:
    return format_version(version) if version is not None else "-"


def rule_text(rule: Rule) -> str:
    """A rule's documentation, as `hipify-plus rule` prints it."""
    return (
        f"# {rule.id} {rule.name}\n\nFamily: {rule.family}. Severity: {rule.severity}. "
        f"Fix: {rule.fix}.\n\n{rule.summary}.\n\n{rule.docs}"
    )


def find_rule(name: str) -> Rule | None:
    rules = all_rules()
    if _RULE_ID.match(name):
        return rules.get(name.upper())
    return next((r for r in rules.values() if r.name == name), None)


@dataclass(frozen=True)
class Mention:
    rule: Rule
    sentences: tuple[str, ...]


@cache
def _rule_docs() -> tuple[Rule, ...]:
    return tuple(all_rules().values())


def _paragraphs(docs: str) -> list[str]:
    """The prose of a rule's documentation: headings and code blocks left out."""
    paragraphs: list[str] = []
    current: list[str] = []
    in_code = False
    for line in docs.splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
            continue
        if in_code or line.startswith("#"):
            if current:
                paragraphs.append(" ".join(current))
                current = []
            continue
        if not line.strip():
            if current:
                paragraphs.append(" ".join(current))
                current = []
            continue
        current.append(line.strip())
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs


def mentions(names: tuple[str, ...]) -> list[Mention]:
    """The rules whose summary or documentation names one of `names` (as a word), with the
    sentences of the documentation that do."""
    words = [re.compile(rf"(?<![\w]){re.escape(n)}(?![\w])") for n in names if n]
    found: list[Mention] = []
    for rule in _rule_docs():
        if not any(w.search(f"{rule.summary}\n{rule.docs}") for w in words):
            continue
        sentences: list[str] = []
        for paragraph in _paragraphs(rule.docs):
            for sentence in _SENTENCE.split(paragraph):
                sentence = sentence.strip().lstrip("- ").strip()
                if any(w.search(sentence) for w in words) and sentence not in sentences:
                    sentences.append(sentence if len(sentence) <= 320 else sentence[:317] + "...")
        found.append(Mention(rule, tuple(sentences[:2])))
    return found


def spelled(fallback: str) -> str:
    """extra.tsv's `__shfl_xor(drop-first-arg)` as prose."""
    if fallback.endswith("(drop-first-arg)"):
        return f"`{fallback[: -len('(drop-first-arg)')]}` without the lane mask"
    return f"`{fallback}`"


def _translation(mapping: Mapping, version: Version, roc: bool) -> tuple[str | None, str]:
    """What the translator (translate/engine.py) writes for the name at a target release: the
    spelling it writes (None when it leaves the CUDA name or drops it for a call form), and the
    sentence saying so with the finding it gives."""
    if mapping.status == "lint":
        return None, f"leaves `{mapping.cuda}` for a rewrite rule{': ' + mapping.note if mapping.note else ''}"
    target, added, deprecated, removed = mapping.target(roc)
    at = format_version(version)
    if not target:
        if mapping.unported:
            return None, f"leaves `{mapping.cuda}` with HP001 (error): no HIP translation; {mapping.note}"
        if mapping.cuda_removed:
            return (
                None,
                f"leaves `{mapping.cuda}` with HP002: removed in CUDA {mapping.cuda_removed}, no HIP equivalent",
            )
        return None, f"leaves `{mapping.cuda}` with HP001 (error): no HIP equivalent" + (
            f" ({mapping.note})" if mapping.note else ""
        )
    if removed is not None and removed <= version:
        return None, f"leaves `{mapping.cuda}` with HP002: `{target}` was removed in ROCm {_v(removed)}"
    if added is not None and added > version:
        usable = mapping.fallback_added is None or mapping.fallback_added <= version
        if mapping.fallback and usable:
            plain = mapping.fallback if _IDENTIFIER.match(mapping.fallback) else None
            return plain, (
                f"writes {spelled(mapping.fallback)} for ROCm {at} with HP008 (note): `{target}` needs ROCm {_v(added)}"
            )
        return target, f"writes `{target}` with HP005: it needs ROCm {_v(added)}, the target is {at}"
    if deprecated is not None and deprecated <= version:
        return target, f"writes `{target}` with HP003: deprecated since ROCm {_v(deprecated)}"
    if mapping.hip_experimental is not None and target == mapping.hip:
        return target, f"writes `{target}` with HP004: experimental in ROCm"
    return target, f"writes `{target}`"


_IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")


@dataclass(frozen=True)
class Respelling:
    """What one of convert's release-dependent rewrites (rules/convert.toml) makes of a name the
    translator wrote."""

    rule: str
    written: str
    why: str


@cache
def _rewrite_rules() -> dict[str, ConvertRule]:
    return {r.rule: r for r in convert_rules()}


def _runs(rule: str, text: str) -> bool:
    """Whether convert runs the rewrite `rule` on converted text like `text` (its triggers)."""
    found = _rewrite_rules().get(rule)
    return found is not None and found.wanted(text.encode())


def _written_name(table: MappingTable, cuda: str, version: Version, roc: bool) -> str:
    mapping = table.get(cuda)
    written = _translation(mapping, version, roc)[0] if mapping is not None else None
    return written or cuda


def _gemm_call(
    table: MappingTable, name: str, version: Version, roc: bool, *, data: str = "", compute: str = ""
) -> list[str]:
    """The arguments of a cuBLAS GEMM_ex call as convert writes them (FP32 types and compute
    unless `data` or `compute` say otherwise): what the HP318 plan sees after the renames."""
    gemm = hipblas_gemm(name)
    assert gemm is not None
    args = [f"x{i}" for i in range(gemm.count)]
    for index in gemm.shape.types:
        args[index] = data or _written_name(table, "CUDA_R_32F", version, roc)
    args[gemm.shape.compute] = compute or _written_name(table, "CUBLAS_COMPUTE_32F", version, roc)
    return args


def release_rewrite(table: MappingTable, written: str, version: Version, roc: bool) -> Respelling | None:
    """How convert's release-dependent rewrites respell `written` wherever the translator writes
    it: HP318 the hipBLAS GEMM_ex functions, HP327 (before ROCm 6.0) the cublasComputeType_t
    variables (hipify_plus/rewrite/blas.py decides both)."""
    if hipblas_gemm(written) is not None:
        args = _gemm_call(table, written, version, roc)
        plan = plan_hipblas_gemm(written, args, version)
        if plan is not None and plan.name and _runs("HP318", f"{written}({', '.join(args)})"):
            return Respelling("HP318", plan.name, hipblas_form(version).value)
    if written in COMPUTE_VARIABLE_TYPES and not roc and version < (6, 0, 0) and _runs("HP327", f"{written} c;"):
        holder = compute_holder_type(version, lt=False)
        lt = compute_holder_type(version, lt=True)
        if holder != written:
            return Respelling("HP327", holder, f"hipBLAS 1.x's type; `{lt}` in a file that includes cublasLt.h")
    return None


def _in_gemm_call(table: MappingTable, written: str, version: Version, roc: bool) -> str | None:
    """What HP318 makes of a data or compute type enumerator inside a hipBLAS GEMM_ex call."""
    gemm = _written_name(table, "cublasGemmEx", version, roc)
    if hipblas_gemm(gemm) is None:
        return None
    compute = compute_type(written) is not None and data_type(written) is None
    if data_type(written) is None and not compute:
        return None
    args = _gemm_call(table, gemm, version, roc, **({"compute": written} if compute else {"data": written}))
    plan = plan_hipblas_gemm(gemm, args, version)
    position = gemm_shape(gemm)
    if plan is None or position is None or not _runs("HP318", f"{gemm}({', '.join(args)})"):
        return None
    index = position.compute if compute else position.types[0]
    wanted = plan.replacements.get(index)
    if wanted is None or wanted == written:
        return None
    return f"inside a hipBLAS GEMM_ex call, convert's HP318 writes `{wanted}` ({hipblas_form(version).value})"


def convert_writes(mapping: Mapping, version: Version, roc: bool, table: MappingTable | None = None) -> str:
    """What convert writes for the name at a target release, and the finding it gives: the
    translator's decision (translate/engine.py), then the release-dependent rewrites convert
    applies to what it wrote (HP318, HP327)."""
    table = table or load_mappings()
    written, sentence = _translation(mapping, version, roc)
    respelling = release_rewrite(table, written, version, roc) if written else None
    if respelling is not None:
        sentence = (
            f"writes `{respelling.written}` (convert's {respelling.rule} respells the translator's "
            f"`{written}` for ROCm {format_version(version)}: {respelling.why})"
        )
    context = _in_gemm_call(table, written, version, roc) if written else None
    return f"{sentence}; {context}" if context else sentence


def _final_name(table: MappingTable, mapping: Mapping, version: Version, roc: bool) -> str:
    """What convert writes at `version`, in a few words (for the per-release line)."""
    written, sentence = _translation(mapping, version, roc)
    if written is None:
        return spelled(mapping.fallback) if mapping.fallback and sentence.startswith("writes") else "no HIP name"
    respelling = release_rewrite(table, written, version, roc)
    return f"`{respelling.written if respelling is not None else written}`"


def _releases(newest: Version) -> list[Version]:
    """ROCm 5.0 to `newest`, each minor number up to 19 (TheRock numbers 7.10 to 7.14 after 7.2;
    a number no release had gives what the release before it gives)."""
    return [
        (major, minor, 0) for major in range(5, newest[0] + 1) for minor in range(20) if (major, minor, 0) <= newest
    ]


def by_release(table: MappingTable, mapping: Mapping, roc: bool) -> str | None:
    """`before ROCm 6.0 `a`; from 6.0 `b`; from 7.0 `c``: where what convert writes changes."""
    steps: list[tuple[Version, str]] = []
    for release in _releases(table.newest_rocm):
        shown = _final_name(table, mapping, release, roc)
        if not steps or steps[-1][1] != shown:
            steps.append((release, shown))
    if len(steps) < 2:
        return None
    first, *rest = steps
    parts = [f"before ROCm {_v(rest[0][0])} {first[1]}", *(f"from {_v(at)} {shown}" for at, shown in rest)]
    return "; ".join(parts)


def _side(table: MappingTable, mapping: Mapping, side: str) -> list[str]:
    name = getattr(mapping, side)
    if not name:
        return []
    if side == "hip":
        library = "MIOpen" if mapping.policy == "roc" else HIP_LIBRARY_NAMES.get(mapping.library, "HIP")
        added, deprecated, removed = mapping.hip_added, mapping.hip_deprecated, mapping.hip_removed
    else:
        library = ROC_LIBRARY_NAMES.get(mapping.library, "ROC library")
        added, deprecated, removed = mapping.roc_added, mapping.roc_deprecated, mapping.roc_removed
    when = "" if mapping.policy == "roc" or side == "hip" else ", with --roc"
    lines = [f"{side.upper():4s} {name}  ({library}{when})"]
    facts = [f"added in ROCm {_v(added)}" if added else "no release in the tables"]
    if deprecated:
        facts.append(f"deprecated in {_v(deprecated)}")
    if removed:
        facts.append(f"removed in {_v(removed)}")
    if side == "hip" and mapping.hip_experimental:
        facts.append(f"experimental (ROCm {_v(mapping.hip_experimental)})")
    if side == "hip" and mapping.hip_changed:
        facts.append(f"changed in {_v(mapping.hip_changed)}")
    lines.append("     " + "; ".join(facts))
    measured = table.verified(name)
    if measured is not None:
        lines.append(f"     release read in real headers: {measured.where}")
    first = mapping.target(False)[1]
    if (
        side == "hip"
        and mapping.fallback
        and not (mapping.fallback_added is not None and first is not None and mapping.fallback_added >= first)
    ):
        lines.append(
            f"     before ROCm {_v(first)}: {spelled(mapping.fallback)}"
            + (f" (from ROCm {_v(mapping.fallback_added)})" if mapping.fallback_added else "")
        )
    if side == "hip" and mapping.hip_unsupported_cuda:
        lines.append(
            f"     follows CUDA's form of the API except in CUDA {mapping.hip_unsupported_cuda} "
            f"(HIPIFY's U column): code written for those releases needs its call checked"
        )
    return lines


def explain_mapping(table: MappingTable, mapping: Mapping, version: Version, roc: bool) -> str:
    library = LIBRARY_NAMES.get(mapping.library, mapping.library)
    kind = "function" if mapping.kind == "device_function" else mapping.kind
    lines = [f"{mapping.cuda}  ({library} {kind}, status {mapping.status})"]
    cuda = [
        f"added in {mapping.cuda_added}" if mapping.cuda_added else "",
        f"deprecated in {mapping.cuda_deprecated}" if mapping.cuda_deprecated else "",
        f"changed in {mapping.cuda_changed}" if mapping.cuda_changed else "",
        f"removed in {mapping.cuda_removed}" if mapping.cuda_removed else "",
    ]
    if any(cuda):
        lines.append("CUDA " + "; ".join(c for c in cuda if c))
    lines += _side(table, mapping, "hip") + _side(table, mapping, "roc")
    if mapping.unported:
        counterpart = "none" if mapping.unported == "none" else mapping.unported
        lines.append(f"ROCm counterpart: {counterpart}")
    lines.append(
        f"convert --rocm-version {format_version(version)}{' --roc' if roc else ''}: "
        f"{convert_writes(mapping, version, roc, table)}"
    )
    changes = by_release(table, mapping, roc)
    if changes:
        lines.append(f"convert by release: {changes}")
    notes = [n for n in (mapping.note, *_call_notes(mapping.cuda)) if n]
    if notes and not mapping.unported:
        lines.append("Notes:")
        lines += [f"  - {n}" for n in dict.fromkeys(notes)]
    found = mentions(tuple(n for n in (mapping.cuda, mapping.hip, mapping.roc, mapping.fallback) if n))
    if found:
        lines.append("Rules that mention it:")
        for mention in found:
            lines.append(f"  {mention.rule.id} {mention.rule.name}: {mention.rule.summary}")
            lines += [f"      {s}" for s in mention.sentences]
    return "\n".join(lines)


@cache
def _call_argument_notes() -> dict[str, tuple[str, ...]]:
    """CUDA function -> the notes of its rows in call_arguments.tsv and enums_in_calls.tsv."""
    found: dict[str, list[str]] = {}
    for file, note_column in (("call_arguments.tsv", "note"), ("enums_in_calls.tsv", "note")):
        path = data_dir("rules") / "mappings" / file
        header: list[str] | None = None
        for line in path.read_text(encoding="utf-8").splitlines() if path.is_file() else []:
            if line.startswith("#") or not line.strip():
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            row = dict(zip(header, cells, strict=False))
            note = row.get(note_column, "")
            if file == "call_arguments.tsv":
                when = f"{row.get('when', '')} side{', ROCm ' + row['rocm'] if row.get('rocm') else ''}"
                note = f"arguments ({when}, {row.get('args', '?')} arguments): {row.get('operations', '')}: {note}"
            else:
                note = (
                    f"inside a {LIBRARY_NAMES.get(row.get('inside', ''), row.get('inside', ''))} call: "
                    f"`{row.get('hip', '')}` ({note})"
                )
            found.setdefault(cells[0], []).append(note)
    return {name: tuple(notes) for name, notes in found.items()}


def _call_notes(cuda: str) -> tuple[str, ...]:
    return _call_argument_notes().get(cuda, ())


def explain_header(header: HeaderMapping, version: Version, roc: bool) -> str:
    library = LIBRARY_NAMES.get(header.library, header.library)
    lines = [f"<{header.cuda}>  ({library} header, status {header.status})"]
    if header.hip:
        lines.append(f"HIP  <{header.hip}>" + (f"  (from ROCm {_v(header.hip_added)})" if header.hip_added else ""))
    if header.roc:
        lines.append(f"ROC  <{header.roc}>  (with --roc)")
    if header.fallback:
        lines.append(f"     before ROCm {_v(header.hip_added)}: <{header.fallback}>")
    written = header.target_at(version, roc)
    action = (
        f"writes <{written}>"
        if written
        else "removes the #include"
        if header.status == "dropped"
        else "leaves it for a rewrite rule"
        if header.status == "lint"
        else "leaves it with HP007 (error)"
    )
    lines.append(f"convert --rocm-version {format_version(version)}: {action}")
    if header.note:
        lines.append(f"Notes:\n  - {header.note}")
    return "\n".join(lines)


def describe(name: str, version: Version | None = None, roc: bool = False) -> str:
    """Everything `explain` prints for NAME. Raises UnknownName."""
    rule = find_rule(name)
    if rule is not None:
        return rule_text(rule)
    table = load_mappings()
    version = version or table.newest_rocm
    stripped = name.strip('<>"')
    header = table.header(stripped) if ("." in stripped or "/" in stripped) else None
    if header is not None:
        return explain_header(header, version, roc)
    mapping = table.get(name)
    if mapping is not None:
        return explain_mapping(table, mapping, version, roc)
    sources = _reverse(table, name)
    if sources:
        head = f"{name} is the HIP/ROC name of {', '.join(f'`{m.cuda}`' for m in sources[:8])}" + (
            f" and {len(sources) - 8} more" if len(sources) > 8 else ""
        )
        return "\n\n".join([head, *(explain_mapping(table, m, version, roc) for m in sources[:3])])
    found = mentions((name,))
    if found:
        lines = [f"{name}: no mapping table has it; rules that mention it:"]
        for mention in found:
            lines.append(f"  {mention.rule.id} {mention.rule.name}: {mention.rule.summary}")
            lines += [f"      {s}" for s in mention.sentences]
        return "\n".join(lines)
    if CUDA_LOOKING.match(name):
        raise UnknownName(
            f"`{name}` looks like a CUDA name, but no mapping table and no rule knows it (convert reports it as HP006)"
        )
    raise UnknownName(f"`{name}` is not a CUDA name, header or rule hipify-plus knows")


def _reverse(table: MappingTable, name: str) -> list[Mapping]:
    found = []
    for cuda in table.names():
        mapping = table.get(cuda)
        if mapping is not None and name in (mapping.hip, mapping.roc, mapping.fallback):
            found.append(mapping)
    # the CUDA name spelled like the HIP one first (cublasSgemm before cublasSgemm_v2)
    return sorted(found, key=lambda m: (m.cuda.endswith("_v2"), len(m.cuda), m.cuda))
