"""The facts the report reads from the user's files (hipify_plus/source_facts.py) are the same
whether convert's workers made them from the renamer's parse or the report parses the file
itself: the renamer's tree is the input's, untouched by the rewrites' reparses."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.convert import ConvertSettings, convert
from hipify_plus.filekinds import file_kind
from hipify_plus.source_facts import ParsedSources, SourceFacts, source_facts
from hipify_plus.translate.engine import TranslateOptions

from ..conftest import CORPUS

# Corpus folders of real-looking CUDA: kernels with and without launch bounds, device helpers,
# and files the rewrites change (so the renamer's tree is reparsed after it was read).
FOLDERS = [CORPUS / "translate", CORPUS / "report", CORPUS / "resources", CORPUS / "lint" / "launch"]


def _converted_facts(folder: Path, out: Path) -> dict[str, SourceFacts | None]:
    settings = ConvertSettings(
        options=TranslateOptions(rocm_version=(5, 7, 0)),
        output=out,
        copy_others=False,
        use_cache=False,
        jobs=1,
        source_facts=True,
    )
    outcomes = convert([folder], settings).outcomes
    return {
        o.input: o.facts for o in outcomes if o.status in ("changed", "unchanged") and file_kind(o.input) == "source"
    }


def test_workers_facts_match_a_fresh_parse(tmp_path: Path) -> None:
    kernels = bounded = rewritten = 0
    for index, folder in enumerate(FOLDERS):
        given = _converted_facts(folder, tmp_path / str(index))
        assert given, folder
        for path, facts in given.items():
            assert facts is not None, path
            data = Path(path).read_bytes()
            assert facts == source_facts(path, data), path
            assert SourceFacts.from_json(facts.to_json()) == facts
            kernels += len(facts.kernels)
            bounded += sum(1 for k in facts.kernels if k.bounds)
            rewritten += b"cublas" in data or b"wmma" in data
    # enough of each kind that a difference would show
    assert kernels >= 100 and bounded >= 10 and rewritten >= 10, (kernels, bounded, rewritten)


def test_table_reads_a_file_it_was_not_given(tmp_path: Path) -> None:
    source = tmp_path / "k.cu"
    source.write_bytes(
        b"__device__ float twice(float x) { float t[8]; t[0] = x; return t[0] * 2; }\n"
        b"__global__ void __launch_bounds__(256) scale(float* a) { a[threadIdx.x] = twice(a[threadIdx.x]); }\n"
        b"__global__ void plain(float* a) { a[0] = 0; }\n"
    )
    table = ParsedSources()
    facts = table.facts(str(source))
    assert facts is not None
    assert [(k.name, k.line, k.bounds, k.threads) for k in facts.kernels] == [
        ("scale", 2, "__launch_bounds__(256)", 256),
        ("plain", 3, "", None),
    ]
    assert facts.kernels[0].state_words > facts.kernels[1].state_words  # the helper's array counts
    assert facts.device_lines == 3
    assert table.device_lines(str(source), source.read_bytes()) == 3
    assert table.device_lines(str(source), b"__device__ void f()\n{\n}\n") == 3  # other bytes: worked out again
    assert ParsedSources().facts(str(tmp_path / "missing.cu")) is None
    assert SourceFacts.from_json({"digest": "x", "kernels": [["k"]], "device_lines": 1}) is None
