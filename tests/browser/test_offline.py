"""A phone that loses the server: the hand typed meanwhile is kept on the
phone and sent by itself, once, when the server answers again; a sheet
opened before opens again without it; a hand half typed survives a reload;
and vinescore installs like an app."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import PHONE, go_offline, member, sign_in
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}
CY_MAKES_5 = {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2]}


def phone(browser: Browser, live_server, *, worker: bool = True) -> tuple[BrowserContext, Page]:
    """A phone signed in as the member. Unlike the `page` fixture, a request
    that fails on purpose here (the network is cut) is not an error of the
    page; a script error still is (checked by `no_script_errors`).

    `worker=False` keeps vinescore's service worker out, for a test that
    answers the page's requests itself (`page.route`): a request from a page
    the worker has taken over passes the worker, and the browser may send it
    on without the test's answer, once the worker is ready, which on a busy
    machine comes before or after the test's first tap."""
    options = {} if worker else {"service_workers": "block"}
    context = browser.new_context(base_url=live_server.url, **PHONE, **options)
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    page.script_errors = []
    page.on("pageerror", lambda exc: page.script_errors.append(str(exc)))
    return context, page


def no_script_errors(*pages: Page) -> None:
    for page in pages:
        assert page.script_errors == [], page.script_errors


def open_sheet_kept(page: Page, game) -> None:
    """Opens the sheet, and waits for the service worker to keep a copy."""
    page.goto(game.get_absolute_url())
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)


def chip(page: Page, field: str, label: str):
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    )


def tricks(page: Page, name: str):
    return (
        page.locator('#hand-form fieldset[data-field="tricks"] .stepper')
        .filter(has_text=name)
        .locator("input")
    )


def type_hand(page: Page, bidder: str, bid: str, taken: dict[str, int]) -> None:
    chip(page, "bidder", bidder).tap()
    chip(page, "bid", bid).tap()
    for name, count in taken.items():
        tricks(page, name).fill(str(count))


