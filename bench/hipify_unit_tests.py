#!/usr/bin/env python3
"""How many of HIPIFY's own unit-test expectations hipify-plus reproduces, and why the rest differ.

Usage:
    python bench/hipify_unit_tests.py [HIPIFY_CHECKOUT] [--hipify-perl PATH] [--rocm-version V]
        [--cuda-version V] [--all-cuda] [--cli] [--filecheck FileCheck-14] [--json OUT] [--list]

HIPIFY_CHECKOUT is a checkout of ROCm/HIPIFY (default /work/real/HIPIFY; only read). Every lit
test under its tests/unit_tests is translated with hipify-plus -- in process through the
pipeline `convert` runs, or with --cli through `python -m hipify_plus convert` -- with the
options its RUN: lines ask for that we have, and its CHECK lines are matched against the output
as HIPIFY's run_test.sh and FileCheck do. --hipify-perl PATH does the same for hipify-perl
(`perl PATH -quiet-warnings [-roc] [-hip-kernel-execution-syntax] [-experimental] FILE`), side
by side. The target is --rocm-version, by default the newest release our mapping data knows.
This is a benchmark, not a test: nothing asserts.

How it counts
- Tests: the files lit would run. Suffixes and exclusions come from the checkout's own
  tests/lit.cfg, executed against a stub lit for one configuration: the newest CUDA, cuDNN and
  LLVM the checkout's docs name (CUDA 12.6.1, cuDNN 9.5.0, LLVM 19.1.2 for HIPIFY 6.3) with the
  CUDA SDK, cuDNN and CUB present. Files that lit.cfg excludes for it (tests of APIs CUDA 12 or
  cuDNN 9 removed, ...) are listed and not counted; --all-cuda counts them too. Files without a
  RUN: line or without CHECK lines (lit.cfg's helper headers) are not tests.
- Lines: every FileCheck directive of prefix CHECK in a counted test (`CHECK:`, `CHECK-NEXT:`,
  `CHECK-NOT:`; -SAME/-EMPTY/-DAG/-LABEL are understood, unused today). What FileCheck does not
  take for a directive (`CHECK-Next:`, `CHECK-NEXT :`, `CHECK rocblas...`) is listed, not counted.
- Output: what run_test.sh pipes to FileCheck: `sed -Ee 's|//.+|// |g'` (no expectation can match
  comment text), then runs of blanks as one space in output and patterns, patterns trimmed.
- Matching: FileCheck stops at the first failure. To count lines the bench takes the largest set
  of positive directives that match in order (CHECK: anywhere after the previous match,
  CHECK-NEXT:/-SAME: on the next/same line as the previous directive's match when that one
  matched, otherwise like CHECK:); among equally large sets, the one whose matches lie nearest
  their CHECK lines. A CHECK-NOT: is reproduced when its pattern is absent between the matched
  directives around it. `{{regex}}`, `[[VAR:regex]]` and `[[VAR]]` within one pattern work. A
  file passes when all its directives are reproduced; --filecheck runs the real FileCheck on
  every output and reports the files where its verdict differs (none, with FileCheck-14).
- Options: `-roc`/`--roc` -> roc; `--hip-kernel-execution-syntax` -> hip_launch_syntax;
  `--experimental`, `--miopen`, `--amap`, the preprocessor-mode options and clang arguments need
  nothing from us (experimental APIs are always translated, cuDNN always goes to MIOpen, we do not
  preprocess); `--use-hip-data-types` has no counterpart (our tables always write hipDataType /
  HIP_R_*) and the files that ask for it are listed.

Every CHECK line hipify-plus does not reproduce is shown with the output line it is about (the
line most like it between the matches of its neighbours) and the input line, and classified by
the table CAUSES below (patterns on the expected line, our line and the input line; first match
wins) into "to fix", "clang-only" (needs a preprocessor or types), "equivalent" and "deliberate";
what no row explains is "unclassified".
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import json
import os
import re
import subprocess
import sys
import types
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.mappings import CUDA_LOOKING, load_mappings, newest_rocm  # noqa: E402
from hipify_plus.source import SourceFile  # noqa: E402
from hipify_plus.translate.engine import TranslateOptions  # noqa: E402

try:  # the whole pipeline convert runs (renames, then the rewrites renamed code needs) ...
    from hipify_plus.pipeline import translate  # type: ignore[import-not-found]
except ImportError:
    try:  # ... or, before that module existed, the engine's entry point
        from hipify_plus.translate.engine import translate  # type: ignore[attr-defined,no-redef]
    except ImportError:
        from hipify_plus.translate.engine import rename as translate  # type: ignore[no-redef]
from hipify_plus.versions import format_version, parse_version  # noqa: E402

DEFAULT_CHECKOUT = Path("/work/real/HIPIFY")
PERL_TIMEOUT = 300

# --------------------------------------------------------------------------------------------
# Which tests lit runs: the checkout's lit.cfg, executed against a stub lit.
# --------------------------------------------------------------------------------------------


@dataclass
class LitConfig:
    cuda: tuple[int, int, int]
    cudnn: tuple[int, int, int]
    llvm: tuple[int, int, int]
    suffixes: list[str]
    excludes: list[str]
    note: str = ""


def newest_configuration(checkout: Path) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """The newest CUDA, cuDNN and LLVM the checkout's hipify-clang docs name as tested."""
    docs = checkout / "docs" / "hipify-clang.rst"
    text = docs.read_text(encoding="utf-8", errors="replace") if docs.exists() else ""
    cuda, cudnn, llvm = (12, 6, 1), (9, 5, 0), (19, 1, 2)
    if found := re.search(r"latest supported version is\s*`(\d+\.\d+(?:\.\d+)?)", text):
        cuda = parse_version(found.group(1))
    if found := re.findall(r"cuDNN [\d.]+ - (\d+\.\d+\.\d+)", text):
        cudnn = max(parse_version(v) for v in found)
    if found := re.findall(r"LLVM [\d.]+ - (\d+\.\d+\.\d+)", text):
        llvm = max(parse_version(v) for v in found)
    return cuda, cudnn, llvm


class _Anything:
    """An attribute bag whose missing attributes are None (lit's config has many)."""

    def __getattr__(self, name: str):
        return None


def lit_configuration(
    checkout: Path, cuda: tuple[int, int, int], cudnn: tuple[int, int, int], llvm: tuple[int, int, int]
) -> LitConfig:
    cfg_path = checkout / "tests" / "lit.cfg"
    config = _Anything()
    config.__dict__.update(
        cuda_version_full=format_version(cuda),
        cuda_version_major=cuda[0],
        cuda_version_minor=cuda[1],
        cudnn_version_major=cudnn[0],
        llvm_version=format_version(llvm),
        llvm_version_major=llvm[0],
        pointer_size=8,
        cuda_dnn_root="/cudnn",
        cuda_cub_root="/cub",
        cuda_sdk_root="/sdk",
        cuda_root="/cuda",
        clang_resource_dir="/clang",
        hipify_clang_tests_only="OFF",
        build_type="Release",
        environment={"PATH": ""},
        substitutions=[],
        excludes=[],
        suffixes=[],
        obj_root="/build",
        llvm_tools_dir="/llvm",
    )
    lit_config = types.SimpleNamespace(
        params={},
        load_config=lambda *a, **k: None,
        fatal=lambda message: (_ for _ in ()).throw(RuntimeError(message)),
        note=lambda *a, **k: None,
        warning=lambda *a, **k: None,
    )
    stub = types.ModuleType("lit")
    stub.formats = types.SimpleNamespace(ShTest=lambda *a, **k: None)
    stub.util = types.SimpleNamespace()
    saved = {name: sys.modules.get(name) for name in ("lit", "lit.formats", "lit.util")}
    sys.modules.update({"lit": stub, "lit.formats": stub.formats, "lit.util": stub.util})  # type: ignore[dict-item]
    note = ""
    try:
        code = compile(cfg_path.read_text(encoding="utf-8"), str(cfg_path), "exec")
        with open(os.devnull, "w") as devnull:
            stdout, sys.stdout = sys.stdout, devnull
            try:
                # the checkout's own lit configuration, run as lit runs it, against the stub above
                exec(code, {"config": config, "lit_config": lit_config, "sys": sys, "__file__": str(cfg_path)})  # noqa: S102
            finally:
                sys.stdout = stdout
    except Exception as exc:  # noqa: BLE001 - a newer lit.cfg we cannot evaluate: count every test
        note = f"could not evaluate {cfg_path}: {exc}; no file excluded"
        config.excludes, config.suffixes = [], [".cu", ".cuh", ".cpp", ".c", ".hpp", ".h"]
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return LitConfig(cuda, cudnn, llvm, list(config.suffixes), list(config.excludes), note)


