"""The phone's own scripts (static/js and the service worker) stay small enough to
read in one sitting: at most 1,400 lines in all, as `wc -l` counts them, written
out rather than squeezed onto long lines."""

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
