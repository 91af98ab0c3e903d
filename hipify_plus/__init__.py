"""hipify-plus: port CUDA code to AMD GPUs (HIP/ROCm) and keep it portable."""

__version__ = "0.1.0"
