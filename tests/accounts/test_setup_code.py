"""`make run` serves the table, so the first visit (which creates the owner)
from any device but the server itself asks for the one-time setup code it
printed; a wrong code is refused beside the field and counts towards
django-axes's pause; the machine itself needs none; once vinescore is set
up, the code is dead."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.factories import PASSWORD, make_user
from tests.phone import Phone
from vinescore.accounts import setup_code

pytestmark = pytest.mark.django_db
OWNER = {
    "username": "dee",
    "email": "dee@example.com",
    "password1": PASSWORD,
    "password2": PASSWORD,
    "group": "Thursday club",
}
PHONE_AT_THE_TABLE = "192.168.1.23"


@pytest.fixture(autouse=True)
def code_file(settings, tmp_path):
    settings.SETUP_CODE_FILE = tmp_path / "setup_code"


def started() -> str:
    """What `make run` does before serving: prints (and keeps) a new code."""
    out = StringIO()
    call_command("announce_table", port="8000", listen="0.0.0.0", stdout=out)
    printed = out.getvalue()
    code = setup_code.current()
    assert code and f"one-time code: {code}" in printed
    return code


def phone_at_the_table() -> Phone:
    return Phone(user=None, REMOTE_ADDR=PHONE_AT_THE_TABLE)


def nobody() -> bool:
    return not get_user_model().objects.exists()


def test_a_first_visit_from_another_phone_asks_for_the_setup_code():
    code = started()
    phone = phone_at_the_table()
    page = phone.get("/welcome/").content.decode()
    assert "Setup code" in page
    response = phone.post("/welcome/", {**OWNER, "setup_code": code})
    assert response.status_code == 302 and response["Location"] == "/"
    assert get_user_model().objects.get().username == "dee"
    assert setup_code.current() == ""  # used: dead


def test_a_wrong_setup_code_is_refused_beside_the_field_and_creates_nobody():
    code = started()
    wrong = "0000-0000" if code != "0000-0000" else "1111-1111"
    response = phone_at_the_table().post("/welcome/", {**OWNER, "setup_code": wrong})
    assert response.status_code == 422
    assert "That is not the setup code" in response.content.decode()
    assert nobody()
    response = phone_at_the_table().post("/welcome/", OWNER)
    assert response.status_code == 422 and "This field is required." in response.content.decode()
    assert nobody()


def test_five_wrong_setup_codes_pause_the_first_visit_even_with_the_right_one():
    code = started()
    for guess in range(5):
        phone_at_the_table().post("/welcome/", {**OWNER, "setup_code": f"9{guess}"})
    response = phone_at_the_table().post("/welcome/", {**OWNER, "setup_code": code})
    assert response.status_code == 429
    assert nobody()
    # From another address too: wrong codes are counted for the code, not the phone.
    other = Phone(user=None, REMOTE_ADDR="10.0.0.9")
    assert other.post("/welcome/", {**OWNER, "setup_code": code}).status_code == 429
    assert nobody()


def test_the_server_itself_needs_no_code():
    started()
    phone = Phone(user=None)  # the test client's REMOTE_ADDR is 127.0.0.1
    assert "Setup code" not in phone.get("/welcome/").content.decode()
    assert phone.post("/welcome/", OWNER).status_code == 302
    assert not nobody()


def test_through_a_proxy_on_the_server_the_code_is_asked_for():
    started()
    proxied = Phone(user=None, HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert "Setup code" in proxied.get("/welcome/").content.decode()
    assert proxied.post("/welcome/", OWNER).status_code == 422
    assert nobody()


def test_without_a_code_kept_another_phone_cannot_set_up():
    response = phone_at_the_table().post("/welcome/", {**OWNER, "setup_code": "1234-5678"})
    assert response.status_code == 422
    assert "This server has no setup code now" in response.content.decode()
    assert nobody()


def test_once_set_up_a_start_prints_no_code_and_the_old_one_is_dead():
    code = started()
    make_user("dee")
    out = StringIO()
    call_command("announce_table", port="8000", listen="0.0.0.0", stdout=out)
    assert "one-time code" not in out.getvalue() and setup_code.current() == ""
    response = phone_at_the_table().post("/welcome/", {**OWNER, "setup_code": code})
    assert response.status_code == 409
    assert get_user_model().objects.count() == 1


def test_a_start_prints_where_the_phones_open_it(settings):
    settings.LAN_ADDRESSES = ["192.168.1.7"]
    out = StringIO()
    call_command("announce_table", port="8000", listen="0.0.0.0", stdout=out)
    assert "Phones at the table: http://192.168.1.7:8000/" in out.getvalue()
    assert "█" in out.getvalue()  # the QR code, drawn in the terminal
    settings.SITE_URL = "https://cards.example.org"
    out = StringIO()
    call_command("announce_table", port="8000", listen="0.0.0.0", stdout=out)
    assert "Phones at the table: https://cards.example.org/" in out.getvalue()


def test_local_only_serves_this_machine_and_needs_no_code(settings):
    settings.LAN_ADDRESSES = []
    out = StringIO()
    call_command("announce_table", port="8000", listen="127.0.0.1", stdout=out)
    assert "this machine only" in out.getvalue() and "Phones at the table" not in out.getvalue()
    assert setup_code.current() == ""
