"""HP1xx: code that assumes 32-lane warps; AMD CDNA GPUs run 64-lane wavefronts.

Most rules look at one node. The warp-size rewrites (HP102, HP105, HP110) are only safe as a
set: `_warp_units.py` finds every such site of a file once, groups functions into units (a
kernel, the device helpers it calls, the host code that launches it) and lets a unit's fixes be
safe only when nothing else in the unit still assumes 32 lanes.

One module per rule, named after its TOML (`hp101_hardcoded_warp_size.py` for
rules/wavefront/HP101-hardcoded-warp-size.toml). The `_`-prefixed modules hold what several
rules share; their names keep a leading underscore because they are for this family's rules
only."""
