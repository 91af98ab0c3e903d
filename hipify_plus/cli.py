"""The command line: options -> settings -> commands. No translation logic lives here.

Exit codes (ruff's and pre-commit's convention): 0 clean, 1 findings or files changed,
2 usage or internal error.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from hipify_plus import __version__
from hipify_plus.commands.exits import EXIT_CLEAN, EXIT_ERROR


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="hipify-plus",
        help="Port CUDA code to AMD GPUs (HIP/ROCm): translate, lint for AMD hazards, measure.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )


app = _new_app()

MaxFileSize = Annotated[float, typer.Option(min=0.001, help="Leave files larger than this many MB as they are.")]
EXIT_ZERO_HELP = "Exit 0 even when findings remain or files changed (usage and internal errors still exit 2)."


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class Engine(str, Enum):
    builtin = "builtin"
    hipify_perl = "hipify-perl"


def _fail(message: str) -> typer.Exit:
    typer.echo(f"hipify-plus: error: {message}", err=True)
    return typer.Exit(EXIT_ERROR)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"hipify-plus {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version_callback, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """hipify-plus: port CUDA code to AMD GPUs."""


@app.command()
def convert(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="CUDA files or folders to convert; `-` reads standard input (the result on stdout)."),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Output file or folder (a folder mirrors the input tree).")
    ] = None,
    stdin_filename: Annotated[
        str | None,
        typer.Option(
            "--stdin-filename",
            help="With `-`: the file standard input stands for (its kind: .cu, .cuh, .cpp, .h; its name in findings).",
        ),
    ] = None,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="Rewrite the inputs, keeping a backup of every changed file.")
    ] = False,
    backup_suffix: Annotated[
        str, typer.Option(help="Backup suffix for --in-place (never overwritten: .orig, .orig.1, ...).")
    ] = ".orig",
    rename: Annotated[
        bool, typer.Option("--rename", help="Rename .cu to .hip in the output and rewrite project #includes to match.")
    ] = False,
    header_suffix: Annotated[
        str | None, typer.Option(help="With --rename, also rename .cuh headers to this suffix (e.g. .hpp).")
    ] = None,
    skip_others: Annotated[
        bool, typer.Option("--skip-others", help="Do not copy non-source files into the output folder.")
    ] = False,
    no_build_files: Annotated[
        bool, typer.Option("--no-build-files", help="Copy Makefiles, CMake files and setup.py as they are.")
    ] = False,
    offload_arch: Annotated[
        list[str] | None,
        typer.Option(
            "--offload-arch",
            "--arch",
            help="AMD targets written into build files and compiled for by --check (default gfx90a).",
        ),
    ] = None,
    include: Annotated[
        list[str] | None, typer.Option("--include", help="Only files matching this glob (repeatable).")
    ] = None,
    exclude: Annotated[
        list[str] | None, typer.Option("--exclude", help="Skip files matching this glob (repeatable).")
    ] = None,
    no_gitignore: Annotated[
        bool, typer.Option("--no-gitignore", help="Also convert files that .gitignore excludes.")
    ] = False,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Ignore and do not write the content-hash cache.")
    ] = False,
    jobs: Annotated[int, typer.Option("-j", "--jobs", min=0, help="Worker processes (0: one per core).")] = 0,
    rocm_version: Annotated[
        str | None,
        typer.Option(
            "--rocm-version",
            "--target-rocm",
            help="Target ROCm release (default: the installed hipcc's, else the newest the mapping data knows).",
        ),
    ] = None,
    roc: Annotated[
        bool, typer.Option("--roc", help="Use ROC library names (rocBLAS, rocRAND, ...) where they exist.")
    ] = False,
    hip_launch_syntax: Annotated[
        bool, typer.Option("--hip-launch-syntax", help="Rewrite <<<>>> launches as hipLaunchKernelGGL.")
    ] = False,
    in_comments: Annotated[bool, typer.Option("--in-comments", help="Also rename CUDA names inside comments.")] = False,
    in_strings: Annotated[
        bool, typer.Option("--in-strings", help="Also rename CUDA names inside string literals.")
    ] = False,
    engine: Annotated[
        Engine, typer.Option(help="builtin, or hipify-perl followed by hipify-plus's own passes.")
    ] = Engine.builtin,
    hipify_perl: Annotated[
        str | None, typer.Option("--hipify-perl", help="Path of hipify-perl (default: found on PATH).")
    ] = None,
    output_format: Annotated[
        OutputFormat, typer.Option(help="Diagnostics as text or JSON on stdout.")
    ] = OutputFormat.text,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="Print diagnostics only, no summary.")] = False,
    no_progress: Annotated[bool, typer.Option("--no-progress", help="Never show a progress bar.")] = False,
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when files changed or findings remain.")
    ] = False,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Print how many findings each rule gave instead of the findings.")
    ] = False,
    output_file: Annotated[
        Path | None,
        typer.Option(
            "--output-file",
            help="Write the findings (or statistics) to this file, atomically, instead of standard output.",
        ),
    ] = None,
    max_file_size: MaxFileSize = 20.0,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Compile every converted unit with hipcc (-fsyntax-only per --offload-arch) "
            "and give each file a status.",
        ),
    ] = False,
    hipcc: Annotated[
        str | None,
        typer.Option(help="hipcc for --check and the default target (default: $ROCM_PATH/bin/hipcc, then PATH)."),
    ] = None,
    include_dir: Annotated[
        list[str] | None,
        typer.Option(
            "-I",
            "--include-dir",
            help="Include folder for --check (repeatable; an input folder means its converted copy).",
        ),
    ] = None,
    define: Annotated[
        list[str] | None, typer.Option("-D", "--define", help="Macro definition for --check (repeatable).")
    ] = None,
    compile_commands: Annotated[
        Path | None, typer.Option(help="compile_commands.json with per-file flags for --check.")
    ] = None,
    no_rewrite: Annotated[
        list[str] | None,
        typer.Option(
            "--no-rewrite",
            help="Do not apply this rewrite (a rule name or id; repeatable; `hipify-plus rules` marks them).",
        ),
    ] = None,
) -> None:
    """Translate CUDA sources to HIP: a file gives a file, a folder a mirrored tree."""
    from hipify_plus.commands.convert import ConvertArgs, run_convert

    code = run_convert(
        ConvertArgs(
            paths=paths or [],
            output=output,
            in_place=in_place,
            backup_suffix=backup_suffix,
            rename=rename,
            header_suffix=header_suffix,
            copy_others=not skip_others,
            build_files=not no_build_files,
            offload_arch=_split(offload_arch) or ["gfx90a"],
            include=include or [],
            exclude=exclude or [],
            use_gitignore=not no_gitignore,
            use_cache=not no_cache,
            jobs=jobs,
            rocm_version=rocm_version,
            roc=roc,
            hip_launch_syntax=hip_launch_syntax,
            in_comments=in_comments,
            in_strings=in_strings,
            engine=engine.value,
            hipify_perl=hipify_perl,
            output_format=output_format.value,
            quiet=quiet,
            progress=not no_progress,
            exit_zero=exit_zero,
            max_file_size=int(max_file_size * 2**20),
            check=check,
            hipcc=hipcc,
            include_dirs=include_dir or [],
            defines=define or [],
            no_rewrite=_split(no_rewrite),
            compile_commands=compile_commands,
            statistics=statistics,
            output_file=output_file,
            stdin_filename=stdin_filename,
        )
    )
    raise typer.Exit(code)


class LintFormat(str, Enum):
    text = "text"
    concise = "concise"
    json = "json"
    sarif = "sarif"
    github = "github"


def _split(values: list[str] | None) -> list[str]:
    return [v.strip() for item in values or [] for v in item.split(",") if v.strip()]


@app.command()
def lint(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Files or folders (default: the current folder); `-` reads standard input."),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", help="Rules to run: ids, prefixes (HP1) or names; comma-separated or repeated."),
    ] = None,
    ignore: Annotated[list[str] | None, typer.Option("--ignore", help="Rules to skip.")] = None,
    fix: Annotated[
        bool, typer.Option("--fix", help="Apply safe fixes in place (standard input: print the fixed text).")
    ] = False,
    unsafe_fixes: Annotated[
        bool | None, typer.Option("--unsafe-fixes/--no-unsafe-fixes", help="Also apply (or show) unsafe fixes.")
    ] = None,
    diff: Annotated[bool, typer.Option("--diff", help="Show the fixes as a diff; change nothing.")] = False,
    show_fixes: Annotated[
        bool,
        typer.Option(
            "--show-fixes",
            help="List the fixes applied (--fix), that would be (--diff), or that --fix would apply, "
            "per file, on standard error.",
        ),
    ] = False,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics",
            help="Count findings per rule (with name and fixable count) instead of listing them (text or json).",
        ),
    ] = False,
    add_noqa: Annotated[
        bool,
        typer.Option(
            "--add-noqa", help="Write `hipify-plus: ignore[...]` suppressions for today's findings into the files."
        ),
    ] = False,
    output_format: Annotated[
        LintFormat | None, typer.Option(help="text (with code frames), concise, json, sarif or github.")
    ] = None,
    output_file: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--output-file",
            help="Write the report (or statistics, or diff) to this file, atomically, instead of standard output.",
        ),
    ] = None,
    stdin_filename: Annotated[
        str | None,
        typer.Option(
            "--stdin-filename",
            help="With `-`: the file standard input stands for (its kind, config and per-file-ignores).",
        ),
    ] = None,
    config: Annotated[
        Path | None, typer.Option(help="pyproject.toml to read [tool.hipify-plus] from (default: the nearest one).")
    ] = None,
    target_rocm: Annotated[
        str | None,
        typer.Option(
            "--target-rocm",
            "--rocm-version",
            help="ROCm release the code targets (default: config, else the newest known).",
        ),
    ] = None,
    arch: Annotated[
        list[str] | None,
        typer.Option(
            "--arch", "--offload-arch", help="AMD targets, e.g. gfx90a,gfx942 (default: config, else gfx90a)."
        ),
    ] = None,
    baseline: Annotated[Path | None, typer.Option(help="Report only findings not in this baseline file.")] = None,
    write_baseline: Annotated[
        Path | None, typer.Option(help="Write today's findings to this baseline file and exit 0.")
    ] = None,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help=EXIT_ZERO_HELP)] = False,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="No summary line.")] = False,
    max_file_size: MaxFileSize = 20.0,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache", help="Lint every file again: neither read nor write the results remembered from earlier runs."
        ),
    ] = False,
    precise: Annotated[
        bool,
        typer.Option(
            "--precise",
            help=(
                "Let rules ask libclang what the text does not show (typedef'd mask types, launch sizes "
                "through constants and macros, kernels in other headers); needs the clang extra."
            ),
        ),
    ] = False,
    include: Annotated[
        list[str] | None, typer.Option("-I", "--include-dir", help="Include folder for --precise (repeatable).")
    ] = None,
    define: Annotated[
        list[str] | None, typer.Option("-D", "--define", help="Macro definition for --precise (repeatable).")
    ] = None,
    compile_commands: Annotated[
        Path | None, typer.Option(help="compile_commands.json whose per-file flags --precise parses with.")
    ] = None,
) -> None:
    """Find AMD hazards in CUDA/HIP sources and build files (warp size, launch bounds, LDS, flags, ...)."""
    from hipify_plus.commands.lint import LintArgs, run_lint

    code = run_lint(
        LintArgs(
            paths=paths or ([] if stdin_filename is not None else [Path(".")]),
            select=_split(select),
            ignore=_split(ignore),
            fix=fix,
            unsafe_fixes=unsafe_fixes,
            diff=diff,
            output_format=output_format.value if output_format else None,
            config=config,
            target_rocm=target_rocm,
            arches=_split(arch),
            baseline=baseline,
            write_baseline=write_baseline,
            exit_zero=exit_zero,
            precise=precise,
            clang_flags=[*(f"-I{i}" for i in include or []), *(f"-D{d}" for d in define or [])],
            compile_commands=compile_commands,
            quiet=quiet,
            max_file_size=int(max_file_size * 2**20),
            statistics=statistics,
            show_fixes=show_fixes,
            add_noqa=add_noqa,
            output_file=output_file,
            stdin_filename=stdin_filename,
            use_cache=not no_cache,
        )
    )
    raise typer.Exit(code)


class ResourcesFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


@app.command()
def resources(
    paths: Annotated[list[Path], typer.Argument(help="CUDA or HIP files or folders (CUDA is translated first).")],
    arch: Annotated[
        list[str] | None,
        typer.Option("--arch", "--offload-arch", help="AMD targets, e.g. gfx90a,gfx942 (default gfx90a)."),
    ] = None,
    hipcc: Annotated[str | None, typer.Option(help="hipcc to use (default: $ROCM_PATH/bin/hipcc, then PATH).")] = None,
    nvcc: Annotated[str | None, typer.Option(help="nvcc for the CUDA column (default: PATH).")] = None,
    no_cuda: Annotated[bool, typer.Option("--no-cuda", help="Do not run nvcc for the CUDA column.")] = False,
    sm: Annotated[str, typer.Option(help="CUDA architecture for the CUDA column.")] = "sm_80",
    include: Annotated[
        list[str] | None, typer.Option("-I", "--include-dir", help="Include folder (repeatable).")
    ] = None,
    define: Annotated[list[str] | None, typer.Option("-D", "--define", help="Macro definition (repeatable).")] = None,
    compile_commands: Annotated[Path | None, typer.Option(help="compile_commands.json with per-file flags.")] = None,
    jobs: Annotated[int, typer.Option("-j", "--jobs", min=0, help="Parallel compiles (0: one per core).")] = 0,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Recompile even when the inputs did not change.")
    ] = False,
    min_occupancy: Annotated[int, typer.Option(min=1, help="Report kernels below this many waves/SIMD.")] = 2,
    tune: Annotated[
        bool, typer.Option("--tune", help="Try launch bounds that remove spills and propose the best.")
    ] = False,
    fix: Annotated[
        bool, typer.Option("--fix", help="Write the tuning proposals into the sources (implies --tune).")
    ] = False,
    output_format: Annotated[
        ResourcesFormat, typer.Option(help="text table, json, sarif or github.")
    ] = ResourcesFormat.text,
    max_file_size: MaxFileSize = 20.0,
) -> None:
    """Compile kernels with hipcc and show VGPR/AGPR/SGPR, scratch, spills, occupancy and LDS per kernel."""
    from hipify_plus.commands.resources import ResourcesArgs, run_resources

    code = run_resources(
        ResourcesArgs(
            paths=paths,
            arches=_split(arch),
            hipcc=hipcc,
            nvcc=nvcc,
            no_cuda=no_cuda,
            sm=sm,
            includes=include or [],
            defines=define or [],
            compile_commands=compile_commands,
            jobs=jobs,
            no_cache=no_cache,
            min_occupancy=min_occupancy,
            tune=tune,
            fix=fix,
            output_format=output_format.value,
            max_file_size=int(max_file_size * 2**20),
        )
    )
    raise typer.Exit(code)


class ReportFormat(str, Enum):
    html = "html"
    markdown = "markdown"
    json = "json"
    sarif = "sarif"


@app.command()
def report(
    paths: Annotated[list[Path], typer.Argument(help="CUDA files or folders (they are read, never written).")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Report file (default: Markdown on standard output).")
    ] = None,
    output_format: Annotated[
        ReportFormat | None,
        typer.Option(
            "--output-format", "--format", help="html, markdown, json or sarif (default: from the -o suffix)."
        ),
    ] = None,
    rocm_version: Annotated[
        str | None,
        typer.Option(
            "--rocm-version",
            "--target-rocm",
            help="Target ROCm release (default: the checking hipcc's, else the newest the mapping data knows).",
        ),
    ] = None,
    roc: Annotated[
        bool, typer.Option("--roc", help="Count ROC library names (rocBLAS, rocRAND, ...) as the target.")
    ] = False,
    arch: Annotated[
        list[str] | None,
        typer.Option(
            "--arch",
            "--offload-arch",
            help="AMD targets for the hazard rules, the compile check and the kernels (default: config, else gfx90a).",
        ),
    ] = None,
    exclude: Annotated[
        list[str] | None, typer.Option("--exclude", help="Skip files matching this glob (repeatable).")
    ] = None,
    config: Annotated[
        Path | None, typer.Option(help="pyproject.toml with [tool.hipify-plus] (default: the nearest one).")
    ] = None,
    jobs: Annotated[int, typer.Option("-j", "--jobs", min=0, help="Worker processes (0: one per core).")] = 0,
    max_file_size: MaxFileSize = 20.0,
    quiet: Annotated[bool, typer.Option("-q", "--quiet", help="No summary line.")] = False,
    check: Annotated[
        bool | None,
        typer.Option(
            "--check/--no-check",
            help="Compile the converted code with hipcc and measure its kernels (default: when a hipcc is found).",
        ),
    ] = None,
    hipcc: Annotated[str | None, typer.Option(help="hipcc to use (default: $ROCM_PATH/bin/hipcc, then PATH).")] = None,
    nvcc: Annotated[str | None, typer.Option(help="nvcc for the kernels' CUDA side (default: PATH).")] = None,
    no_cuda: Annotated[bool, typer.Option("--no-cuda", help="Do not run nvcc for the kernels' CUDA side.")] = False,
    sm: Annotated[str, typer.Option(help="CUDA architecture for the CUDA side.")] = "sm_80",
    include: Annotated[
        list[str] | None, typer.Option("-I", "--include-dir", help="Include folder for the check (repeatable).")
    ] = None,
    define: Annotated[
        list[str] | None, typer.Option("-D", "--define", help="Macro definition for the check (repeatable).")
    ] = None,
    compile_commands: Annotated[Path | None, typer.Option(help="compile_commands.json with per-file flags.")] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Do everything anew: no converted tree, lint results or compiles remembered from earlier runs.",
        ),
    ] = False,
    no_tune: Annotated[
        bool, typer.Option("--no-tune", help="Do not run the launch-bounds tuner on kernels that spill.")
    ] = False,
) -> None:
    """Migration-gap report: what convert changes, what is left and why, whether it compiles, its kernels,
    and the work remaining."""
    from hipify_plus.commands.report import ReportArgs, run_report

    code = run_report(
        ReportArgs(
            paths=paths,
            output=output,
            output_format=output_format.value if output_format else None,
            rocm_version=rocm_version,
            roc=roc,
            arches=_split(arch),
            exclude=exclude or [],
            config=config,
            jobs=jobs,
            max_file_size=int(max_file_size * 2**20),
            quiet=quiet,
            check=check,
            hipcc=hipcc,
            nvcc=nvcc,
            no_cuda=no_cuda,
            sm=sm,
            include_dirs=include or [],
            defines=define or [],
            compile_commands=compile_commands,
            use_cache=not no_cache,
            tune=not no_tune,
        )
    )
    raise typer.Exit(code)


@app.command("rules")
def list_rules() -> None:
    """List every rule: id, name, severity, `rewrite` for those convert applies, and summary."""
    from hipify_plus.pipeline import convert_rules
    from hipify_plus.registry import all_rules

    rewrites = {r.rule for r in convert_rules()}
    for rule in all_rules().values():
        mark = "rewrite" if rule.id in rewrites else ""
        typer.echo(f"{rule.id}  {rule.name:42s} {rule.severity:8s} {mark:8s}{rule.summary}")


@app.command("rule")
def show_rule(rule_id: Annotated[str, typer.Argument(help="A rule id (HP001) or name.")]) -> None:
    """Print a rule's documentation."""
    from hipify_plus.registry import all_rules

    rules = all_rules()
    rule = rules.get(rule_id.upper()) or next((r for r in rules.values() if r.name == rule_id), None)
    if rule is None:
        raise _fail(f"unknown rule {rule_id!r}; `hipify-plus rules` lists them")
    typer.echo(
        f"# {rule.id} {rule.name}\n\nFamily: {rule.family}. Severity: {rule.severity}. "
        f"Fix: {rule.fix}.\n\n{rule.summary}.\n\n{rule.docs}"
    )


