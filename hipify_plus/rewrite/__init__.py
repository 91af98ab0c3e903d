"""Template rewrites: from what a rule's detector captured, render the replacement through a
jinja2 template (templates/<family>/...) into Edits. The modules here know the target APIs (their
spellings per ROCm release, argument lists, preconditions) and nothing of tree-sitter: a
detector captures argument texts and byte spans, a module here decides and renders."""
