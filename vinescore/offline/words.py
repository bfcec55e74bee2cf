"""The words the scripts in static/js show a player, for the page's language.

The scripts write English (`t("Hand {number}", {number: 12})`); a page in
another language carries their translations as a JSON data block
(`{% js_words %}`: data, so the CSP has nothing to allow), kept with an
offline sheet too. tests/web/test_every_page_in_german.py checks every string
passed to t() is listed here.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext, gettext_noop

WORDS = (
    gettext_noop("auto"),
    gettext_noop("{sum} of {total} so far · {who}: {left}, worked out"),
    gettext_noop("{sum} of {total}: {over} too many"),
    gettext_noop("{total} of {total}: all there"),
    gettext_noop("{sum} of {total} so far · {left} left"),
    gettext_noop("{sum} of {total}: {left} missing"),
    gettext_noop("{sum} in all: at most {most}, {over} too many"),
    gettext_noop("{sum} in all · at most {most}, {more} more possible"),
    gettext_noop("{sum} in all"),
    gettext_noop("Seat {n}"),
    gettext_noop("Check the hand you are entering before you score it, or"),
    gettext_noop("drop it and start afresh"),
    gettext_noop(
        "This phone could not keep the hand (its storage is full or switched off), so it "
        "was not sent. It is still in the form."
    ),
    gettext_noop("the server had a problem (error {status})"),
    gettext_noop("no answer in {seconds} seconds"),
    gettext_noop("no connection"),
    gettext_noop("the sheet changed before it was sent"),
    gettext_noop("another phone changed the sheet first"),
    gettext_noop("it could not be scored as typed"),
    gettext_noop("the server refused it (403): sign in again, then try again"),
    gettext_noop("the server does not know this game any more (404)"),
    gettext_noop("the server refused it (error {status})"),
    gettext_noop("Not sent yet"),
    gettext_noop("Hand {number}"),
    gettext_noop("sending…"),
    gettext_noop("not sent yet"),
    gettext_noop("Kept on this phone; it is sent by itself when the connection returns."),
    gettext_noop("not saved, {why}."),
    gettext_noop("Put it back in the form to check it and score it again."),
    gettext_noop("Send now"),
    gettext_noop("Put it in the form"),
    gettext_noop("Try again"),
    gettext_noop("Drop it"),
    gettext_noop("Score hand {number}"),
    gettext_noop("Kept on this phone: the hand you were typing."),
    gettext_noop(
        "Kept on this phone: the hand you were typing, for hand {draft}; the sheet is at "
        "hand {number} now: check it."
    ),
    gettext_noop("Start afresh"),
    gettext_noop("No answer from vinescore in {seconds} seconds: this did not go through."),
    gettext_noop("Could not reach vinescore (no connection?): this did not go through."),
    gettext_noop("vinescore had a problem (error {status}): this did not go through."),
    gettext_noop("Refused: you may not do this here, or you were signed out (error 403)."),
    gettext_noop("Not found: it may have been deleted (error 404)."),
    gettext_noop("Refused by vinescore (error {status})."),
    gettext_noop("Back online."),
    gettext_noop("Reload the sheet to use all of it."),
    gettext_noop(
        "Not connected since {time}: this sheet is not updating. It tries again by "
        "itself; hands you score are kept on this phone and sent when the connection "
        "returns."
    ),
    gettext_noop(
        "Offline: last updated {time}. Hands you score are kept on this phone and sent "
        "when the connection returns."
    ),
    gettext_noop(
        "This browser would not keep vinescore for offline use: a sheet will not open "
        "without the server. Hands you cannot send are still kept on this phone."
    ),
    gettext_noop("Shared."),
    gettext_noop("Copied"),
    gettext_noop("Could not copy it here: the link is selected, so use your phone's own Copy."),
    gettext_noop("Getting this game ready on this phone…"),
    gettext_noop("This phone could not keep the game ({why}). Try again."),
    gettext_noop(
        "Kept on this phone: with the server out of reach, this sheet is scored here by "
        "the same rules."
    ),
    gettext_noop("Kept on this phone; getting its rules ready…"),
    gettext_noop(
        "This phone could not score the hands not sent yet; they are kept, and sent when "
        "the connection returns."
    ),
    gettext_noop("The server is out of reach: hands scored now are kept and scored on this phone."),
    gettext_noop("A hand not sent yet no longer fits the sheet:"),
    gettext_noop(
        "This game is kept on this phone, but its rules could not be loaded here ({why})."
    ),
    gettext_noop("1 hand not sent yet"),
    gettext_noop("{n} hands not sent yet"),
    gettext_noop("These totals leave out 1 hand not sent yet."),
    gettext_noop("These totals leave out {n} hands not sent yet."),
    gettext_noop("Keep this game on this phone to score them here"),
    gettext_noop("The totals hold 1 hand scored on this phone and not sent yet."),
    gettext_noop("The totals hold {n} hands scored on this phone and not sent yet."),
    gettext_noop(
        "Another phone changed the sheet while this one was out of reach. Before catching "
        "up, this phone had these totals: {totals}. The hands that did not go in are kept: "
        "score them again from the form, or drop them."
    ),
)


def catalog() -> dict[str, str]:
    """{English: the active language's} for the words that differ."""
    if (get_language() or "en").startswith("en"):
        return {}
    said = {}
    for english in WORDS:
        translated = gettext(english)
        if translated != english:
            said[english] = translated
    return said
