"""Which part of vinescore may use which (arrows only downward): table uses
accounts for who may do what, never the other way round; history, records,
leaderboard and live sit above table, which uses none of them (a change is
told by table's and accounts' signals, which live listens to); the loose
modules under vinescore/ are the lowest floor; and the rules in scoring are
pure Python that any other part may use. Read from the source's imports, so
a new file that breaks the layering fails here; and how big the rooms are,
read from the files."""

from __future__ import annotations

import ast
import re
import tomllib
from collections import defaultdict
from pathlib import Path

from django.urls import resolve, reverse

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


def test_accounts_imports_nothing_from_table_or_live():
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE / "accounts").items()
        for name in names
        if within(name, "vinescore.table") or within(name, "vinescore.live")
    }
    assert not found, "accounts must not use table or live (they use it):\n" + "\n".join(found)


def test_nothing_below_live_imports_it():
    # table and accounts tell of a change by their signals, which live
    # listens to; its views are included by the URLs by name.
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE).items()
        if room_of(module_name(path)) != "live"
        for name in names
        if within(name, "vinescore.live")
    }
    assert not found, "nothing of ours below live uses it:\n" + "\n".join(sorted(found))


def test_accounts_names_no_page_of_table():
    """Where accounts sends people (its views and its templates) is named
    by the project (LOGIN_REDIRECT_URL) or by the pages' own apps."""
    named = set()
    for path in (PACKAGE / "accounts").rglob("*.py"):
        named.update(re.findall(r"""reverse\(["']([\w-]+)["']""", path.read_text()))
    for path in (ROOT / "templates" / "accounts").rglob("*.html"):
        named.update(re.findall(r"""{% url ["']([\w-]+)["']""", path.read_text()))
    assert named, "the accounts pages link somewhere"
    found = {
        f"{name}: {module}"
        for name in named
        if within(module := resolve_module(name), "vinescore.table")
    }
    assert not found, "accounts must not name table's pages:\n" + "\n".join(sorted(found))


def resolve_module(name: str) -> str:
    """The module of the view a URL name leads to (any arguments will do)."""
    for args in ([], [1], ["x"], [1, 1], ["x", "x"]):
        try:
            return resolve(reverse(name, args=args)).func.__module__
        except Exception:  # noqa: S112 — a name whose pattern takes other arguments
            continue
    raise AssertionError(f"no URL is named {name}")


def test_table_imports_nothing_of_the_rooms_above_it():
    above = ("vinescore.history", "vinescore.records", "vinescore.leaderboard", "vinescore.live")
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE / "table").items()
        for name in names
        if any(within(name, room) for room in above)
    }
    assert not found, "table must not use the rooms built on it:\n" + "\n".join(sorted(found))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def rooms_graph() -> dict[str, set[str]]:
    """Which of our rooms (each package directly under vinescore/) imports
    which other, every room a key."""
    graph: dict[str, set[str]] = defaultdict(set)
    for path, names in modules_under(PACKAGE).items():
        room = room_of(module_name(path))
        if not room:
            continue
        graph[room].update(other for name in names if (other := room_of(name)) not in ("", room))
    return graph


def room_of(module: str) -> str:
    """The room a module of ours is in: the package under vinescore/ that
    holds it; "" for a loose module there (the lowest floor) or none of ours."""
    parts = module.split(".")
    if parts[0] != "vinescore" or len(parts) < 2:
        return ""
    return parts[1] if (PACKAGE / parts[1]).is_dir() else ""


# The loose modules that put the rooms together, above every room.
WIRING = ("vinescore.urls", "vinescore.settings")


def test_the_loose_modules_are_the_lowest_floor():
    found = {
        f"{path.relative_to(ROOT)}: {name}"
        for path, names in modules_under(PACKAGE).items()
        if path.parent == PACKAGE and module_name(path) not in WIRING
        for name in names
        if room_of(name)
    }
    assert not found, "a loose module uses no room:\n" + "\n".join(sorted(found))


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle among the rooms, as the path round it ([] if none)."""
    done: set[str] = set()

    def visit(room: str, path: list[str]) -> list[str]:
        if room in path:
            return [*path[path.index(room) :], room]
        if room in done:
            return []
        for other in sorted(graph.get(room, ())):
            if cycle := visit(other, [*path, room]):
                return cycle
        done.add(room)
        return []

    for room in sorted(graph):
        if cycle := visit(room, []):
            return cycle
    return []


def test_a_cycle_among_the_rooms_is_found():
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_two_rooms_import_each_other_round_a_cycle():
    graph = rooms_graph()
    assert set(graph) >= {
        *("accounts", "table", "live", "history", "records", "leaderboard"),
        *("guide", "offline", "scoring", "ratings", "backup", "templatetags"),
    }
    cycle = a_cycle(graph)
    assert not cycle, "an import cycle: " + " -> ".join(cycle)


def lines(path: Path) -> int:
    return len(path.read_text().splitlines())


def product_code() -> list[Path]:
    """The product's code: Python under vinescore/ (migrations left out),
    every template (the service worker's sw.js among them) and the scripts
    in static/js. Tests, benchmarks and prose are not counted."""
    files = [path for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts]
    files += [path for path in (ROOT / "templates").rglob("*") if path.is_file()]
    files += [path for path in PACKAGE.glob("*/templates/**/*") if path.is_file()]
    files += sorted((ROOT / "static" / "js").rglob("*.js"))
    return files


def table_share() -> tuple[int, int]:
    """Lines of table (its Python and its templates), lines of the product."""
    files = product_code()
    homes = (PACKAGE / "table", ROOT / "templates" / "table")
    table = [path for path in files if any(path.is_relative_to(home) for home in homes)]
    return sum(map(lines, table)), sum(map(lines, files))


def test_table_is_at_most_a_quarter_of_the_product():
    table, product = table_share()
    assert product > 10_000 and table > 1_000  # the measure found the code
    assert table <= product / 4, f"table/ is {table} of {product} lines ({table / product:.0%})"


# Modules allowed past about 600 lines: the models of the table (a method a
# change), and one game's rules each.
LONG_ALLOWED = {"vinescore/table/models.py"}


def test_no_module_runs_past_about_600_lines():
    long = {
        f"{path.relative_to(ROOT)}: {lines(path)}"
        for path in product_code()
        if path.suffix == ".py"
        and lines(path) > 600
        and str(path.relative_to(ROOT)) not in LONG_ALLOWED
        and not path.is_relative_to(PACKAGE / "scoring" / "games")
    }
    assert not long, "split these by what they are for:\n" + "\n".join(sorted(long))


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
    # The score sheet's "Send to BG Stats" is the one place table's pages
    # reach records: game.html loads records' `bgstats` tag, not its code.
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


def test_events_imports_no_django_and_of_ours_only_the_rules():
    found = impure_imports("events", "scoring")
    assert not found, "events is pure Python beside scoring:\n" + "\n".join(found)
