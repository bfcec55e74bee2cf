"""Shared steps of the browser tests of a game kept on a phone: keep it, go
offline, enter hands (the phone scores them by the same rules), come back
online, and compare with what the server makes of them."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils.html import escape
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.conftest import PHONE, go_offline, member, sign_in

# Pyodide starts in a few seconds on a warm cache; the first load of all
# on a busy test machine may take longer.
READY = 60_000

# The sheet's own scripts and styles (htmx's included), by their static address.
OWN_FILES = re.compile(r"/static/(js|css|django_htmx)/")


def phone(browser: Browser, live_server) -> tuple[BrowserContext, Page]:
    """A phone signed in as the member; requests failing on purpose (the
    network is cut) are no error, a script error is."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(15_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    page.script_errors = []
    page.on("pageerror", lambda exc: page.script_errors.append(str(exc)))
    # The page's own scripts and styles, answered otherwise than whole: a
    # sheet without its outbox still keeps a game, but no hand it scores
    # offline is kept, which would show up much later as a missing row.
    page.files_not_served = []
    page.on(
        "response",
        lambda answer: (
            page.files_not_served.append(f"{answer.status} {answer.url}")
            if OWN_FILES.search(answer.url) and answer.status >= 400
            else None
        ),
    )
    return context, page


def keep(page: Page, game) -> None:
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Keep this game on this phone").tap()
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=READY)
    expect(page.locator("#keep")).to_contain_text("Kept on this phone")
    # Before the network goes: every script of the sheet came and ran.
    assert page.files_not_served == [], page.files_not_served
    assert page.script_errors == [], page.script_errors


def one_tap(page: Page, facts: dict) -> Locator | None:
    """The button under the form that records these facts whole (a take back,
    a deal everyone passed), if they are one."""
    if list(facts.values()) != [True]:
        return None
    (name,) = facts
    button = page.locator(f'#live form.shortcut:has(input[name="{name}"]) button')
    return button if button.count() else None


def enter(page: Page, facts: dict) -> None:
    """Taps and types one hand's facts into the form, as a player would."""
    form = page.locator("#hand-form")
    for name, value in facts.items():
        field = form.locator(f'fieldset[data-field="{name}"]')
        if value is False and not field.count():
            continue  # a fact left to its one-tap button: not ticked is not tapped
        inputs = field.locator(f'input[name="{name}"]')
        kind = inputs.first.get_attribute("type")
        if isinstance(value, bool):
            inputs.first.set_checked(value, force=True)
        elif isinstance(value, list) and kind == "checkbox":
            for box in inputs.all():
                box.set_checked(box.get_attribute("value") in {str(v) for v in value}, force=True)
        elif isinstance(value, list):
            for box, v in zip(inputs.all(), value, strict=True):
                box.fill("" if v is None else str(v))
        elif kind == "radio":
            field.locator(f'label.chip:has(input[value="{value}"])').tap()
        else:
            inputs.first.fill(str(value))


def messages_beside_fields(page: Page, which: str) -> list[tuple[str, str]]:
    """Each message `which` (a selector) shows in the hand form, with the
    field it stands beside ("" for one about the whole hand)."""
    return [
        (field, text)
        for field, text in page.eval_on_selector_all(
            f"#hand-form {which}",
            """lines => lines.map(line => [
                line.closest("fieldset") ? line.closest("fieldset").dataset.field : "",
                line.textContent.trim(),
            ])""",
        )
    ]


# The rows of the hands scored on the phone and not sent yet, in the sheet.
PHONE_ROWS = "#live tbody[data-phone-row]"


def phone_totals(page: Page) -> list[int]:
    """The totals cards at the top of the sheet (one set, online or not)."""
    return [int(t) for t in page.locator("#live ol.totals [data-total]").all_inner_texts()]


