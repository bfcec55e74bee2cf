"""vinescore reaches into neither Django's insides nor Python's: no private
attribute of a queryset, model state or connection, no statement compiler
of our own, no rewritten code object; and no kept HTML has another
visitor's part put in by string replacement. Read from the source, so a
new file that does any of it fails here."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "vinescore"
INSIDES = {
    "_result_cache",
    "_prefetch_done",
    "_state",
    "_resource_closers",
    "run_on_commit",
    "from_db",
    "SQLCompiler",
    "co_stacksize",
}


def sources() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if "migrations" not in path.parts]


def names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.alias):
            found.add(node.name.rsplit(".", 1)[-1])
        elif isinstance(node, ast.FunctionDef):
            found.add(node.name)
    return found


def replaced_in_html(path: Path) -> list[int]:
    """Lines calling .replace() on something named as HTML (html, page, part,
    rendered, content): how kept pages once had a visitor's token put in."""
    tree = ast.parse(path.read_text(), str(path))
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "replace"
        ):
            target = ast.unparse(node.func.value).lower()
            if any(word in target for word in ("html", "page", "part", "rendered", "content")):
                lines.append(node.lineno)
    return lines


def test_no_part_of_vinescore_uses_djangos_or_pythons_insides():
    used = {path.relative_to(PACKAGE): names_used(path) & INSIDES for path in sources()}
    assert {path: names for path, names in used.items() if names} == {}


def test_no_rendered_html_is_patched_by_string_replacement():
    patched = {path.relative_to(PACKAGE): replaced_in_html(path) for path in sources()}
    assert {path: lines for path, lines in patched.items() if lines} == {}


def test_the_check_finds_what_it_looks_for(tmp_path):
    # The same reading finds both, so a pass above says they are absent.
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(qs, response):\n"
        "    qs._result_cache = []\n"
        "    return response.content.replace(b'TOKEN', b'x')\n"
    )
    assert names_used(sample) & INSIDES == {"_result_cache"}
    assert replaced_in_html(sample) == [3]
