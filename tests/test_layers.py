"""Which part of vinescore may use which (arrows only downward): table uses
accounts for who may do what, never the other way round, live uses both
and they tell it of a change through its hub alone, and the rules in
scoring are pure Python that any other part may use. Read from the source's
imports, so a new file that breaks the layering fails here."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "vinescore"


def imports_of(path: Path) -> set[str]:
    """Every module the file imports, relative imports made absolute."""
    package = list(path.relative_to(ROOT).parent.parts)  # where `from .` starts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return found


def modules_under(folder: Path) -> dict[Path, set[str]]:
    return {path: imports_of(path) for path in sorted(folder.rglob("*.py"))}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_relative_imports_are_read_as_the_modules_they_name():
    assert "vinescore.table.models" in imports_of(PACKAGE / "table" / "forms.py")
    assert "vinescore.scoring.base" in imports_of(PACKAGE / "scoring" / "games" / "coralon.py")


def test_accounts_imports_nothing_from_table():
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE / "accounts").items()
        for name in names
        if within(name, "vinescore.table")
    }
    assert not found, "accounts must not use table (table uses accounts):\n" + "\n".join(found)


def test_the_rest_of_vinescore_reaches_live_only_through_its_hub():
    # table and accounts announce a change through live.hub, which uses
    # nothing of ours; live's views use table and accounts, never the other
    # way round (the URLs include live's by name).
    live = PACKAGE / "live"
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE).items()
        if live not in path.parents
        for name in names
        if within(name, "vinescore.live")
        and name != "vinescore.live"
        and not within(name, "vinescore.live.hub")
    }
    assert not found, "only live.hub is for the rest of vinescore:\n" + "\n".join(found)
    assert "vinescore.live.hub" in imports_of(PACKAGE / "table" / "models.py")
    for quiet in ("__init__.py", "hub.py"):
        ours = {name for name in imports_of(live / quiet) if within(name, "vinescore")}
        assert not ours, f"live/{quiet} uses nothing of ours: {ours}"


def impure_imports(package: str, *ours: str) -> set[str]:
    """What a pure package imports that it must not: Django, the harness,
    the tests, or any of our own code but itself and `ours`."""
    allowed = (f"vinescore.{package}", *(f"vinescore.{name}" for name in ours))
    return {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE / package).items()
        for name in names
        if within(name, "django")
        or (within(name, "vinescore") and not any(within(name, a) for a in allowed))
        or within(name, "bench")
        or within(name, "tests")
    }


def test_scoring_imports_no_django_and_nothing_else_of_ours():
    found = impure_imports("scoring")
    assert not found, "scoring is pure Python of its own:\n" + "\n".join(found)


def test_the_product_ships_no_benchmark_code():
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert packages["packages"]["find"]["include"] == ["vinescore*"]
    assert not list(PACKAGE.rglob("bench*.py"))
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE).items()
        for name in names
        if within(name, "bench")
    }
    assert not found, "\n".join(found)


def test_records_is_used_only_by_the_urls_and_settings():
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE).items()
        if not within(".".join(path.relative_to(ROOT).with_suffix("").parts), "vinescore.records")
        and path.name not in ("urls.py", "settings.py")
        for name in names
        if within(name, "vinescore.records")
    }
    assert not found, "records sits above table; only urls reach it:\n" + "\n".join(found)


def test_no_module_of_records_runs_past_about_400_lines():
    long = {
        f"{path.relative_to(ROOT)}: {len(path.read_text().splitlines())}"
        for path in (PACKAGE / "records").rglob("*.py")
        if len(path.read_text().splitlines()) > 450
    }
    assert not long, "\n".join(long)


def test_ratings_imports_no_django_and_of_ours_only_the_rules():
    found = impure_imports("ratings", "scoring")
    assert not found, "ratings is pure Python beside scoring:\n" + "\n".join(found)
