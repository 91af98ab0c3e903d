"""HP4xx: nvcc options and CMake CUDA constructs in build files (Makefiles, CMake, setup.py),
read as text and never run (one rule per module; the scanners and the shared analysis in the
_ modules); plus HP412, float atomics that gfx90a turns into CAS loops.

A build file is scanned once into flag lines: the words that one compiler command, flags
variable or option list hands to nvcc or hipcc, with the compilers they reach. The HP4xx
detectors then take their flags from those lines, so `-G` for gcc or `-arch` for another tool is
never reported, and the NVIDIA branch of a dual-platform build (`ifeq ($(HIP),1) ... else`) is
left alone.
"""