def play_offline_then_catch_up(
    page: Page, context: BrowserContext, game, hands: list[dict], wrong: tuple[int, dict]
) -> dict:
    """Keeps the game, goes offline, enters `hands` (before hand `wrong[0]`,
    the refused facts `wrong[1]`, which the phone must refuse), reads
    the phone's sheet, goes online and waits for the server to have every
    hand. Returns what the phone showed, and what it said of the refused
    facts ("refused": field and message)."""
    keep(page, game)
    go_offline(context)
    at, refused = wrong
    said = []
    rows = []
    for i, facts in enumerate(hands):
        number = i + 1
        if i == at:
            enter(page, refused)
            page.get_by_role("button", name=f"Score hand {number}").tap()
            expect(page.locator("#hand-form [data-phone-error]")).not_to_have_count(0)
            said = messages_beside_fields(page, "[data-phone-error]")
            expect(page.locator(PHONE_ROWS)).to_have_count(i)
        button = one_tap(page, facts)
        if button is None:
            enter(page, facts)
            button = page.get_by_role("button", name=f"Score hand {number}")
        button.tap()
        expect(page.locator(PHONE_ROWS)).to_have_count(number)
        expect(page.locator("#hand-form [data-phone-error]")).to_have_count(0)
    for body in page.locator(PHONE_ROWS).all():
        rows.append([int(t) for t in body.locator(".running").all_inner_texts()])
        assert "Not sent yet" in body.inner_text()
    shown = {
        "totals": phone_totals(page),
        "rows": rows,
        "winner": (
            page.locator("#live [data-phone-winner] h2").inner_text()
            if page.locator("#live [data-phone-winner]").count()
            else None
        ),
        "next": (
            page.locator("#next-hand").inner_text()
            if page.locator("#next-hand").is_visible()
            else None
        ),
        "explanations": page.locator(f"{PHONE_ROWS} tr.explain").all_inner_texts(),
        "refused": said,
    }
    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=60_000)
    expect(page.locator(PHONE_ROWS)).to_have_count(0)
    expect(page.locator("#live tbody.hand")).to_have_count(len(hands))
    assert page.script_errors == [], page.script_errors
    return shown


def assert_same_as_server(game, shown: dict) -> None:
    """Every running total, the winner and who goes next, as the server has them."""
    game.refresh_from_db()
    sheet = game.sheet()
    assert shown["rows"] == [list(row.totals) for row in sheet.rows]
    assert shown["totals"] == list(sheet.totals)
    for text, row in zip(shown["explanations"], sheet.rows, strict=True):
        assert row.result.explanation in text
    if sheet.winner is None:
        assert shown["winner"] is None
        table = sheet.next_table
        assert f"Hand {len(sheet.rows) + 1}" in shown["next"]
        if game.rules.deals:
            assert sheet.setup.names[table.dealer] in shown["next"]
    else:
        assert shown["winner"] is not None
        assert " and ".join(sheet.winner_names) in shown["winner"]


def server_refusal(page: Page, game, facts: dict) -> list[tuple[str, str]]:
    """Online, the facts typed into the sheet's hand form as the next hand and
    sent to the server: it answers 422, draws the form with a message beside
    each field it refuses, and keeps no hand. A game already won is first
    reopened to a higher target (as the table would, to play on), since a
    finished game takes no hand at all. Returns the server's messages."""
    game.refresh_from_db()
    if game.is_finished:
        page.get_by_role("link", name="Reopen", exact=True).tap()
        page.get_by_role("button", name="Reopen").tap()
    number = game.hand_count + 1
    score = page.get_by_role("button", name=f"Score hand {number}")
    expect(score).to_be_visible()
    enter(page, facts)
    address = reverse("hand_add", args=[game.pk])
    with page.expect_response(
        lambda answer: answer.request.method == "POST" and answer.url.endswith(address)
    ) as sent:
        score.tap()
    answer = sent.value
    assert answer.status == 422
    server = "p.error:not([data-phone-error])"
    expect(page.locator(f"#hand-form {server}")).not_to_have_count(0)
    said = messages_beside_fields(page, server)
    body = answer.text()
    for _field, message in said:
        assert escape(message) in body  # from the server's answer, not drawn on the phone
    expect(page.locator("#live tbody.hand")).to_have_count(number - 1)
    game.refresh_from_db()
    assert game.hand_count == number - 1
    assert page.script_errors == [], page.script_errors
    return said


def an_evening_offline(
    browser: Browser, live_server, game, hands: list[dict], wrong: tuple[int, dict]
) -> dict:
    """The whole evening on one phone: `hands` kept offline, with the refused
    facts `wrong` on the way; back online, every total and the winner must be
    the server's, and the server must refuse those facts in the words the
    phone used. Returns what the phone showed."""
    context, page = phone(browser, live_server)
    try:
        shown = play_offline_then_catch_up(page, context, game, hands, wrong)
        assert_same_as_server(game, shown)
        assert server_refusal(page, game, wrong[1]) == shown["refused"]
    finally:
        context.close()
    return shown
