"""The phone's own scripts (static/js and the service worker) stay small enough to
read in one sitting: at most 1,400 lines in all, as `wc -l` counts them, written
out rather than squeezed onto long lines; and they take what they need from data
attributes, JSON and headers the server sends, never from the page's text."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [*sorted((ROOT / "static" / "js").glob("*.js")), ROOT / "templates" / "offline" / "sw.js"]


def test_the_phone_scripts_are_at_most_1400_lines_in_all():
    lines = {path.name: path.read_text().count("\n") for path in SCRIPTS}
    assert len(lines) >= 8 and "outbox.js" in lines and "sw.js" in lines
    assert sum(lines.values()) <= 1400, lines


def test_no_line_of_them_is_squeezed_past_120_characters():
    long = [
        f"{path.name}:{number}"
        for path in SCRIPTS
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if len(line) > 120
    ]
    assert long == []


def test_a_hand_goes_by_htmx_and_no_script_reads_numbers_out_of_the_page_text():
    source = "\n".join(path.read_text() for path in SCRIPTS)
    assert '"HX-' not in source  # htmx sets its own headers
    assert "drawnNumber" not in source and "relabel" not in source


# Text read back out of the page (a write, `el.textContent = ...`, is no read).
READS_TEXT = re.compile(r"\.(?:textContent|innerText|innerHTML|outerHTML)\b(?!\s*=(?!=))")
# The reads a script may make, and why.
READS_ALLOWED = {
    # The words in the page's language: the JSON block the server renders
    # (vinescore/offline/words.py).
    ("vinescore.js", "JSON.parse(block.textContent)"),
}


def text_reads(path: Path) -> set[tuple[str, str]]:
    allowed = [ok for name, ok in READS_ALLOWED if name == path.name]
    return {
        (path.name, line.strip())
        for line in path.read_text().splitlines()
        if READS_TEXT.search(line) and not any(ok in line for ok in allowed)
    }


def test_the_check_tells_a_read_of_the_page_s_text_from_a_write():
    assert READS_TEXT.search('.map((el) => el.closest("label")?.textContent.trim())')
    assert READS_TEXT.search("const n = parseInt(cell.innerText, 10);")
    assert READS_TEXT.search("note.textContent += more;")
    assert not READS_TEXT.search("line.textContent = text;")
    assert not READS_TEXT.search('make("p", { textContent: text })')


def test_no_script_reads_a_value_out_of_the_page_s_text():
    assert [read for path in SCRIPTS for read in text_reads(path)] == []
    # Each allowed read is still there (else it leaves the list).
    source = {path.name: path.read_text() for path in SCRIPTS}
    assert all(ok in source[name] for name, ok in READS_ALLOWED)


def test_the_service_worker_keeps_a_sheet_by_its_headers_not_its_html():
    worker = (ROOT / "templates" / "offline" / "sw.js").read_text()
    assert ".exec(" not in worker and "data-offline-id" not in worker and "<title>(" not in worker
    for header in ("x-vinescore-person", "x-vinescore-title", "content-language"):
        assert f'said("{header}")' in worker
