"""setup.py files: PyTorch CUDAExtension builds are hipified by PyTorch itself on ROCm, so the
file is kept; a finding lists what still needs attention (nvcc-only flags)."""

from __future__ import annotations

import re

from hipify_plus.buildsys.flags import flag_rules
from hipify_plus.buildsys.model import BuildConversion, BuildOptions

_EXTENSION = re.compile(rb"\bCUDAExtension\s*\(")
_NVCC_ARGS = re.compile(r"""["']nvcc["']\s*:\s*\[(?P<flags>[^\]]*)\]""", re.DOTALL)
_STRING = re.compile(r"""["']([^"']*)["']""")


def convert_setup_py(
    data: bytes, options: BuildOptions
) -> BuildConversion:  # options unused: one signature for all kinds
    result = BuildConversion(data)
    match = _EXTENSION.search(data)
    if match is None:
        return result
    attention = []
    rules = flag_rules()
    for block in _NVCC_ARGS.finditer(data.decode("utf-8", "surrogateescape")):
        for flag in _STRING.findall(block.group("flags")):
            name = flag.split("=", 1)[0]
            rule = rules.get(flag) or rules.get(name)
            if rule is not None and rule.action != "unwrap" and rule.flag not in ("-lineinfo",):
                attention.append(flag)
    message = (
        "CUDAExtension: on a ROCm build of PyTorch, torch.utils.cpp_extension hipifies these sources "
        "and compiles them with hipcc, so this file stays as it is"
    )
    if attention:
        message += f"; nvcc-only flags in extra_compile_args['nvcc'] need a ROCm branch: {', '.join(attention)}"
    message += "; run `hipify-plus lint` on the extension sources for AMD hazards"
    result.info.append((match.start(), message))
    return result
