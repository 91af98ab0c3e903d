"""The HTML report as a browser shows it: rendered by headless Chromium (Debian's `chromium`
package), every section's rendered text checked. Skipped where Chromium is not installed."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .conftest import CORPUS
from .conftest import run_cli as run

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")

# No #include: convert adds the runtime's on a line of its own, so the converted file's lines
# are one further down than the user's (the report names the user's).
LOOPS = """__global__ void a(float* x) { x[threadIdx.x] += 1.f; }
__global__ void b(float* x) { x[threadIdx.x] *= 2.f; }
__global__ void c(float* x) { x[threadIdx.x] -= 1.f; }
__global__ void d(float* x) { x[threadIdx.x] /= 2.f; }

void step(float* x, int steps, cudaStream_t s) {
    for (int i = 0; i < steps; ++i) {
        a<<<1, 64, 0, s>>>(x);
        b<<<1, 64, 0, s>>>(x);
        c<<<1, 64, 0, s>>>(x);
        d<<<1, 64, 0, s>>>(x);
    }
}

void step_sync(float* x, int steps, cudaStream_t s) {
    for (int i = 0; i < steps; ++i) {
        a<<<1, 64, 0, s>>>(x);
        b<<<1, 64, 0, s>>>(x);
        c<<<1, 64, 0, s>>>(x);
        d<<<1, 64, 0, s>>>(x);
        cudaDeviceSynchronize();
    }
}
"""
SECTIONS = [
    "How the findings resolve",
    "Where the work is",
    "Files with the most work left",
    "Does it compile?",
    "Kernels",
    "Launch overhead",
    "What was converted",
    "What is left, by rule",
    "Files",
    "Findings",
    "How the estimate is made",
]


class _Sections(HTMLParser):
    """The rendered text under each <h2>, and the text before the first one."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, list[str]] = {"": []}
        self.current = ""
        self._heading: list[str] | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h2":
            self._heading = []
        elif tag in ("style", "title"):
            self._skip += 1
        elif tag in ("td", "th", "tr", "p", "li", "br", "div", "summary", "pre", "text"):
            self.sections[self.current].append(" ")  # a block or a cell: the text does not run on

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2" and self._heading is not None:
            self.current = " ".join("".join(self._heading).split())
            self.sections[self.current] = []
            self._heading = None
        elif tag in ("style", "title"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._heading is not None:
            self._heading.append(data)
        else:
            self.sections[self.current].append(data)

    def text(self, section: str) -> str:
        return " ".join("".join(self.sections[section]).split())


def _chromium(page: Path, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *args,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_rendered_report_shows_every_section(tmp_path: Path, capsys) -> None:
    project = tmp_path / "project"
    (project / "kernels").mkdir(parents=True)
    shutil.copy(CORPUS / "resources" / "spill.cu", project / "kernels" / "spill.cu")
    (project / "loops.cu").write_text(LOOPS)
    (project / "Makefile").write_text("all:\n\tnvcc -arch=sm_80 -o loops loops.cu\n")
    page = tmp_path / "gap.html"
    code, _, err = run(
        [
            "report",
            str(project),
            "-o",
            str(page),
            "-q",
            "--no-check",
            "--no-cuda",
            "--rocm-version",
            "6.3",
            "--arch",
            "gfx90a",
            "--arch",
            "gfx942",
        ],
        capsys,
    )
    assert code == 0, err

    done = _chromium(page, tmp_path / "profile", "--dump-dom")
    assert done.returncode == 0 and "<h1>Migration gap</h1>" in done.stdout, done.stderr[-2000:]
    parsed = _Sections()
    parsed.feed(done.stdout)
    assert [s for s in parsed.sections if s] == SECTIONS

    top = parsed.text("")
    assert "paths relative to" in top and top.split("paths relative to")[1].split()[0].endswith("/project")
    assert "estimated work remaining" in top and "units compile" not in top  # no check was run
    assert "That is" in top and "lines of device code" in top and "bench/effort_comparison.md" in top
    assert "not checked: --no-check" in parsed.text("Does it compile?")
    kernels = parsed.text("Kernels")
    assert "estimates, not measurements" in kernels and "min-occupancy" in kernels
    for name in ("mix", "transpose_tile", "gfx90a", "gfx942", "est."):
        assert name in kernels, name
    launches = parsed.text("Launch overhead")
    assert "loops.cu:7" in launches and "rewrite available" in launches
    assert "loops.cu:16" in launches and "does not apply" in launches and "synchronises with the host" in launches
    assert "line 21" in launches  # the blocker's line in the user's file, not the converted one
    files = parsed.text("Files")
    assert "kernels/spill.cu" in files and "loops.cu" in files and str(tmp_path) not in files
    assert "Makefile" in parsed.text("Files with the most work left") or "loops.cu" in parsed.text(
        "Files with the most work left"
    )
    assert "HP324" in parsed.text("What is left, by rule") and "HP324" in parsed.text("Findings")
    estimate = parsed.text("How the estimate is made")
    for words in ("One construct counts once", "per line", "build, run and compare", "rules/report/effort.toml"):
        assert words in estimate, words

    shot = tmp_path / "gap.png"
    done = _chromium(page, tmp_path / "profile", "--window-size=1280,2000", f"--screenshot={shot}")
    assert done.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
