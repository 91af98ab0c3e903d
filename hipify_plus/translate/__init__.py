"""CUDA -> HIP translation: the built-in engine and the hipify-perl wrapper."""
