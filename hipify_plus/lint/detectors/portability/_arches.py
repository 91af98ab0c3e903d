"""AMD targets that several portability rules single out."""

from __future__ import annotations

MI300 = frozenset({"gfx940", "gfx941", "gfx942"})
