"""Measuring register pressure: compile with hipcc, read the per-kernel resource remarks,
put them beside the CUDA side, and tune launch bounds."""