# --------------------------------------------------------------------------------------------
# FileCheck, as far as HIPIFY's tests use it.
# --------------------------------------------------------------------------------------------

PREFIX = "CHECK"
_KINDS = {
    ":": "CHECK",
    "-NEXT:": "NEXT",
    "-NOT:": "NOT",
    "-SAME:": "SAME",
    "-EMPTY:": "EMPTY",
    "-DAG:": "DAG",
    "-LABEL:": "LABEL",
}
_BLANKS = re.compile(r"[ \t]+")
_PATTERN_PART = re.compile(r"\{\{(.*?)\}\}|\[\[(\w+):(.*?)\]\]|\[\[(\w+)\]\]")


def canonical(text: str) -> str:
    return _BLANKS.sub(" ", text)


@dataclass
class Directive:
    kind: str  # CHECK NEXT NOT SAME EMPTY DAG LABEL
    line: int  # 1-based line in the test file
    pattern: str  # trimmed, blanks canonicalised
    regex: re.Pattern[str] | None = None  # None: a plain substring


@dataclass
class NotADirective:
    line: int
    text: str


def parse_directives(text: str) -> tuple[list[Directive], list[NotADirective]]:
    """FileCheck's scan: a prefix not preceded by a word character, then ':' or '-KIND:'."""
    directives: list[Directive] = []
    ignored: list[NotADirective] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = canonical(raw)
        start = 0
        while (at := line.find(PREFIX, start)) != -1:
            start = at + len(PREFIX)
            if at and (line[at - 1].isalnum() or line[at - 1] in "_-"):
                continue
            rest = line[start:]
            kind = next((k for suffix, k in _KINDS.items() if rest.startswith(suffix)), None)
            if kind is None:
                if line[:at].rstrip().endswith("//") and (rest[:1] in (" ", "-", ":") or not rest):
                    ignored.append(NotADirective(number, raw.strip()))
                continue
            suffix = next(s for s, k in _KINDS.items() if k == kind)
            pattern = rest[len(suffix) :].strip(" ")
            directives.append(Directive(kind, number, pattern, _compile(pattern)))
            break
    return directives, ignored


def _compile(pattern: str) -> re.Pattern[str] | None:
    if "{{" not in pattern and "[[" not in pattern:
        return None
    parts, pos, defined = [], 0, set()
    for found in _PATTERN_PART.finditer(pattern):
        parts.append(re.escape(pattern[pos : found.start()]))
        regex, name, definition, use = found.groups()
        if regex is not None:
            parts.append(f"(?:{regex})")
        elif name is not None:
            defined.add(name)
            parts.append(f"(?P<{name}>{definition})")
        elif use in defined:
            parts.append(f"(?P={use})")
        else:  # a variable from an earlier directive: not tracked across directives
            parts.append(r"\S+?")
        pos = found.end()
    parts.append(re.escape(pattern[pos:]))
    return re.compile("".join(parts))


def run_test_sed(output: str) -> str:
    """What run_test.sh pipes to FileCheck: the output through `sed -Ee 's|//.+|// |g'`."""
    return "\n".join(re.sub(r"//.+", "// ", line) for line in output.split("\n"))


def filecheck_input(output: str) -> str:
    """The buffer FileCheck matches: run_test.sh's sed, then runs of blanks as one space."""
    return canonical(run_test_sed(output))


