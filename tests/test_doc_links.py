"""The project's pages link each other by relative paths: every such link leads to a file that
is there (docs/architecture.md is short and sends the reader to the other pages, a page a
room)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_between_the_pages_leads_somewhere() -> None:
    broken = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in PAGES
        for target in LINK.findall(page.read_text(encoding="utf-8"))
        if "://" not in target and not (page.parent / target).exists()
    ]
    assert broken == []
    linked = LINK.findall((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))
    rooms = {p.name for p in PAGES if p.parent.name == "docs"} - {"architecture.md", "index.md"}
    assert rooms <= set(linked)
