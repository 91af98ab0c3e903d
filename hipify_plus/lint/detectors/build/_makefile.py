"""Makefiles read as text (never run): logical lines, assignments and conditionals."""

from __future__ import annotations

import re

_MAKE_PREFIX = rb"[ \t]*(?:(?:override|export|private)[ \t]+)*"
_MAKE_NAME = rb"([A-Za-z_][A-Za-z0-9_.\-]*)[ \t]*"
_MAKE_ASSIGN = re.compile(_MAKE_PREFIX + _MAKE_NAME + rb"(\+=|\?=|:::=|::=|:=|!=|=)")
_MAKE_TARGET_ASSIGN = re.compile(  # `debug: NVCCFLAGS += -G`
    rb"[^:=#\t][^:=#]*?[ \t]*:(?![:=])" + _MAKE_PREFIX + _MAKE_NAME + rb"(\+=|\?=|:=|=)"
)
_MAKE_CONDITIONAL = re.compile(rb"[ \t]*(ifeq|ifneq|ifdef|ifndef|else|endif)\b[ \t]*(.*)", re.DOTALL)
_REFERENCE = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_.\-]*)(?::[^)}]*)?[)}]")
_WHOLE_REFERENCE = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_.\-]*)[)}]")
_HIPCC_NAMES = frozenset({"hipcc", "hipcc.pl", "hipcc.bin"})
_HOST_NAMES = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "ld", "ar", "cpp", "icpx"})
_HOST_DEFAULTS = frozenset({"CC", "CXX", "CPP", "LD", "AR", "FC"})  # make's built-in tools
_NOT_COMMANDS = frozenset(
    {  # words before the program: launchers and shell keywords
        "ccache",
        "sccache",
        "distcc",
        "env",
        "time",
        "nice",
        "exec",
        "do",
        "then",
        "else",
        "!",
        "{",
        "(",
    }
)
_ENV_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=.*")
_HOST_WRAPPERS = frozenset({"-Xcompiler", "--compiler-options", "-Xlinker", "--linker-options"})