def test_a_hand_scored_offline_is_kept_through_a_reload_and_stored_once_back_online(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = phone(browser, live_server)
    open_sheet_kept(page, game)

    go_offline(context)
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.get_by_role("button", name="Score hand 1").tap()
    row = page.locator("#outbox li")
    expect(row).to_contain_text("Hand 1 (Ben, 4): not sent yet")
    expect(row).to_contain_text("it is sent by itself when the connection returns")
    # The form is free for the next hand.
    expect(page.get_by_role("button", name="Score hand 2")).to_be_visible()

    # Reloaded with no network: the kept sheet, and the hand still waiting.
    page.reload()
    expect(page.locator("#connection")).to_contain_text(
        re.compile(r"Offline: last updated \d\d:\d\d")
    )
    expect(page.locator("#outbox li")).to_contain_text("Hand 1 (Ben, 4): not sent yet")
    # Whether the server has it yet is not the phone's to say: Chromium's
    # emulated offline once let a send through during the reload, unanswered.
    # The hand's key makes any second send land on the same hand (below).

    context.set_offline(False)
    expect(page.locator("tbody.hand")).to_have_count(1, timeout=15_000)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#connection")).to_contain_text("Back online")
    page.wait_for_timeout(2_500)  # a second send would have landed by now
    hands = list(game.hands.all())
    assert len(hands) == 1
    assert hands[0].facts["bidder"] == 1 and hands[0].facts["bid"] == 4
    assert hands[0].facts["tricks"] == [3, 4, 2, 4]
    no_script_errors(page)
    context.close()


def test_a_hand_sent_at_once_is_listed_only_when_its_answer_is_slow(
    browser: Browser, live_server
) -> None:
    """Online, a hand goes straight away and nothing is drawn above the form
    while it goes (the page would move under the thumb, then back); one whose
    answer is slow in coming is listed as on its way, so it is not thought lost."""
    game = make_game()
    context, page = phone(browser, live_server, worker=False)
    page.goto(game.get_absolute_url())
    held = []
    page.route(re.compile(r"/hands/$"), lambda route: held.append(route))
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Score hand 1").tap()
    # At once: well before a hand on its way is listed (outbox.js, SLOW: 1.5 s
    # after it was sent), on a machine however busy.
    for _ in range(10):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the hand was not sent at once"
    expect(page.locator("#outbox")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 0

    expect(page.locator("#outbox li")).to_contain_text("Hand 1 (Ben, 4): sending…")
    held[0].continue_()
    expect(page.locator("tbody.hand")).to_have_count(1)
    expect(page.locator("#outbox")).to_have_count(0)
    assert page.evaluate("window.scrollY") == 0
    assert game.hands.count() == 1
    no_script_errors(page)
    context.close()


def test_hands_not_sent_yet_stay_listed_when_another_phones_hand_arrives_mid_typing(
    browser: Browser, live_server
) -> None:
    """Ben's hand waits (the server fails it) and he has begun the next one
    when Ana scores: his sheet moves on around what he is typing, and the
    list of hands not sent yet is in the new sheet from the first moment."""
    game = make_game()
    ana_context, ana = phone(browser, live_server, worker=False)
    ben_context, ben = phone(browser, live_server, worker=False)
    ana.goto(game.get_absolute_url())
    ben.goto(game.get_absolute_url())
    ben_context.route(re.compile(r"/hands/$"), lambda route: route.fulfill(status=503, body=""))
    type_hand(ben, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    ben.get_by_role("button", name="Score hand 1").tap()
    expect(ben.locator("#outbox li")).to_contain_text("the server had a problem (error 503)")
    chip(ben, "bidder", "Cy").tap()  # the next hand, begun
    ben.evaluate(
        """() => { window.outboxMissing = false;
        new MutationObserver(() => {
          if (!document.getElementById("outbox")) window.outboxMissing = true;
        }).observe(document.querySelector("main"), { childList: true, subtree: true }); }"""
    )

    type_hand(ana, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5, "Dee": 2})
    ana.get_by_role("button", name="Score hand 1").tap()
    moved = ben.locator("[data-moved]")
    expect(moved).to_contain_text("Hand 1 was already entered on another phone")
    expect(ben.locator("#outbox li")).to_contain_text("Hand 1 (Ben, 4): not sent yet")
    assert ben.evaluate("window.outboxMissing") is False
    no_script_errors(ana, ben)
    ana_context.close()
    ben_context.close()


def test_a_hand_kept_offline_and_overtaken_comes_back_in_the_form(
    browser: Browser, live_server
) -> None:
    game = make_game()
    ana_context, ana = phone(browser, live_server)
    ben_context, ben = phone(browser, live_server)
    ana.goto(game.get_absolute_url())
    ben.goto(game.get_absolute_url())

    answers = []  # the hand's sends that reached the server
    ben.on("response", lambda r: answers.append(r.status) if r.url.endswith("/hands/") else None)
    go_offline(ben_context)
    type_hand(ben, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    ben.get_by_role("button", name="Score hand 1").tap()
    expect(ben.locator("#outbox li")).to_contain_text("not sent yet")

    # Meanwhile Ana enters hand 1 as she saw it.
    type_hand(ana, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5, "Dee": 2})
    ana.get_by_role("button", name="Score hand 1").tap()
    expect(ana.locator("tbody.hand")).to_have_count(1)

    ben_context.set_offline(False)
    expect(ben.locator("[data-moved]")).to_contain_text(
        "Hand 1 was already entered on another phone", timeout=15_000
    )
    expect(ben.locator("#hand-form [data-moved]")).to_contain_text(
        "The hand you sent is back in the form: score it as the next hand, or drop it."
    )
    expect(ben.locator("#outbox")).to_have_count(0)
    # Ben's facts, in the form for hand 2, to check and score again.
    expect(ben.get_by_role("button", name="Score hand 2")).to_be_visible()
    expect(ben.locator('#hand-form fieldset[data-field="bidder"] input:checked')).to_have_value("1")
    expect(ben.locator('#hand-form fieldset[data-field="bid"] input:checked')).to_have_value("4")
    expect(tricks(ben, "Dee")).to_have_value("4")
    hands = list(game.hands.all())
    assert len(hands) == 1 and hands[0].facts["bidder"] == 2
    ben.wait_for_timeout(2_500)
    assert answers == [409], "sent once, answered once"
    no_script_errors(ana, ben)
    ana_context.close()
    ben_context.close()


def test_a_reload_mid_hand_keeps_what_was_typed_and_scoring_clears_it(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = phone(browser, live_server)
    page.goto(game.get_absolute_url())
    chip(page, "bidder", "Dee").tap()
    chip(page, "bid", "6").tap()
    tricks(page, "Ana").fill("3")
    page.locator("#hand-form .stepper").filter(has_text="Ben").get_by_role(
        "button", name="One more for Ben"
    ).tap()

    page.reload()
    expect(page.locator("[data-draft-note]")).to_contain_text(
        "Kept on this phone: the hand you were typing"
    )
    expect(page.locator('#hand-form fieldset[data-field="bidder"] input:checked')).to_have_value(
        "3"
    )
    expect(page.locator('#hand-form fieldset[data-field="bid"] input:checked')).to_have_value("6")
    expect(tricks(page, "Ana")).to_have_value("3")
    expect(tricks(page, "Ben")).to_have_value("1")

    # Typed on after the reload, and reloaded again: all of it is there.
    tricks(page, "Ben").fill("3")
    tricks(page, "Cy").fill("3")
    page.reload()
    expect(tricks(page, "Cy")).to_have_value("3")
    expect(tricks(page, "Dee")).to_have_attribute("placeholder", "4")  # worked out

    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator("tbody.hand")).to_have_count(1)
    page.reload()
    expect(page.locator("[data-draft-note]")).to_have_count(0)
    expect(page.locator('#hand-form fieldset[data-field="bid"] input:checked')).to_have_count(0)
    expect(tricks(page, "Ana")).to_have_value("")

    # Typed, then dropped: gone after a reload too.
    chip(page, "bidder", "Ana").tap()
    page.reload()
    page.get_by_role("button", name="Start afresh").tap()
    expect(page.locator('#hand-form fieldset[data-field="bidder"] input:checked')).to_have_count(0)
    page.reload()
    expect(page.locator("[data-draft-note]")).to_have_count(0)
    assert game.hands.count() == 1
    no_script_errors(page)
    context.close()


def test_vinescore_installs_with_its_manifest_icons_and_service_worker(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = phone(browser, live_server)
    page.goto(game.get_absolute_url())
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate("href => fetch(href).then(r => r.json())", href)
    assert manifest["name"] == "vinescore" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    for icon in manifest["icons"]:
        width, height = page.evaluate(
            """src => new Promise((ok, fail) => {
                 const img = new Image();
                 img.onload = () => ok([img.naturalWidth, img.naturalHeight]);
                 img.onerror = fail;
                 img.src = src;
               })""",
            icon["src"],
        )
        assert f"{width}x{height}" == icon["sizes"]
    scope = page.evaluate(
        "navigator.serviceWorker.ready.then(r => r.scope + ' ' + r.active.scriptURL)"
    )
    assert scope == f"{live_server.url}/ {live_server.url}/sw.js"
    # On a secure address nothing says offline use is missing.
    expect(page.locator("[data-offline-note]")).to_be_hidden()
    no_script_errors(page)
    context.close()


def test_a_sheet_opened_before_opens_offline_marked_as_such(browser: Browser, live_server) -> None:
    game = make_game(hands=[BEN_MAKES_4])
    context, page = phone(browser, live_server)
    open_sheet_kept(page, game)
    page.goto("/")  # elsewhere, then the network goes

    go_offline(context)
    page.goto(game.get_absolute_url())
    expect(page.locator("#connection")).to_contain_text(
        re.compile(r"Offline: last updated \d\d:\d\d\. Hands you score are kept on this phone")
    )
    expect(page.locator("tbody.hand")).to_have_count(1)
    # Read only, but for the hand form: it goes to the outbox.
    expect(page.get_by_role("button", name="Save note")).to_be_disabled()
    expect(page.get_by_role("button", name="Undo the last hand")).to_be_disabled()
    expect(page.get_by_role("button", name="Score hand 2")).to_be_enabled()

    # A page that was never kept says so, and offers the kept sheet.
    page.goto("/history/")
    expect(page.get_by_role("heading", name="The server is out of reach")).to_be_visible()
    page.get_by_role("link", name=re.compile("Coralon")).tap()
    expect(page.locator("#connection")).to_contain_text("Offline: last updated")
    no_script_errors(page)
    context.close()


def test_every_failed_request_leaves_a_message_beside_what_was_tapped(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = phone(browser, live_server, worker=False)
    page.goto(game.get_absolute_url())
    other_phones = page.get_by_role("link", name="Other phones")

    # No connection.
    page.route("**/join/", lambda route: route.abort("internetdisconnected"))
    other_phones.tap()
    failed = page.locator("[data-request-failed]")
    expect(failed).to_contain_text("Could not reach vinescore (no connection?)")

    # The server fails.
    page.unroute("**/join/")
    page.route("**/join/", lambda route: route.fulfill(status=500, body="boom"))
    failed.get_by_role("button", name="Try again").tap()
    expect(failed).to_contain_text("vinescore had a problem (error 500)")

    # Refused.
    page.unroute("**/join/")
    page.route("**/join/", lambda route: route.fulfill(status=403, body="no"))
    failed.get_by_role("button", name="Try again").tap()
    expect(failed).to_contain_text("Refused")

    # Back to normal: the panel opens and the message goes.
    page.unroute("**/join/")
    failed.get_by_role("button", name="Try again").tap()
    expect(page.locator("#join-slot")).not_to_be_empty()
    expect(failed).to_have_count(0)

    # The live sheet's check for news fails: said once, at the top.
    page.route("**/live/", lambda route: route.abort("internetdisconnected"))
    expect(page.locator("#connection")).to_contain_text("Not connected since")
    page.unroute("**/live/")
    expect(page.locator("#connection")).to_have_count(0, timeout=5_000)

    # A hand the server fails on (500) is kept, said so, and sent again.
    page.route("**/hands/", lambda route: route.fulfill(status=500, body="boom"))
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator("#outbox li")).to_contain_text(
        "not sent yet (the server had a problem (error 500))"
    )
    page.unroute("**/hands/")
    page.locator("#outbox").get_by_role("button", name="Send now").tap()
    expect(page.locator("tbody.hand")).to_have_count(1)
    expect(page.locator("#outbox")).to_have_count(0)
    assert game.hands.count() == 1
    no_script_errors(page)
    context.close()


def test_a_plain_form_that_cannot_be_sent_says_so_beside_its_button_and_changes_nothing(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = phone(browser, live_server, worker=False)
    page.goto(game.get_absolute_url())
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator("tbody.hand")).to_have_count(1)
    undo = page.get_by_role("button", name="Undo the last hand")
    failed = page.locator("form.undo-last [data-request-failed]")

    def hands_left() -> int:
        return game.hands.filter(deleted_at=None).count()

    # No network: nothing is sent, the sheet stays, and the words are beside
    # the button, not the browser's own error page.
    go_offline(context)
    undo.tap()
    expect(failed).to_have_text(
        "Could not reach vinescore (no connection?): this did not go through. Try again"
    )
    expect(page).to_have_url(re.compile(rf"{game.get_absolute_url()}$"))
    expect(undo).to_be_visible()
    assert hands_left() == 1

    # A network, but vinescore does not answer (its server is down behind
    # the proxy): the same, with the error.
    context.set_offline(False)
    page.route("**/*", lambda route: route.fulfill(status=502, body="Bad gateway"))
    failed.get_by_role("button", name="Try again").tap()
    expect(failed).to_contain_text("vinescore had a problem (error 502): this did not go through.")
    expect(failed).to_have_count(1)
    assert hands_left() == 1

    # It answers again: Try again undoes the hand, as the tap would have.
    page.unroute("**/*")
    failed.get_by_role("button", name="Try again").tap()
    expect(page.get_by_text("Hand 1 deleted; totals after it were recomputed.")).to_be_visible()
    expect(page.locator("tbody.hand")).to_have_count(0)
    expect(failed).to_have_count(0)
    assert hands_left() == 0
    no_script_errors(page)
    context.close()


def test_on_plain_http_the_page_says_what_is_missing_and_why(browser: Browser, live_server) -> None:
    game = make_game()
    context, page = phone(browser, live_server)
    # As on a table's plain-http address (http://192.168.1.20:8000).
    context.add_init_script("Object.defineProperty(window, 'isSecureContext', {value: false})")
    page.goto(game.get_absolute_url())
    expect(page.locator("[data-offline-note]")).to_contain_text(
        "Install and offline opening need https"
    )
    # Drafts and the outbox work all the same.
    chip(page, "bidder", "Ana").tap()
    page.reload()
    expect(page.locator("[data-draft-note]")).to_be_visible()
    no_script_errors(page)
    context.close()


def kept_caches(page: Page) -> list[str]:
    return page.evaluate(
        "caches.keys().then(names => names.filter(n => n.startsWith('vinescore-pages-')))"
    )


def test_kept_sheets_are_one_person_s_and_go_when_they_sign_out(
    browser: Browser, live_server
) -> None:
    from tests.factories import make_member

    game = make_game(hands=[BEN_MAKES_4])
    context, page = phone(browser, live_server)
    open_sheet_kept(page, game)
    assert len(kept_caches(page)) == 1

    # Someone else signs in on this phone: the first person's sheets go.
    context.clear_cookies()
    sign_in(context, live_server, make_member("someone-else"))
    page.goto("/")
    page.wait_for_function(
        "caches.keys().then(n => !n.some(x => x.startsWith('vinescore-pages-')))"
    )
    go_offline(context)
    page.goto(game.get_absolute_url())
    expect(page.get_by_role("heading", name="The server is out of reach")).to_be_visible()
    expect(page.locator("tbody.hand")).to_have_count(0)
    context.set_offline(False)

    # Theirs are kept, until they sign out.
    open_sheet_kept(page, game)
    assert len(kept_caches(page)) == 1
    page.goto("/accounts/")
    page.get_by_role("button", name="Sign out").tap()
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    page.wait_for_function(
        "caches.keys().then(n => !n.some(x => x.startsWith('vinescore-pages-')))"
    )
    go_offline(context)
    page.goto(game.get_absolute_url())
    expect(page.get_by_role("heading", name="The server is out of reach")).to_be_visible()
    no_script_errors(page)
    context.close()


def test_a_double_tap_scores_one_hand_online_or_offline(browser: Browser, live_server) -> None:
    import time

    game = make_game()
    context, page = phone(browser, live_server, worker=False)
    page.goto(game.get_absolute_url())

    # Online, on a slow connection: the second tap lands while the first is on its way.
    def slowly(route) -> None:
        time.sleep(0.5)
        route.continue_()

    page.route("**/hands/", slowly)
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.get_by_role("button", name="Score hand 1").dblclick()
    expect(page.locator("tbody.hand")).to_have_count(1)
    page.unroute("**/hands/")

    # Offline: the second tap finds the form emptied for the next hand.
    go_offline(context)
    type_hand(page, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5, "Dee": 2})
    page.get_by_role("button", name="Score hand 2").dblclick()
    expect(page.locator("#outbox li")).to_have_count(1)
    context.set_offline(False)
    expect(page.locator("tbody.hand")).to_have_count(2, timeout=15_000)
    page.wait_for_timeout(2_500)
    assert game.hands.count() == 2
    expect(page.locator("#hand-form .error")).to_have_count(0)
    no_script_errors(page)
    context.close()


def test_hands_kept_offline_go_in_order_each_once(browser: Browser, live_server) -> None:
    game = make_game()
    context, page = phone(browser, live_server)
    page.goto(game.get_absolute_url())

    go_offline(context)
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.get_by_role("button", name="Score hand 1").tap()
    type_hand(page, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5, "Dee": 2})
    page.get_by_role("button", name="Score hand 2").tap()
    rows = page.locator("#outbox li")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Hand 1 (Ben, 4)")
    expect(rows.last).to_contain_text("Hand 2 (Cy, 5)")
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 3 · 2 hands not sent yet", use_inner_text=True
    )

    context.set_offline(False)
    expect(page.locator("tbody.hand")).to_have_count(2, timeout=15_000)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(page.locator("#next-hand")).to_contain_text("Hand 3 · Cy deals")
    page.wait_for_timeout(2_500)
    assert [h.facts["bidder"] for h in game.hands.order_by("position")] == [1, 2]
    no_script_errors(page)
    context.close()
