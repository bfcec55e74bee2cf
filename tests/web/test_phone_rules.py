"""A game kept on a phone is scored there by the server's own scoring
package: the zip the phones load is the server's files, byte for byte; the
phone's checks say what the server's hand form says; and a server without
Pyodide says keeping a game is not available, and offers no button."""

import io
import re
import zipfile
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import QueryDict
from django.templatetags.static import static

from tests.factories import make_game
from vinescore.offline import bundle
from vinescore.scoring import phone
from vinescore.table.hand_forms import HandForm

pytestmark = pytest.mark.django_db

PACKAGE = Path(__file__).resolve().parents[2] / "vinescore" / "scoring"
LOCALE = Path(__file__).resolve().parents[2] / "vinescore" / "locale"


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def server_files() -> dict[str, bytes]:
    """The package's Python files, and the compiled catalogs the phone
    explains in, beside the package where the phone looks for them."""
    files = {
        "vinescore/scoring/" + path.relative_to(PACKAGE).as_posix(): path.read_bytes()
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    for path in LOCALE.glob("*/LC_MESSAGES/django.mo"):
        files["vinescore/scoring/locale/" + path.relative_to(LOCALE).as_posix()] = path.read_bytes()
    return files


def test_the_phones_scoring_package_is_the_servers_byte_for_byte():
    found = finders.find(bundle.STATIC_NAME)
    assert found, "the scoring package is among the static files"
    shipped = members(Path(found).read_bytes())
    assert shipped == server_files()
    assert "vinescore/scoring/games/coralon.py" in shipped
    assert "vinescore/scoring/phone.py" in shipped
    # The German catalog (compiled at install) goes with it.
    assert "vinescore/scoring/locale/de/LC_MESSAGES/django.mo" in shipped


def test_the_collected_scoring_package_is_the_servers_too():
    # `make test` collects the static files first, as a deploy does.
    if not staticfiles_storage.exists(bundle.STATIC_NAME):
        pytest.skip("static files not collected")  # pragma: no cover
    with staticfiles_storage.open(bundle.STATIC_NAME) as f:
        assert members(f.read()) == server_files()
    hashed = staticfiles_storage.stored_name(bundle.STATIC_NAME)
    with staticfiles_storage.open(hashed) as f:
        assert members(f.read()) == server_files()


def test_the_zip_is_the_same_bytes_for_the_same_files():
    assert bundle.scoring_zip() == bundle.scoring_zip()


def refusal_by_form(game, data: QueryDict) -> list[str]:
    sheet = game.sheet()
    form = HandForm(game.rules, sheet.next_table, data)
    assert not form.is_valid()
    return [m for errors in form.errors.values() for m in errors]


@pytest.mark.parametrize(
    ("kind", "names", "typed"),
    [
        (
            "coralon",
            ("Ana", "Ben", "Cy", "Dee"),
            "bidder=1&bid=4&tricks=3&tricks=3&tricks=3&tricks=3",
        ),
        ("coralon", ("Ana", "Ben", "Cy", "Dee"), "bid=4&tricks=3&tricks=4&tricks=2&tricks=4"),
        ("duel", ("Ana", "Ben"), "damage=-3&damage=2"),
    ],
)
def test_the_phone_refuses_a_hand_in_the_words_of_the_servers_form(kind, names, typed):
    game = make_game(kind, names)
    data = QueryDict(typed)
    record = {
        "game": game.kind,
        "players": list(names),
        "first_dealer": game.first_dealer,
        "options": list(game.options),
        "target": game.target,
        "stakes": game.stakes,
        "ended": False,
        "hands": [],
    }
    pairs = [(k, v) for k in data for v in data.getlist(k)]
    on_phone = phone.refusal(record, [], pairs)
    assert on_phone
    assert sorted(on_phone.values()) == sorted(refusal_by_form(game, data))


def needs_pyodide(settings) -> None:
    """`make setup` installs Pyodide when npm is there (CI has it)."""
    if not settings.PYODIDE_AVAILABLE:  # pragma: no cover
        pytest.skip("Pyodide is not installed: no npm on this machine")


def test_a_sheet_offers_to_keep_the_game_on_the_phone(client, settings):
    needs_pyodide(settings)
    game = make_game()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Keep this game on this phone" in page
    assert 'data-worker="/static/js/scoring-worker.' in page
    assert 'data-bundle="/static/scoring/vinescore-scoring.' in page
    assert 'data-loader="/static/pyodide/pyodide.' in page


def test_without_pyodide_the_sheet_says_keeping_is_not_available(client, settings):
    settings.PYODIDE_AVAILABLE = False
    game = make_game()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Keep this game on this phone" not in page
    assert "Keeping a game on this phone is not available on this server" in page
    assert "data-worker" not in page


def test_an_ordinary_sheet_downloads_nothing_of_pyodide(client):
    page = client.get(make_game().get_absolute_url()).content.decode()
    # Only addresses in data- attributes, fetched when the player keeps the game.
    assert 'src="/static/pyodide' not in page
    assert 'src="/static/js/keep.' not in page  # vinescore.js fetches it for a kept game
    assert "pyodide.asm" not in page


def script_src(policy: str) -> list[str]:
    return next(d for d in policy.split(";") if d.strip().startswith("script-src")).split()


def test_webassembly_is_allowed_in_the_scoring_worker_only(client):
    policy = client.get(make_game().get_absolute_url())["Content-Security-Policy"]
    assert script_src(policy) == ["script-src", "'self'"]
    assert "worker-src 'self'" in policy
    worker = client.get(static("js/scoring-worker.js"))
    assert worker.status_code == 200
    assert script_src(worker["Content-Security-Policy"]) == [
        "script-src",
        "'self'",
        "'wasm-unsafe-eval'",
    ]
    other = client.get(static("js/outbox.js"))
    assert "Content-Security-Policy" not in other


def test_the_service_worker_keeps_pyodide_apart_under_its_version(anonymous, settings):
    needs_pyodide(settings)
    worker = anonymous.get("/sw.js").content.decode()
    assert 'var PYODIDE_PREFIX = "/static/pyodide/";' in worker
    assert re.search(r'var PYODIDE = "vinescore-pyodide-[0-9a-f]{16}";', worker)
