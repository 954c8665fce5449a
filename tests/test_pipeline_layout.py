"""The pipeline's shape, read from its source with `ast`: no function longer than about a
screen (MAX_LINES), no import cycle among its modules (imports inside functions count: they
are how the old chart.py and woodcut_chart.py hid theirs), and no module of the pictures'
room (pipeline/chart/) reaching for another module's private (`_x`) name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import privateer

ROOT = Path(privateer.__file__).parent
PIPELINE = ROOT / "pipeline"
MAX_LINES = 120


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("privateer", *parts))


MODULES = {module_name(p): p for p in sorted(PIPELINE.rglob("*.py"))}


def is_module(name: str) -> bool:
    """A module of ours (anywhere in privateer, not only the pipeline)."""
    if name in MODULES:
        return True
    if not name.startswith("privateer."):
        return False
    where = ROOT.joinpath(*name.split(".")[1:])
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def imported(name: str, tree: ast.Module) -> Iterator[tuple[str, ast.alias, ast.AST]]:
    """(module of ours it imports, the alias, the import node) for every import in the
    module, wherever it stands; `from pkg import mod` counts as importing `pkg.mod`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, alias, node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_of(name)
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield (submodule if is_module(submodule) else source), alias, node


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        graph[name] = {m for m, _, _ in imported(name, tree) if m in MODULES and m != name}
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph`, as the modules round it, or None."""
    state: dict[str, int] = {}  # 1: on the path now, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_no_false_one() -> None:
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_function_in_the_pipeline_is_longer_than_a_screen() -> None:
    long = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES:
                    long.append(f"{name}.{node.name}: {lines} lines")
    assert not long, long


def test_the_pipeline_modules_import_one_another_without_a_cycle() -> None:
    graph = import_graph()
    chart = "privateer.pipeline.chart"
    # the walk sees what is there: the package's entry reads its rooms, a style the shared one
    assert {f"{chart}.plain", f"{chart}.woodcut_draw", f"{chart}.read"} <= graph[chart]
    assert f"{chart}.common" in graph[f"{chart}.plain"]
    assert f"{chart}.woodcut" in graph[f"{chart}.woodcut_draw"]  # `from . import woodcut`
    assert "privateer.pipeline.params" in graph[f"{chart}.fit"]  # `from ..params import`
    assert a_cycle(graph) is None, " -> ".join(a_cycle(graph) or [])
    # and no room of the chart imports the package that gathers them
    assert not any(chart in graph[m] for m in MODULES if m.startswith(f"{chart}."))


def test_no_module_of_the_chart_reaches_for_a_private_name() -> None:
    """Neither `from .x import _y` nor `x._y` on a module of ours: what two modules share is
    a public name of the one that holds it."""
    reached = []
    for name, path in MODULES.items():
        if not name.startswith("privateer.pipeline.chart"):
            continue
        tree = ast.parse(path.read_text(), str(path))
        ours: set[str] = set()  # names bound to modules of ours
        for module, alias, node in imported(name, tree):
            if not module.startswith("privateer."):
                continue
            private = alias.name.rpartition(".")[2].startswith("_")
            if isinstance(node, ast.ImportFrom) and private and alias.name != "__version__":
                reached.append(f"{name}: from {module} import {alias.name}")
            if is_module(module):
                ours.add(alias.asname or alias.name.partition(".")[0])
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ours
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                reached.append(f"{name}: {node.value.id}.{node.attr}")
    assert len([m for m in MODULES if m.startswith("privateer.pipeline.chart.")]) >= 8
    assert not reached, reached
