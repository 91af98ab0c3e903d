"""Output formats; each consumes a list of diagnostics and writes text."""
