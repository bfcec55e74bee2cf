"""Every game's rules page prints as a one-page cheat sheet."""

import re

import pytest
from playwright.sync_api import Page

from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.browser


@pytest.mark.django_db(transaction=True)
def test_every_rules_page_prints_on_one_a4_page(page: Page) -> None:
    pages = {}
    for rules in REGISTRY:
        page.goto(f"/rules/{rules.key}/")
        pdf = page.pdf(format="A4")
        pages[rules.key] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == {key: 1 for key in REGISTRY.games}
