"""The project's pages link each other by relative paths: every such link leads to a file that
is there, and the docs' home page (docs/index.md) leads to every other page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_between_the_pages_leads_somewhere() -> None:
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in PAGES
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert broken == []
    linked = LINK.findall((ROOT / "docs" / "index.md").read_text(encoding="utf-8"))
    assert {p.name for p in PAGES if p.parent.name == "docs"} - {"index.md"} <= set(linked)
