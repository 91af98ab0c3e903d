"""The AMD-hazard linter: detectors on the tree-sitter tree (and on build files), suppressions,
fixes through the shared edit model."""
