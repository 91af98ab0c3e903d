# Compile rules included by several Makefiles: the compiler variables carry flags of their own.
NVCC        := ccache $(CUDA_HOME)/bin/nvcc -ccbin g++-12  # expect: HP408
CC          := $(NVCC)
CUDA_ARCH   ?= sm_80
ARCH_FLAGS  := -arch=$(CUDA_ARCH) -code=$(CUDA_ARCH)  # expect: HP403, HP403
CU_OPTS     := -G -lineinfo  # expect: HP406, HP405
HOST_OPTS   := -G -fno-strict-aliasing  # ok: HP406 (passed through -Xcompiler)

COMPILE.cu = $(CC) $(ARCH_FLAGS) $(CU_OPTS) -Xcompiler "$(HOST_OPTS)" -c  # expect: HP408

%.o: %.cu
	$(COMPILE.cu) $< -o $@

%.ptx: %.cu
	$(NVCC) --ptxas-options=-v -ptx $< -o $@  # expect: HP402
