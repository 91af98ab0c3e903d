"""`cuda.syntax.descendants` walks a subtree with a cursor: the same nodes, in the same order,
as the plain recursion over `children` it replaced, for every subtree and never past it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hipify_plus.cuda.syntax import descendants
from hipify_plus.parse import Node, parse

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _by_children(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children:
        yield from _by_children(child)


def _spans(nodes: Iterator[Node]) -> list[tuple[int, int, int]]:
    return [(n.start_byte, n.end_byte, n.kind_id) for n in nodes]


def test_every_subtree_of_corpus_files_is_walked_as_the_recursion_walks_it() -> None:
    files = sorted(CORPUS.glob("translate/**/*.cu"))[:12]
    assert files
    for path in files:
        tree = parse(path.read_bytes())
        for node in _by_children(tree.root_node):
            assert _spans(descendants(node)) == _spans(_by_children(node)), (path, node.type, node.start_byte)


def test_a_leaf_and_a_last_child_stop_at_themselves() -> None:
    tree = parse(b"int f(int a) { return a; }\nint g;\n")
    function = tree.root_node.children[0]
    last = tree.root_node.children[-1]
    assert [n.type for n in descendants(last)] == [n.type for n in _by_children(last)]
    leaf = function.child_by_field_name("type")
    assert leaf is not None and list(descendants(leaf)) == [leaf]