def real_filecheck(filecheck: str, test: Path, output: str) -> bool | None:
    """Whether the real FileCheck passes the test on this output (None: it could not run)."""
    try:
        done = subprocess.run(
            [filecheck, str(test)], input=run_test_sed(output).encode(), capture_output=True, timeout=120, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.returncode == 0


def _occurrences(directive: Directive, buffer: str, limit: int = 20000) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    if directive.regex is not None:
        for match in directive.regex.finditer(buffer):
            found.append((match.start(), match.end()))
            if len(found) >= limit:
                break
        return found
    needle = directive.pattern
    if not needle:
        return []  # FileCheck rejects an empty pattern
    at = buffer.find(needle)
    while at != -1 and len(found) < limit:
        found.append((at, at + len(needle)))
        at = buffer.find(needle, at + 1)
    return found


Score = tuple[int, int]  # (directives matched, -distance of the matches from their CHECK lines)


class _MaxTree:
    """Fenwick tree of (score, payload) maxima over positions 0..n."""

    def __init__(self, n: int) -> None:
        self.n = n + 1
        self.tree: list[tuple[Score, tuple[int, int] | None]] = [((0, 0), None)] * (self.n + 1)

    def add(self, position: int, score: Score, payload: tuple[int, int]) -> None:
        i = position + 1
        while i <= self.n:
            if score > self.tree[i][0]:
                self.tree[i] = (score, payload)
            i += i & -i

    def best(self, position: int) -> tuple[Score, tuple[int, int] | None]:
        """The maximum over positions <= position."""
        i, found = min(position + 1, self.n), ((0, 0), None)
        while i > 0:
            if self.tree[i][0] > found[0]:
                found = self.tree[i]
            i -= i & -i
        return found


@dataclass
class Outcome:
    ok: bool
    span: tuple[int, int] | None  # the match, or for a failed CHECK-NOT the text it forbids


def match_directives(
    directives: list[Directive], buffer: str, anchors: list[int | None] | None = None
) -> list[Outcome]:
    """The outcome of each directive: the largest in-order set of positive directives that
    match, and each CHECK-NOT judged between the matched directives around it.

    Among equally large sets, the one whose matches lie nearest their directives' `anchors`
    (output line numbers) wins, so that a failure is blamed on the right one of two identical
    CHECK lines."""
    newlines = [i for i, c in enumerate(buffer) if c == "\n"]

    def line_of(offset: int) -> int:
        return bisect_right(newlines, offset - 1)

    positives = [i for i, d in enumerate(directives) if d.kind != "NOT"]
    cands = [_occurrences(directives[i], buffer) for i in positives]
    cost = []
    for p, index in enumerate(positives):
        anchor = anchors[index] if anchors else None
        cost.append([0 if anchor is None else min(abs(line_of(start) - anchor), 1000) for start, _ in cands[p]])
    value: list[list[Score]] = []
    back: list[list[tuple[int, int] | None]] = []
    tree = _MaxTree(len(buffer))
    inserted = 0  # positives [0, inserted) are in the tree

    def insert_upto(limit: int) -> None:
        nonlocal inserted
        while inserted < limit:
            for k, (_, end) in enumerate(cands[inserted]):
                tree.add(end, value[inserted][k], (inserted, k))
            inserted += 1

    for p, index in enumerate(positives):
        kind = directives[index].kind
        strict = kind in ("NEXT", "SAME", "EMPTY") and p > 0
        insert_upto(p - 1 if strict else p)
        values, backs = [], []
        if strict:
            prev_ends = sorted((end, k) for k, (_, end) in enumerate(cands[p - 1]))
            ends_only = [e for e, _ in prev_ends]
        for k, (start, _end) in enumerate(cands[p]):
            best, payload = tree.best(start)
            if strict:
                target = line_of(start) - (1 if kind in ("NEXT", "EMPTY") else 0)
                hi = bisect_right(ends_only, start)
                lo = bisect_left(ends_only, newlines[target - 1] + 1 if target > 0 else 0)
                for e, j in prev_ends[lo:hi]:
                    if line_of(e) == target and value[p - 1][j] > best:
                        best, payload = value[p - 1][j], (p - 1, j)
            values.append((best[0] + 1, best[1] - cost[p][k]))
            backs.append(payload)
        value.append(values)
        back.append(backs)

    result = [Outcome(False, None) for _ in directives]
    best, at = (0, 0), None
    for p in range(len(positives)):
        for k, v in enumerate(value[p]):
            if v > best:
                best, at = v, (p, k)
    while at is not None:
        p, k = at
        result[positives[p]] = Outcome(True, cands[p][k])
        at = back[p][k]

    matched = [(i, o.span) for i, o in enumerate(result) if o.ok and o.span is not None]
    for i, directive in enumerate(directives):
        if directive.kind != "NOT":
            continue
        lo = max((span[1] for j, span in matched if j < i), default=0)
        hi = min((span[0] for j, span in matched if j > i), default=len(buffer))
        region = buffer[lo:hi]
        if directive.regex is not None:
            hit = directive.regex.search(region)
            offending = (lo + hit.start(), lo + hit.end()) if hit else None
        else:
            at_ = region.find(directive.pattern) if directive.pattern else -1
            offending = (lo + at_, lo + at_ + len(directive.pattern)) if at_ != -1 else None
        result[i] = Outcome(offending is None, offending)
    return result


# --------------------------------------------------------------------------------------------
# Tests, their RUN: options, and the two tools.
# --------------------------------------------------------------------------------------------

# hipify-clang options that need nothing from us, and why
_NEEDS_NOTHING = {
    "--experimental": "experimental HIP APIs are always translated (with HP004)",
    "--miopen": "cuDNN is translated to MIOpen by default",
    "--amap": "only changes which preprocessor-excluded blocks hipify-clang rewrites",
    "--skip-excluded-preprocessor-conditional-blocks": "we do not preprocess: every block is translated",
    "--default-preprocessor": "we do not preprocess: every block is translated",
    "--cuda-kernel-execution-syntax": "our default",
}
_NO_COUNTERPART = {
    "--use-hip-data-types": "no option: the tables decide hipDataType vs hipblasDatatype_t/rocblas_datatype"
}


@dataclass
class TestCase:
    path: Path
    relative: str
    options: list[str]
    clang_args: list[str]
    roc: bool = False
    hip_launch_syntax: bool = False
    experimental: bool = False
    not_honoured: list[str] = field(default_factory=list)


def run_options(text: str) -> tuple[list[str], list[str]]:
    """(hipify options, clang arguments) of the test's RUN: lines."""
    options: list[str] = []
    clang: list[str] = []
    for line in text.splitlines():
        at = line.find("RUN:")
        if at == -1:
            continue
        words = [w.strip('"') for w in line[at + 4 :].split()]
        if "%hipify_args" not in words:
            continue
        tail = words[words.index("%hipify_args") + 1 :]
        if tail and tail[0].isdigit():
            tail = tail[1:]
        if "%clang_args" in tail:
            cut = tail.index("%clang_args")
            tail, clang_tail = tail[:cut], tail[cut + 1 :]
            clang.extend(clang_tail)
        options.extend(tail)
    return options, clang


def discover(checkout: Path, lit: LitConfig, all_cuda: bool) -> tuple[list[TestCase], list[str], list[str]]:
    """(tests counted, files lit.cfg excludes for this configuration, files not tests)."""
    base = checkout / "tests" / "unit_tests"
    tests, excluded, not_tests = [], [], []
    for path in sorted(base.rglob("*")):
        if not path.is_file() or path.suffix not in lit.suffixes:
            continue
        relative = path.relative_to(base).as_posix()
        if any(fnmatch.fnmatch(path.name, pattern) for pattern in lit.excludes):
            text = path.read_text(encoding="utf-8", errors="replace")
            if "RUN:" not in text:
                not_tests.append(relative)
                continue
            if not all_cuda:
                excluded.append(relative)
                continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "RUN:" not in text or not parse_directives(text)[0]:
            not_tests.append(relative)
            continue
        options, clang = run_options(text)
        case = TestCase(path, relative, options, clang)
        for option in options:
            name = "--" + option.lstrip("-")
            if name == "--roc":
                case.roc = True
            elif name == "--hip-kernel-execution-syntax":
                case.hip_launch_syntax = True
            elif name == "--experimental":
                case.experimental = True
            elif name in _NO_COUNTERPART:
                case.not_honoured.append(name)
        tests.append(case)
    return tests, excluded, not_tests


def run_hipify_plus_cli(case: TestCase, rocm: tuple[int, int, int], in_strings: bool, in_comments: bool) -> str:
    """The same through `python -m hipify_plus convert` of this checkout, in a scratch folder."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="hipify-unit-") as scratch:
        out = Path(scratch) / (case.path.stem + ".hip")
        command = [
            sys.executable,
            "-m",
            "hipify_plus",
            "convert",
            str(case.path),
            "-o",
            str(out),
            "--rocm-version",
            format_version(rocm),
            "--no-cache",
        ]
        command += ["--roc"] * case.roc + ["--hip-launch-syntax"] * case.hip_launch_syntax
        command += ["--in-strings"] * in_strings + ["--in-comments"] * in_comments
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False, timeout=300)
        return out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""


def run_hipify_plus(
    case: TestCase, rocm: tuple[int, int, int], in_strings: bool, in_comments: bool, cli: bool = False
) -> str:
    if cli:
        return run_hipify_plus_cli(case, rocm, in_strings, in_comments)
    data = case.path.read_bytes()
    options = TranslateOptions(
        rocm_version=rocm,
        roc=case.roc,
        hip_launch_syntax=case.hip_launch_syntax,
        in_strings=in_strings,
        in_comments=in_comments,
    )
    return translate(SourceFile(str(case.path), data), options).output.decode("utf-8", "replace")


def run_hipify_perl(perl_script: str, case: TestCase) -> tuple[str | None, str]:
    args = ["perl", perl_script, "-quiet-warnings"]
    if case.roc:
        args.append("-roc")
    if case.hip_launch_syntax:
        args.append("-hip-kernel-execution-syntax")
    if case.experimental:
        args.append("-experimental")
    args.append(str(case.path))
    try:
        done = subprocess.run(args, capture_output=True, timeout=PERL_TIMEOUT, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"hipify-perl did not run: {exc}"
    if done.returncode != 0:
        return None, f"hipify-perl exit {done.returncode}: {done.stderr.decode('utf-8', 'replace').strip()[-200:]}"
    return done.stdout.decode("utf-8", "replace"), ""


# --------------------------------------------------------------------------------------------
# The line a deviation is about: the code line under the CHECK block, in our output.
# --------------------------------------------------------------------------------------------


def line_map(source_lines: list[str], output_lines: list[str]) -> list[int | None]:
    """Output line index of each source line (None when the line has no counterpart)."""
    mapped: list[int | None] = [None] * len(source_lines)
    matcher = difflib.SequenceMatcher(None, source_lines, output_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                mapped[i1 + k] = j1 + k
        elif tag == "replace":
            for k in range(i2 - i1):
                mapped[i1 + k] = min(j1 + k, j2 - 1)
    return mapped


def _is_comment_only(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("//") or not stripped


def _similarity(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def subject_candidates(
    directive: Directive,
    source_lines: list[str],
    output_lines: list[str],
    mapping: list[int | None],
    back: dict[int, int],
    lo: int,
    hi: int,
) -> list[tuple[float, int]]:
    """(score, output line) of the lines a directive that matched nothing may describe: lines
    between the matches of its neighbours (lo..hi), scored by likeness to the pattern, nearness to
    the code under its CHECK block, and whether the line is CUDA code (translated or not)."""
    index = directive.line - 1
    end = index
    while end + 1 < len(source_lines) and _is_comment_only(source_lines[end + 1]):
        end += 1
    start = index
    while start > 0 and _is_comment_only(source_lines[start - 1]):
        start -= 1
    rank = sum(1 for line in source_lines[start:index] if _POSITIVE_LINE.search(line))
    code = [k for k in range(end + 1, min(len(source_lines), end + 200)) if not _is_comment_only(source_lines[k])]
    guess = mapping[code[min(rank, len(code) - 1)]] if code else None
    if guess is None:
        guess = mapping[index] if index < len(mapping) and mapping[index] is not None else lo
    want = directive.pattern.strip()
    window = [
        j
        for j in range(max(lo, guess - 80), min(hi, guess + 80))
        if j < len(output_lines) and not _is_comment_only(output_lines[j])
    ]
    if not window:
        window = [
            j
            for j in range(max(0, guess - 3), min(len(output_lines), guess + 4))
            if not _is_comment_only(output_lines[j])
        ]

    def score(j: int) -> float:
        k = back.get(j)
        cuda_line = (k is not None and source_lines[k] != output_lines[j]) or _CUDA_WORD.search(output_lines[j])
        return (
            _similarity(want, canonical(output_lines[j]).strip()) - 0.02 * abs(j - guess) + (0.15 if cuda_line else 0)
        )

    return [(score(j), j) for j in window]


def assign_subjects(candidates: dict[int, list[tuple[float, int]]]) -> dict[int, int]:
    """Directive -> output line, the best-scoring pairs first, each line blamed once if possible."""
    pairs = sorted(((score, i, j) for i, found in candidates.items() for score, j in found), reverse=True)
    chosen: dict[int, int] = {}
    taken: set[int] = set()
    for _score, i, j in pairs:
        if i not in chosen and j not in taken:
            chosen[i] = j
            taken.add(j)
    for i, found in candidates.items():  # more failures than lines: share
        if i not in chosen and found:
            chosen[i] = max(found)[1]
    return chosen


_DIRECTIVE_LINE = re.compile(r"(?<![\w-])CHECK(?:-[A-Z]+)?:")
_CUDA_WORD = re.compile(r"\b(?:cu|CU|__nv|nv)[A-Za-z_]")
_POSITIVE_LINE = re.compile(r"(?<![\w-])CHECK(?:-(?!NOT)[A-Z]+)?:")


# --------------------------------------------------------------------------------------------
# Running the tests
# --------------------------------------------------------------------------------------------


@dataclass
class Deviation:
    file: str
    line: int  # the CHECK line in the test
    kind: str
    expected: str
    got: str  # our output line (for a CHECK-NOT: the line holding what it forbids)
    source: str  # the input line the CHECK describes
    source_line: int
    perl_ok: bool | None = None
    before: str = ""  # the output line above `got`
    names: list[str] = field(default_factory=list)  # the CUDA names or headers of the input line
    cause: str = "unclassified"
    tag: str = "unclassified"


@dataclass
class FileResult:
    file: str
    options: list[str]
    not_honoured: list[str]
    total: int
    ours: int
    perl: int | None = None
    perl_error: str = ""
    ignored: list[str] = field(default_factory=list)
    filecheck_ours: bool | None = None
    filecheck_perl: bool | None = None


def _anchors(directives: list[Directive], mapping: list[int | None]) -> list[int | None]:
    """The output line just under each CHECK line (the translators keep comments in place)."""
    found = []
    for d in directives:
        out = mapping[d.line - 1] if d.line - 1 < len(mapping) else None
        found.append(None if out is None else out + 1)
    return found


def evaluate(
    case: TestCase,
    rocm,
    perl_script: str | None,
    in_strings: bool,
    in_comments: bool,
    filecheck: str | None = None,
    cli: bool = False,
) -> tuple[FileResult, list[Deviation]]:
    text = case.path.read_text(encoding="utf-8", errors="replace")
    directives, ignored = parse_directives(text)
    source_lines = text.split("\n")
    output = run_hipify_plus(case, rocm, in_strings, in_comments, cli)
    output_lines = output.split("\n")
    mapping = line_map(source_lines, output_lines)
    buffer = filecheck_input(output)
    outcomes = match_directives(directives, buffer, _anchors(directives, mapping))
    result = FileResult(
        case.relative,
        case.options,
        case.not_honoured,
        len(directives),
        sum(o.ok for o in outcomes),
        ignored=[f"{i.line}: {i.text}" for i in ignored],
    )
    if filecheck:
        result.filecheck_ours = real_filecheck(filecheck, case.path, output)
    perl_outcomes = None
    if perl_script:
        perl_output, error = run_hipify_perl(perl_script, case)
        if perl_output is None:
            result.perl, result.perl_error = 0, error
        else:
            perl_mapping = line_map(source_lines, perl_output.split("\n"))
            perl_outcomes = match_directives(
                directives, filecheck_input(perl_output), _anchors(directives, perl_mapping)
            )
            result.perl = sum(o.ok for o in perl_outcomes)
            if filecheck:
                result.filecheck_perl = real_filecheck(filecheck, case.path, perl_output)
    deviations = []
    back = {out: k for k, out in enumerate(mapping) if out is not None}
    matched_lines = [
        (i, buffer.count("\n", 0, o.span[0]), buffer.count("\n", 0, o.span[1]))
        for i, o in enumerate(outcomes)
        if o.ok and o.span is not None and directives[i].kind != "NOT"
    ]
    candidates = {}
    for i, (directive, outcome) in enumerate(zip(directives, outcomes, strict=False)):
        if not outcome.ok and directive.kind != "NOT":
            # FileCheck's view: what this directive describes lies between the matches around it
            lo = max((end for j, _, end in matched_lines if j < i), default=-1) + 1
            hi = min((start for j, start, _ in matched_lines if j > i), default=len(output_lines))
            candidates[i] = subject_candidates(directive, source_lines, output_lines, mapping, back, lo, hi)
    subjects = assign_subjects(candidates)
    for i, (directive, outcome) in enumerate(zip(directives, outcomes, strict=False)):
        if outcome.ok:
            continue
        if directive.kind == "NOT" and outcome.span is not None:
            at: int | None = buffer.count("\n", 0, outcome.span[0])
        else:
            at = subjects.get(i)
        k = back.get(at) if at is not None else None
        number = k + 1 if k is not None else directive.line
        source = source_lines[k].strip() if k is not None else ""
        got = output_lines[at].strip() if at is not None else ""
        before = output_lines[at - 1].strip() if at else ""
        deviations.append(
            Deviation(
                case.relative,
                directive.line,
                directive.kind,
                directive.pattern,
                got,
                source,
                number,
                perl_ok=None if perl_outcomes is None else perl_outcomes[i].ok,
                before=before,
            )
        )
    return result, deviations


# --------------------------------------------------------------------------------------------
# Why a CHECK line is not reproduced: a table of patterns, first match wins.
#   expected / got / source: regexes searched in the CHECK pattern, our output line, the input line
#   not_got: a regex that must not occur in our output line; kind: the directive (CHECK, NEXT, NOT)
#   test: a function name below for what a regex cannot say
# Tags: "deliberate" (our choice, documented), "equivalent" (same program), "clang-only" (needs a
# preprocessor or types), "to fix" (a transformation HIPIFY does that we could do).
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cause:
    tag: str
    title: str
    expected: str = ""
    got: str = ""
    not_got: str = ""
    source: str = ""
    kind: str = ""
    test: str = ""


CAUSES: list[Cause] = [
    # --- deliberate ------------------------------------------------------------------------
    Cause(
        "deliberate",
        "code in a preprocessor-excluded block: hipify-clang with "
        "--skip-excluded-preprocessor-conditional-blocks leaves it, we translate every block "
        "(the _LLVM_10 twins of these tests, without that option, pass)",
        expected=r"<<<",
        got=r"hipLaunchKernelGGL",
        test="in_excluded_block",
    ),
    Cause(
        "deliberate",
        "header spelling of the target release: our headers.tsv writes <lib>/<lib>.h where "
        "the release ships it (HIPIFY 6.3 writes the flat, deprecated <lib>.h)",
        test="nested_header_spelling",
    ),
    Cause(
        "deliberate",
        "string literal left alone (our default; --in-strings renames it, as hipify-clang does for whole words)",
        test="only_strings_differ",
    ),
    Cause(
        "deliberate",
        "cuDNN -> hipDNN: HIPIFY's default without --miopen/--roc; hipDNN is retired, we always target MIOpen",
        expected=r"\b(?:hipdnn|HIPDNN_|hipDNN)",
    ),
    Cause(
        "deliberate",
        "__nv_bfloat16 -> __hip_bfloat16 from ROCm 6.0 (the CUDA-compatible type; HIPIFY "
        "6.3 writes the older hip_bfloat16, which --rocm-version 5.x gives)",
        expected=r"(?<!_)\bhip_bfloat16\b",
        got=r"__hip_bfloat16",
    ),
    Cause(
        "deliberate",
        "the file defines the name itself (#define __CUDACC__): we never rename a project's own definitions",
        source=r"^#\s*define\s+__CUDA",
        test="got_is_source",
    ),
    Cause(
        "deliberate",
        "kernel launch written inside a #define body kept as <<<>>> with HP009 "
        "(hipify-clang rewrites it; a whole launch in one macro body could be rewritten as text)",
        expected=r"hipLaunchKernelGGL",
        got=r"#\s*define\b.*<<<",
    ),
    Cause(
        "deliberate",
        "`struct CUgraphicsResource_st` -> `struct _hipGraphicsResource`, the tag of HIP's "
        "struct (struct_tags.tsv); HIPIFY's `struct hipGraphicsResource` names a typedef after `struct`, "
        "which C++ rejects",
        expected=r"\bstruct\s+hipGraphicsResource\b",
        got=r"\bstruct\s+_hipGraphicsResource\b",
    ),
    Cause(
        "deliberate",
        "CUDA header our headers.tsv marks unsupported (kept, with a finding; HIPIFY maps it "
        "to the library's main header although hipSOLVER has none of its API)",
        test="unsupported_cuda_header",
    ),
    Cause(
        "deliberate",
        "a cast we add so that the call compiles (reinterpret_cast<void**>(&p) for "
        "hipHostGetDevicePointer, whose HIP declaration has no T** overload); HIPIFY leaves the argument",
        test="only_added_cast",
    ),
    # --- equivalent ------------------------------------------------------------------------
    Cause(
        "equivalent",
        "cudaStream_t in cuDNN code -> miopenAcceleratorQueue_t (--roc): MIOpen's typedef "
        "of hipStream_t; we write hipStream_t",
        expected=r"miopenAcceleratorQueue_t",
        got=r"hipStream_t",
    ),
    # --- hipify-clang only -----------------------------------------------------------------
    Cause(
        "clang-only",
        "kernel launch assembled by macro expansion (CUDA_LAUNCH(k, g, b, ...), "
        "KERNEL_CALL_AS_MACRO(args)): needs the preprocessor",
        expected=r"hipLaunchKernelGGL",
        not_got=r"hipLaunchKernelGGL|<<<",
        source=r"^(?!.*<<<)",
    ),
    Cause(
        "clang-only",
        "half2 member access (h2.x) -> reinterpret_cast<half&>(h2.x): needs the type of the object",
        expected=r"reinterpret_cast<half&>",
    ),
    # --- deliberate: rewrites of call arguments where HIPIFY's give a wrong call ---------------
    # (rules/mappings/call_arguments.tsv says where each fact comes from; outputs checked with hipcc 5.7
    # against rocSPARSE 2.5 / ROCm 5.7 headers and the rocSPARSE/hipSPARSE sources of later releases)
    Cause(
        "deliberate",
        "rocSPARSE (--roc) buffer-size query left as it is with HP015: rocSPARSE returns the "
        "size as size_t, cuSPARSE as int, and the variable could not be declared size_t (HP019: a "
        "parameter, a member, declared with others, named in a macro); HIPIFY's "
        "reinterpret_cast<size_t*>(&intVariable) makes rocSPARSE write 8 bytes into a 4-byte int",
        expected=r"reinterpret_cast<size_t\*>",
        got=r"\bcusparse\w*_bufferSize\w*\(",
    ),
    Cause(
        "deliberate",
        "rocSPARSE (--roc) interleaved gtsv/gpsv: cuSPARSE's int algo becomes "
        "static_cast<rocsparse_gtsv_interleaved_alg>(algo + 1): rocSPARSE takes an enum (an int does not "
        "convert: HIPIFY's call fails with hipcc 5.7) that numbers the algorithms from 1 (0 is its default)",
        expected=r"interleaved_batch\w*\(",
        got=r"static_cast<rocsparse_g[tp]sv_interleaved_alg>",
    ),
    Cause(
        "deliberate",
        "rocsparse_spmm for cusparseSpMM_bufferSize: the buffer-size stage; HIPIFY writes the "
        "compute stage, which runs the multiplication (into C) instead of returning the size",
        expected=r"rocsparse_spmm_stage_compute",
        got=r"rocsparse_spmm_stage_buffer_size",
    ),
    Cause(
        "deliberate",
        "rocsparse_spsm for cusparseSpSM_analysis: the preprocess stage, as hipSPARSE's own "
        "hipsparseSpSM_analysis calls it; HIPIFY writes the compute stage, which solves at analysis time",
        expected=r"rocsparse_spsm_stage_compute",
        got=r"rocsparse_spsm_stage_preprocess",
    ),
    Cause(
        "deliberate",
        "cusparseSpSM_solve (--roc) left as it is with HP015: rocSPARSE's compute stage needs "
        "the buffer given to the analysis (cuSPARSE keeps it in the SpSM descriptor); HIPIFY passes nullptr",
        expected=r"\brocsparse_spsm\(",
        got=r"\bcusparseSpSM_solve\(",
    ),
    Cause(
        "deliberate",
        "rocsparse_spmv for cusparseSpMV: 12 arguments from ROCm 6.0 (stage, buffer_size, "
        "temp_buffer), 11 without the stage before; HIPIFY's 11-argument call with a stage fits neither",
        expected=r"\brocsparse_spmv\(",
        got=r"rocsparse_spmv_stage_compute, nullptr,",
    ),
    Cause(
        "deliberate",
        "--roc in a file that calls rocSPARSE and not rocBLAS: rocSPARSE's own complex types "
        "(rocsparse_float_complex); HIPIFY's rocblas_float_complex is another class, undeclared there (its "
        "tests mark it TODO)",
        expected=r"\brocblas_(?:float|double)_complex\b",
        got=r"\brocsparse_(?:float|double)_complex\b",
    ),
    Cause(
        "deliberate",
        "csrsv2Info_t -> rocsparse_mat_info (--roc): HIPIFY's table says rocsparse_mat_descr, "
        "but every rocsparse_?csrsv_* function takes a rocsparse_mat_info (as for every other *Info_t)",
        expected=r"\brocsparse_mat_descr\b",
        source=r"\bcsrsv2Info(?:_t)?\b",
    ),
    # --- deliberate: cuBLAS GEMM_ex and math modes for the target (convert's HP311/HP312/HP318) ---
    Cause(
        "deliberate",
        "rocblas_gemm*_ex with rocBLAS's full argument list (D = C, solution index 0, "
        "rocblas_gemm_flags_none: 24/25/29 arguments); HIPIFY passes cuBLAS's 19, which rocBLAS rejects",
        got=r"\brocblas_gemm\w*_ex\(.*rocblas_gemm_flags_none",
    ),
    Cause(
        "deliberate",
        "cublasComputeType_t / CUBLAS_COMPUTE_* -> rocblas_datatype (--roc): rocblas_gemm_ex "
        "takes its compute type as a rocblas_datatype; rocblas_computetype is only for the deprecated gemm_ex3",
        expected=r"\brocblas_comput(?:etype|e_type_\w+)\b",
        got=r"\brocblas_datatype",
    ),
    Cause(
        "deliberate",
        "TF32 math -> HIPBLAS_XF32_XDL_MATH: hipBLAS's TF32 mode is rejected on AMD; XF32 is "
        "what the matrix cores run (convert's HP312, with a finding)",
        expected=r"HIPBLAS_TF32_TENSOR_OP_MATH",
        got=r"HIPBLAS_XF32_XDL_MATH",
    ),
    # --- deliberate: cuDNN -> MIOpen rewrites (convert's HP301, HP326) -------------------------
    Cause(
        "deliberate",
        "a MIOpen convolution whose algorithm no Find chose -> hipify_plus_miopen::convolution_* "
        "(convert's HP301: MIOpen runs only what its Find chose, so HIPIFY's renamed call fails at run time; "
        "the support function runs Find once per descriptor set)",
        got=r"\bhipify_plus_miopen::convolution_",
    ),
    Cause(
        "deliberate",
        "CUDNN_CONVOLUTION left with HP326: true convolution (flipped filter); HIPIFY's "
        "miopenConvolution is cross-correlation and computes something else",
        source=r"\bCUDNN_CONVOLUTION\b",
        expected=r"\bmiopenConvolution\b",
    ),
    # --- deliberate: the newer tables' names, declared by the target's headers -----------------
    Cause(
        "deliberate",
        "CU_JIT_* -> HIP's own hipJitOption enumerators (hipJitOptionMaxRegisters ..., in "
        "hip_runtime_api.h since HIP 5.x, as HIPIFY 7's tables map them); HIPIFY 6.3 writes hiprtc's "
        "HIPRTC_JIT_*, values of another enum that do not convert to hipJitOption in C++",
        expected=r"\bHIPRTC_JIT_",
        got=r"\bhipJitOption[A-Z]\w*",
    ),
    Cause(
        "deliberate",
        "HIPIFY's name is not what the HIP/ROC headers declare (measured in "
        "rules/mappings/verified_versions.tsv): another spelling there (MaxBlocksPerMultiProcessor, "
        "MultiGpuBoardGroupID), which we write, or none at all (miopenInt8x4, "
        "hipGraphDebugDotFlagsRuntimeTypes), where the CUDA name stays with a finding",
        test="header_verified_name",
    ),
    Cause(
        "deliberate",
        "CUDA_MEMSET_NODE_PARAMS -> hipMemsetParams (HIP 4.3 on, as HIPIFY 7 maps it); "
        "HIPIFY 6.3's HIP_MEMSET_NODE_PARAMS is a typedef of it added in HIP 6.1",
        expected=r"\bHIP_MEMSET_NODE_PARAMS\b",
        got=r"\bhipMemsetParams\b",
    ),
    Cause(
        "deliberate",
        "CUSPARSE_FORMAT_SLICED_ELLPACK -> rocsparse_format_sell (--roc; sliced ELL, rocSPARSE "
        "7.2, with HP005 for an older target); HIPIFY 6.3's rocsparse_format_ell is another format",
        expected=r"rocsparse_format_ell\b",
        got=r"rocsparse_format_sell\b",
    ),
    Cause(
        "deliberate",
        "the symbol is already a pointer (a `void*` variable of the test, a string): HP707 wraps "
        "__device__/__constant__ symbols only, since HIP_SYMBOL(p) of a pointer variable takes its "
        "address on HIP-on-NVIDIA and a string names no symbol in HIP",
        expected=r"HIP_SYMBOL\((?:image|dst|src|\"\w+\")\)",
        not_got=r"HIP_SYMBOL\(",
    ),
    # --- deliberate: scope ---------------------------------------------------------------------
    Cause(
        "deliberate",
        "Caffe2 names and headers left alone: Caffe2 is retired (merged into PyTorch, whose "
        "own hipify converts what remains); we carry no Caffe2 tables",
        expected=r"caffe2/|_HIP_OPERATOR|HIPContext",
    ),
    # --- equivalent: where hip/hip_runtime.h goes -----------------------------------------------
    Cause(
        "equivalent",
        "hip/hip_runtime.h in a file whose include guard comes first: we put it inside the "
        "guard after its #define, HIPIFY between #ifndef and #define; the same program",
        kind="CHECK",
        test="guard_before_runtime_include",
    ),
    # --- to fix (others' work in progress, and what no row above explains) -----------------------
    Cause(
        "to fix",
        "HIP_SYMBOL(sym) around the symbol argument of hipMemcpyToSymbol[Async], "
        "hipMemcpyFromSymbol[Async], hipGetSymbolAddress, hipGetSymbolSize, hipGraph*MemcpyNode*Symbol "
        "(HIPIFY's FuncArgCasts; a no-op on AMD, &sym on HIP-on-NVIDIA)",
        expected=r"HIP_SYMBOL\(",
        not_got=r"HIP_SYMBOL\(",
    ),
    Cause(
        "to fix",
        "reinterpret_cast<const void*>(kernel) as the function argument of hipFuncSetCacheConfig, "
        "hipFuncSetSharedMemConfig, hipFuncGetAttributes, hipFuncSetAttribute, hipLaunchKernel, "
        "hipLaunchCooperativeKernel (without it hipcc 5.2/5.7 finds no matching function for the "
        "first five)",
        expected=r"reinterpret_cast<const void\*>\(",
        not_got=r"reinterpret_cast<const void\*>",
    ),
    Cause(
        "to fix",
        "cudaEventCreate(&e, flags), CUDA's C++ two-argument overload -> hipEventCreateWithFlags "
        "(HIPIFY's FuncOverloads, by argument count); we write a two-argument hipEventCreate",
        source=r"\bcudaEventCreate\s*\(",
        expected=r"hipEventCreateWithFlags",
    ),
    Cause(
        "to fix",
        "cudaGraphInstantiate(&exec, graph, flags), CUDA 12's three-argument form -> "
        "hipGraphInstantiateWithFlags (HIPIFY's FuncOverloads, by argument count)",
        source=r"\bcudaGraphInstantiate\s*\(",
        expected=r"hipGraphInstantiateWithFlags",
    ),
    Cause(
        "to fix",
        "cudnnConvolutionForward/BackwardData -> MIOpen argument order (beta, y before the "
        "workspace; dy before w): HIPIFY moves them by position, our HP310 only where the file's "
        "declarations (or a &beta) show the order",
        source=r"\bcudnnConvolution(?:Forward|BackwardData|BackwardFilter)\s*\(",
    ),
    Cause(
        "to fix",
        "cuDNN RNN calls -> MIOpen: cudnnSet/GetRNNDescriptor_v6 drop the handle argument, "
        "cudnnRNNBackwardWeights moves dw before the workspace",
        source=r"\bcudnn(?:[SG]etRNNDescriptor_v6|RNNBackwardWeights)\s*\(",
    ),
    Cause(
        "to fix",
        "hip/hip_runtime.h inserted between the file's own includes (before the first HIP "
        "header that needs it), which splits includes HIPIFY keeps together; HIPIFY puts it first",
        kind="NEXT",
        test="runtime_include_above",
    ),
    Cause(
        "to fix",
        "CUDA headers missing from our headers.tsv (HIPIFY maps them, and drops repeated "
        "includes of the same HIP header)",
        test="unmapped_cuda_header",
    ),
    Cause(
        "to fix",
        "cuDNN -> MIOpen: another argument rewrite of HIPIFY's FuncArgCasts",
        expected=r"\bmiopen\w+\(",
        source=r"\bcudnn\w+\s*\(",
    ),
    Cause(
        "to fix",
        "rocSPARSE (--roc): another argument rewrite of HIPIFY's FuncArgCasts",
        expected=r"\brocsparse_\w+\(",
        source=r"\bcusparse\w+\s*\(",
    ),
]

_HEADER = re.compile(r'#\s*include\s*[<"]([^>"]+)[>"]')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_IDENT = re.compile(r"\b[A-Za-z_]\w*\b")
_CUDA_HEADER = re.compile(r"^(?:cu|curand|cusolver|cusparse|cublas|cufft|cudnn|nv)\w*\.h$")


def _in_excluded_block(d: Deviation, table) -> bool:
    return d.file.startswith("pp/")


def _nested_header_spelling(d: Deviation, table) -> bool:
    want, have = _HEADER.search(d.expected), _HEADER.search(d.got)
    if not want or not have:
        return False
    flat, nested = want.group(1), have.group(1)
    return "/" not in flat and nested.endswith("/" + flat) and nested.split("/")[0] + ".h" == flat


def _only_strings_differ(d: Deviation, table) -> bool:
    if _HEADER.search(d.expected):
        return False
    want, have = _STRING.findall(d.expected), _STRING.findall(canonical(d.got))
    if not want or want == have:
        return False
    return canonical(_STRING.sub('""', d.expected)).strip() in canonical(_STRING.sub('""', d.got))


def _got_is_source(d: Deviation, table) -> bool:
    return canonical(d.got).strip() == canonical(d.source).strip()


def _unmapped_cuda_header(d: Deviation, table) -> bool:
    for text in (d.got, d.source, d.expected if d.kind == "NOT" else ""):
        found = _HEADER.search(text)
        if found and _CUDA_HEADER.match(found.group(1).split("/")[-1]) and table.header(found.group(1)) is None:
            return True
    return False


_ADDED_CAST = re.compile(r"\b(?:reinterpret|static|const)_cast<[^<>]*(?:<[^<>]*>[^<>]*)*>\(((?:[^()]|\([^()]*\))*)\)")


def _only_added_cast(d: Deviation, table) -> bool:
    if not _ADDED_CAST.search(d.got) or _ADDED_CAST.search(d.expected):
        return False
    return d.expected in canonical(_ADDED_CAST.sub(r"\1", d.got))


def _runtime_include_above(d: Deviation, table) -> bool:
    return d.expected in canonical(d.got) and "hip/hip_runtime.h" in d.before


def _guard_before_runtime_include(d: Deviation, table) -> bool:
    """The `#ifndef GUARD` line HIPIFY wants hip_runtime.h right after: ours has it further down."""
    return (
        d.expected.startswith("#ifndef ") and canonical(d.got).strip() == d.expected and d.file.startswith("headers/")
    )


def _unsupported_cuda_header(d: Deviation, table) -> bool:
    for text in (d.got, d.source, d.expected if d.kind == "NOT" else ""):
        found = _HEADER.search(text)
        if found:
            mapping = table.header(found.group(1))
            if mapping is not None and mapping.status == "unsupported" and found.group(1) in d.got:
                return True
    return False


def _verified_names() -> dict[str, tuple[str, str]]:
    """verified_versions.tsv: name -> (first_seen, spelling the headers declare instead)."""
    rows: dict[str, tuple[str, str]] = {}
    path = ROOT / "rules" / "mappings" / "verified_versions.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("name\t"):
            continue
        cells = line.split("\t") + [""] * 5
        rows[cells[0]] = (cells[1], cells[4])
    return rows


_VERIFIED = _verified_names()


def _header_verified_name(d: Deviation, table) -> bool:
    """The CHECK line's HIP name is one the measured headers do not declare as HIPIFY spells it."""
    for name in _IDENT.findall(d.expected):
        first_seen, spelling = _VERIFIED.get(name, ("", ""))
        if spelling and re.search(rf"\b{re.escape(spelling)}\b", d.got):
            return True
        if first_seen == "none" and name not in d.got:
            return True
    return False


_TESTS = {
    "header_verified_name": _header_verified_name,
    "only_added_cast": _only_added_cast,
    "runtime_include_above": _runtime_include_above,
    "unsupported_cuda_header": _unsupported_cuda_header,
    "guard_before_runtime_include": _guard_before_runtime_include,
    "in_excluded_block": _in_excluded_block,
    "nested_header_spelling": _nested_header_spelling,
    "only_strings_differ": _only_strings_differ,
    "got_is_source": _got_is_source,
    "unmapped_cuda_header": _unmapped_cuda_header,
}


def _matches(cause: Cause, d: Deviation, table) -> bool:
    if cause.kind and cause.kind != d.kind:
        return False
    for pattern, text in ((cause.expected, d.expected), (cause.got, d.got), (cause.source, d.source)):
        if pattern and not re.search(pattern, text):
            return False
    if cause.not_got and re.search(cause.not_got, d.got):
        return False
    return not cause.test or _TESTS[cause.test](d, table)


def _name_cause(d: Deviation, table, rocm) -> tuple[str, str] | None:
    """A CUDA name our output keeps where HIPIFY writes another one."""
    want = set(_IDENT.findall(d.expected))
    left = [n for n in _IDENT.findall(d.got) if n not in want and (n in table or CUDA_LOOKING.match(n))]
    if not left:
        return None
    name = left[0]
    mapping = table.get(name)
    if mapping is None:
        return "to fix", "CUDA name our tables lack (HIPIFY renames it)"
    return "to fix", "CUDA name our tables map but convert left (status or target release)"


def cuda_names(d: Deviation, table) -> list[str]:
    """The CUDA headers and names of the input line (or, for a header, of the line we left)."""
    names = []
    for text in (d.source, d.got):
        found = _HEADER.search(text)
        if found and _CUDA_HEADER.match(found.group(1).split("/")[-1]):
            names.append(found.group(1))
    if not names:
        names = [
            n
            for n in _IDENT.findall(_STRING.sub('""', d.source))
            if CUDA_LOOKING.match(n) or (n in table and n.startswith(("__", "cu", "CU")))
        ]
    return list(dict.fromkeys(names))


def classify(d: Deviation, table, rocm) -> tuple[str, str]:
    """(tag, cause) of one deviation."""
    for cause in CAUSES:
        if _matches(cause, d, table):
            return cause.tag, cause.title
    named = _name_cause(d, table, rocm)
    if named is not None:
        return named
    return "unclassified", "unclassified"


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


TAG_ORDER = ["to fix", "clang-only", "equivalent", "deliberate", "unclassified"]


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "checkout", nargs="?", type=Path, default=DEFAULT_CHECKOUT, help="a ROCm/HIPIFY checkout (default: %(default)s)"
    )
    parser.add_argument("--hipify-perl", metavar="PATH", help="also measure this hipify-perl")
    parser.add_argument("--rocm-version", help="target ROCm release (default: the newest our data knows)")
    parser.add_argument(
        "--cuda-version", help="CUDA release lit.cfg selects tests for (default: the newest the checkout's docs name)"
    )
    parser.add_argument("--all-cuda", action="store_true", help="also count tests lit.cfg excludes for that CUDA")
    parser.add_argument(
        "--cli",
        action="store_true",
        help="translate through `python -m hipify_plus convert` (one process per test) instead of in process",
    )
    parser.add_argument("--in-strings", action="store_true", help="translate with --in-strings")
    parser.add_argument("--in-comments", action="store_true", help="translate with --in-comments")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write every number and deviation as JSON")
    parser.add_argument("--list", action="store_true", help="print every deviation (file:line, expected, got)")
    parser.add_argument("--files", action="store_true", help="print the per-file table")
    parser.add_argument(
        "--names",
        type=int,
        default=8,
        metavar="N",
        help="under each cause, the N most frequent CUDA names involved (0: none; default %(default)s)",
    )
    parser.add_argument(
        "--filecheck",
        metavar="PATH",
        help="also run this FileCheck (e.g. FileCheck-14) on each output and count the files where "
        "its pass/fail differs from the bench's",
    )
    args = parser.parse_args(argv)

    checkout: Path = args.checkout
    if not (checkout / "tests" / "unit_tests").is_dir():
        print(f"error: {checkout}: no tests/unit_tests folder (not a HIPIFY checkout)", file=sys.stderr)
        return 2
    if args.hipify_perl and not Path(args.hipify_perl).is_file():
        print(f"error: {args.hipify_perl}: no such file", file=sys.stderr)
        return 2
    rocm = parse_version(args.rocm_version) if args.rocm_version else newest_rocm()
    cuda, cudnn, llvm = newest_configuration(checkout)
    if args.cuda_version:
        cuda = parse_version(args.cuda_version)
    lit = lit_configuration(checkout, cuda, cudnn, llvm)
    tests, excluded, not_tests = discover(checkout, lit, args.all_cuda)
    table = load_mappings()

    results: list[FileResult] = []
    deviations: list[Deviation] = []
    for case in tests:
        result, found = evaluate(
            case, rocm, args.hipify_perl, args.in_strings, args.in_comments, args.filecheck, args.cli
        )
        results.append(result)
        deviations.extend(found)
    for deviation in deviations:
        deviation.tag, deviation.cause = classify(deviation, table, rocm)
        deviation.names = cuda_names(deviation, table)

    total = sum(r.total for r in results)
    ours = sum(r.ours for r in results)
    by_kind = Counter()
    for case in tests:
        for d in parse_directives(case.path.read_text(encoding="utf-8", errors="replace"))[0]:
            by_kind[d.kind] += 1
    ignored = [f"{r.file}:{i}" for r in results for i in r.ignored]

    print(
        f"HIPIFY unit tests: {checkout} (lit.cfg for CUDA {format_version(cuda)}, cuDNN {format_version(cudnn)}, "
        f"LLVM {format_version(llvm)}); hipify-plus target ROCm {format_version(rocm)}"
        + (", --in-strings" if args.in_strings else "")
        + (", --in-comments" if args.in_comments else "")
    )
    if lit.note:
        print(f"note: {lit.note}")
    print(
        f"tests counted: {len(tests)} files, {total} CHECK directives "
        f"({', '.join(f'{k} {v}' for k, v in sorted(by_kind.items()))})"
    )
    if excluded:
        print(f"not counted, excluded by lit.cfg for this configuration ({len(excluded)}): {', '.join(excluded)}")
    if not_tests:
        print(f"not tests (no RUN: or no CHECK, or lit.cfg helper files) ({len(not_tests)}): {', '.join(not_tests)}")
    if ignored:
        print(f"not FileCheck directives, not counted ({len(ignored)}): {'; '.join(ignored)}")
    unhonoured = [f"{r.file} ({', '.join(r.not_honoured)})" for r in results if r.not_honoured]
    if unhonoured:
        print(f"options without a hipify-plus counterpart (counted as run with our defaults): {', '.join(unhonoured)}")
    print()
    passing = sum(r.ours == r.total for r in results)
    header = f"{'':14} {'CHECK lines reproduced':>28} {'files fully passing':>22}"
    print(header)
    print(f"{'hipify-plus':14} {f'{ours} / {total} ({_percent(ours, total)})':>28} {f'{passing} / {len(results)}':>22}")
    if args.hipify_perl:
        perl = sum(r.perl or 0 for r in results)
        perl_pass = sum(r.perl == r.total for r in results)
        print(
            f"{'hipify-perl':14} {f'{perl} / {total} ({_percent(perl, total)})':>28} "
            f"{f'{perl_pass} / {len(results)}':>22}"
        )
        errors = [f"{r.file}: {r.perl_error}" for r in results if r.perl_error]
        for error in errors:
            print(f"  hipify-perl failed on {error}")
    if args.filecheck:
        for label, attribute, reproduced in (
            ("hipify-plus", "filecheck_ours", "ours"),
            ("hipify-perl", "filecheck_perl", "perl"),
        ):
            runs = [r for r in results if getattr(r, attribute) is not None]
            if not runs:
                continue
            passing_fc = sum(bool(getattr(r, attribute)) for r in runs)
            differ = [r.file for r in runs if getattr(r, attribute) != (getattr(r, reproduced) == r.total)]
            print(
                f"{args.filecheck} on {label}'s output: {passing_fc} / {len(runs)} files pass; "
                f"{len(differ)} disagree with the bench" + (f": {', '.join(differ)}" if differ else "")
            )
    tags = Counter(d.tag for d in deviations)
    print(
        f"hipify-plus deviations: {len(deviations)} CHECK lines: "
        + ", ".join(f"{tags[t]} {t}" for t in TAG_ORDER if tags[t])
    )
    fixable = tags["to fix"]
    print(
        f"with every 'to fix' cause fixed: {_percent(ours + fixable, total)}; "
        f"with the 'clang-only' ones too: {_percent(ours + fixable + tags['clang-only'], total)}"
    )

    if args.files:
        print()
        width = max(len(r.file) for r in results)
        perl_head = f" {'hipify-perl':>12}" if args.hipify_perl else ""
        print(f"{'file':{width}} {'hipify-plus':>12}{perl_head}  options")
        for r in results:
            perl_cell = f" {f'{r.perl}/{r.total}':>12}" if args.hipify_perl else ""
            print(f"{r.file:{width}} {f'{r.ours}/{r.total}':>12}{perl_cell}  {' '.join(r.options)}")

    print()
    print("hipify-plus deviations by cause (CHECK lines; [perl n] = how many of them hipify-perl reproduces)")
    groups: dict[str, list[Deviation]] = defaultdict(list)
    for d in deviations:
        groups[d.cause].append(d)
    ordered = sorted(groups.items(), key=lambda kv: (TAG_ORDER.index(kv[1][0].tag), -len(kv[1]), kv[0]))
    for cause, items in ordered:
        perl_cell = f" [perl {sum(bool(d.perl_ok) for d in items):3}]" if args.hipify_perl else ""
        files = len({d.file for d in items})
        print(f"{len(items):5}{perl_cell}  {items[0].tag:12} {cause}  ({files} file{'s' if files > 1 else ''})")
        if args.names:
            counted = Counter(n for d in items for n in d.names)
            shown = [f"{n} {c}" if c > 1 else n for n, c in counted.most_common(args.names)]
            more = len(counted) - len(shown)
            if shown:
                print(f"{'':20}names: {', '.join(shown)}" + (f" (+{more} more)" if more > 0 else ""))
    if args.list:
        for cause, items in ordered:
            print()
            print(f"== [{items[0].tag}] {cause} ({len(items)})")
            for d in items:
                perl = "" if d.perl_ok is None else ("  [perl ok]" if d.perl_ok else "  [perl fails]")
                print(f"{d.file}:{d.line}: {d.kind}{perl}")
                print(f"    expected: {d.expected}")
                print(f"    got:      {d.got}")
                print(f"    input:    {d.source_line}: {d.source}")
    if args.json:
        payload = {
            "checkout": str(checkout),
            "rocm_version": format_version(rocm),
            "lit": {
                "cuda": format_version(cuda),
                "cudnn": format_version(cudnn),
                "llvm": format_version(llvm),
                "excluded": excluded,
                "not_tests": not_tests,
            },
            "total": total,
            "hipify_plus": ours,
            "files": len(results),
            "files_passing": passing,
            "hipify_perl": sum(r.perl or 0 for r in results) if args.hipify_perl else None,
            "per_file": [asdict(r) for r in results],
            "tags": {tag: tags[tag] for tag in TAG_ORDER},
            "causes": [
                {
                    "tag": items[0].tag,
                    "cause": cause,
                    "lines": len(items),
                    "hipify_perl_reproduces": sum(bool(d.perl_ok) for d in items) if args.hipify_perl else None,
                }
                for cause, items in ordered
            ],
            "deviations": [asdict(d) for d in deviations],
        }
        args.json.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