@app.command("explain")
def explain(
    name: Annotated[
        str,
        typer.Argument(
            help="A CUDA name (cudaMalloc, CUBLAS_OP_N), a HIP/ROC name, a CUDA header (cuda_bf16.h) "
            "or a rule id (HP103)."
        ),
    ],
    rocm_version: Annotated[
        str | None,
        typer.Option(
            help="Say what convert writes for this ROCm release (default: the newest the mapping data knows)."
        ),
    ] = None,
    roc: Annotated[bool, typer.Option("--roc", help="As convert --roc: ROC library names where they exist.")] = False,
) -> None:
    """What hipify-plus knows about a name: HIP/ROC names, releases, what convert writes, notes."""
    from hipify_plus.commands.explain import UnknownName, describe
    from hipify_plus.versions import parse_version

    try:
        version = parse_version(rocm_version) if rocm_version else None
    except ValueError:
        raise _fail(f"--rocm-version {rocm_version!r} is not a version such as 6.2 or 5.7.1") from None
    try:
        typer.echo(describe(name, version, roc))
    except UnknownName as exc:
        raise _fail(str(exc)) from None


dev_app = typer.Typer(name="dev", help="Tools for working on hipify-plus itself.", no_args_is_help=True)
app.add_typer(dev_app)


@dev_app.command("new-rule")
def new_rule(
    rule_id: Annotated[str, typer.Argument(help="The new rule's id, e.g. HP114.")],
    name: Annotated[str, typer.Argument(help="Its name: lowercase words joined by dashes.")],
    family: Annotated[
        str, typer.Option("--family", help="Its family (wavefront, launch, libraries, portability, compile, ...).")
    ],
) -> None:
    """Write a new rule's TOML, detector module and corpus fixture (in a checkout)."""
    from hipify_plus.commands.dev import checkout_root
    from hipify_plus.commands.dev import new_rule as write_new_rule

    raise typer.Exit(write_new_rule(rule_id, name, family, checkout_root()))


