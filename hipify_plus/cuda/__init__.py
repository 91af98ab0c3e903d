"""The shared CUDA model: what translate, lint, rewrites and resources all need to know about a
parsed CUDA/HIP file (syntax helpers over tree-sitter nodes, preprocessor facts)."""
