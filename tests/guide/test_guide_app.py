"""The guide is a room of its own: the table may use it, never the other way
round, and what renders a page needs no Django."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import vinescore.guide

GUIDE = Path(vinescore.guide.__file__).parent
MODULES = sorted(GUIDE.glob("*.py"))
# views, urls and the app config are the guide's Django side
PURE = [m for m in MODULES if m.stem not in ("views", "urls", "apps")]


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_the_guide_imports_nothing_of_the_table(path):
    assert not {n for n in imported(path) if n.startswith("vinescore.table")}


@pytest.mark.parametrize("path", PURE, ids=lambda p: p.stem)
def test_reading_and_rendering_the_rules_needs_no_django(path):
    assert not {n for n in imported(path) if n == "django" or n.startswith("django.")}


def test_the_guide_has_its_own_templates_and_urls():
    assert (GUIDE / "templates" / "rules" / "page.html").exists()
    assert {p.stem for p in MODULES} >= {"views", "urls"}
