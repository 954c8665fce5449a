"""A `pip install .` (the Quick start's first command, not editable) ships only the packages
pyproject.toml lists: every folder of the project that is a package must be listed, or the
installed privateer fails to import it (the tabletop engine once did)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _listed() -> set[str]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return set(tomllib.load(f)["tool"]["setuptools"]["packages"])


def _on_disk() -> set[str]:
    found = {"privateer"}
    for init in ROOT.rglob("__init__.py"):
        folder = init.parent.relative_to(ROOT)
        if (
            folder.parts
            and folder.parts[0] not in ("tests", ".venv", "build")
            and not any(part.startswith(".") or part.endswith(".egg-info") for part in folder.parts)
        ):
            found.add(".".join(("privateer", *folder.parts)))
    return found


def test_every_package_of_the_project_is_installed_by_pip() -> None:
    assert _on_disk() - _listed() == set()


def test_every_package_listed_is_there() -> None:
    assert _listed() - _on_disk() == set()


def test_every_data_file_is_shipped() -> None:
    """The data files a command reads (and the example policies the README points at) are in
    the wheel: each file under data/ matches one of the package-data patterns."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        patterns = tomllib.load(f)["tool"]["setuptools"]["package-data"]["privateer.data"]
    data = ROOT / "data"
    unshipped = [
        str(path.relative_to(data))
        for path in data.rglob("*")
        if path.is_file()
        and path.suffix != ".py"
        and "__pycache__" not in path.parts
        and not any(_globbed(path.relative_to(data).parts, p) for p in patterns)
    ]
    assert unshipped == []


def _globbed(parts: tuple[str, ...], pattern: str) -> bool:
    """Whether setuptools' package-data glob takes the file: one segment per folder, "*" never
    crossing a "/" (so "*.json" does not take tribes/x.json)."""
    segments = pattern.split("/")
    return len(segments) == len(parts) and all(
        fnmatch.fnmatchcase(part, seg) for part, seg in zip(parts, segments, strict=True)
    )