def _app_for(argv: list[str]) -> typer.Typer:
    """The app with only the command that `argv` names: typer builds the options of every
    command it holds before it parses (~60 ms for all of them, most of a one-file lint's start).
    The whole app for anything else (no command, an option first, an unknown name, `dev`)."""
    name = argv[0] if argv else ""
    chosen = [c for c in app.registered_commands if (c.name or (c.callback and c.callback.__name__)) == name]
    if len(chosen) != 1:
        return app
    one = _new_app()
    one.registered_callback = app.registered_callback
    one.registered_commands = chosen
    return one


def main(argv: list[str] | None = None) -> int:
    """Console entry point: never lets a traceback reach the user."""
    arguments = sys.argv[1:] if argv is None else argv
    try:
        result = _app_for(arguments)(args=arguments, standalone_mode=False)
    except typer.Exit as exc:
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("hipify-plus: interrupted", err=True)
        return 130
    except Exception as exc:  # noqa: BLE001
        if hasattr(exc, "show") and hasattr(exc, "exit_code"):  # a usage error from click
            exc.show()
            return EXIT_ERROR
        typer.echo(f"hipify-plus: internal error: {type(exc).__name__}: {exc}", err=True)
        return EXIT_ERROR
    return result if isinstance(result, int) else EXIT_CLEAN


if __name__ == "__main__":
    sys.exit(main())
