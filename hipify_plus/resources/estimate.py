"""Without hipcc: an estimate of a kernel's AMD occupancy from a register count known some other
way (nvcc's count for the CUDA original, or a static estimate of its per-thread state), through
the occupancy model. Every caller marks the result as an estimate."""

from __future__ import annotations

from dataclasses import dataclass

from hipify_plus.resources.occupancy import ARCHES, occupancy, register_cap

DEFAULT_THREADS = 1024  # the flat work-group size the compiler assumes without launch bounds


@dataclass(frozen=True)
class Estimate:
    arch: str
    registers: int  # the count the estimate starts from (per thread)
    cap: int  # VGPRs the compiler allows for this work-group size
    occupancy: int  # waves/SIMD at min(registers, cap)
    likely_spills: bool  # registers > cap

    def to_json(self) -> dict[str, object]:
        return {
            "arch": self.arch,
            "registers": self.registers,
            "register_cap": self.cap,
            "occupancy": self.occupancy,
            "likely_spills": self.likely_spills,
            "estimate": True,
        }


def estimate(arch: str, registers: int, lds: int = 0, threads: int | None = None) -> Estimate | None:
    """None for a target the occupancy model does not know."""
    model = ARCHES.get(arch)
    if model is None:
        return None
    threads = threads or DEFAULT_THREADS
    cap = register_cap(model, threads)
    return Estimate(arch, registers, cap, occupancy(model, min(registers, cap), 0, 0, lds, threads), registers > cap)
