"""HP3xx: library and graph hazards: cuDNN -> MIOpen, cuBLAS/cuBLASLt -> hipBLAS/rocBLAS/
hipBLASLt, and CUDA graphs -> HIP graphs. Every detector looks at the CUDA spelling and at the
ported one (miopen*, hipblas*, rocblas_*, hipblasLt*) wherever the hazard survives translation,
because the linter also runs on code that has already been through `convert`.

One module per rule, named after its TOML (`hp301_convolution_without_find.py` for
rules/libraries/HP301-convolution-without-find.toml). The `_`-prefixed modules hold what several
rules share; their names keep a leading underscore because they are for this family's rules
only."""
