"""The hooks in .pre-commit-hooks.yaml, run by the real pre-commit against a temporary git repo."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

BAD = b"__device__ float f(float v) { return v + __shfl_xor_sync(0xffffffff, v, 1); }\n"
GOOD = b"__device__ float g(float v) { return v + __shfl_xor_sync(~0ull, v, 1); }\n"


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    pytest.importorskip("pre_commit")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    work = tmp_path_factory.mktemp("precommit")
    repo = work / "repo"
    repo.mkdir()
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(work / "cache"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    (repo / "bad.cu").write_bytes(BAD)
    (repo / "good.cu").write_bytes(GOOD)
    (repo / "notes.txt").write_text("__shfl_xor_sync(0xffffffff, v, 1)\n")
    subprocess.run(["git", "add", "."], cwd=repo, check=True, env=env)
    return repo, env


def try_repo(repo: Path, env: dict[str, str], hook: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), hook, "--all-files", "--verbose"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_lint_hook_fails_on_hazard_and_skips_other_files(hook_repo) -> None:
    repo, env = hook_repo
    done = try_repo(repo, env, "hipify-plus-lint")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "bad.cu:1:" in done.stdout and "HP103" in done.stdout
    assert "good.cu" not in done.stdout.split("hipify-plus lint")[-1].split("Found")[0] or "good.cu:" not in done.stdout
    assert "notes.txt" not in done.stdout


def test_fix_hook_rewrites_then_passes(hook_repo) -> None:
    repo, env = hook_repo
    done = try_repo(repo, env, "hipify-plus-fix")
    assert done.returncode == 1, done.stdout + done.stderr
    assert (repo / "bad.cu").read_bytes() == BAD.replace(b"0xffffffff", b"~0ull")
    assert (repo / "notes.txt").read_text() == "__shfl_xor_sync(0xffffffff, v, 1)\n"
    subprocess.run(["git", "add", "."], cwd=repo, check=True, env=env)
    again = try_repo(repo, env, "hipify-plus-fix")
    assert again.returncode == 0, again.stdout + again.stderr
