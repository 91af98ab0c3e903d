"""HP2xx: launch configuration, launch bounds, register and LDS limits that mean something else
(or nothing) on AMD GPUs. Runs on CUDA sources and on their HIP ports alike.

One module per rule, named after its TOML (`hp201_missing_launch_bounds.py` for
rules/launch/HP201-missing-launch-bounds.toml). The `_`-prefixed modules hold what several
rules share; their names keep a leading underscore because they are for this family's rules
only."""
