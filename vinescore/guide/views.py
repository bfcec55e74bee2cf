"""The rules reference: a page per game, the deck, a glossary, search, and the
scoring panel the score sheet opens without leaving the table."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext
from django.views.decorators.http import require_safe

from vinescore import guide
from vinescore.guide.search import search
from vinescore.scoring import REGISTRY

SEARCH_LIMIT = 100  # characters in a search
# Where a search hit is, besides a game's rules (search.py names them in
# English; the search page translates them).
PLACES = (gettext_noop("Glossary"), gettext_noop("The deck"), gettext_noop("Rules"))


def game_names() -> dict[str, str]:
    return {rules.key: rules.name for rules in REGISTRY}


def get_page(key: str) -> guide.RulesPage:
    if key not in guide.PAGES or key not in REGISTRY:
        raise Http404(gettext("No rules page for that game."))
    return guide.PAGES[key]


def glossary_url() -> str:
    return reverse("rules_glossary")


@login_not_required
@require_safe
def rules_index(request: HttpRequest) -> TemplateResponse:
    families: dict[str, list] = {}
    for rules in REGISTRY:
        if rules.key in guide.PAGES:
            families.setdefault(rules.family or rules.name, []).append(rules)
    return TemplateResponse(request, "rules/index.html", {"families": families.items()})


@login_not_required
@require_safe
def rules_page(request: HttpRequest, key: str) -> TemplateResponse:
    page = get_page(key)
    rules = REGISTRY[key]
    names = game_names()
    shown = guide.show_page(key, glossary_url())
    context = {
        "page": page,
        "shown": shown,
        "rules": rules,
        "examples": shown.examples,
        "terms": [guide.GLOSSARY[t] for t in page.terms if t in guide.GLOSSARY],
        "related": [(k, names[k]) for k in page.related if k in names and k in guide.PAGES],
        "scoring_sections": [
            s for s in shown.sections if s.anchor == "scoring" or s.rules or s.ruling
        ],
    }
    template = "rules/page.html"
    if request.htmx and request.GET.get("panel") == "scoring":
        template = "rules/page.html#panel"
    return TemplateResponse(request, template, context)


@login_not_required
@require_safe
def rules_glossary(request: HttpRequest) -> TemplateResponse:
    names = game_names()
    url = glossary_url()
    terms = [
        (
            term,
            guide.show_text(term.meaning, url, inline=True),
            [(k, names[k]) for k in term.games if k in names],
        )
        for term in sorted(guide.GLOSSARY.values(), key=lambda t: t.word.lower())
    ]
    return TemplateResponse(request, "rules/glossary.html", {"terms": terms})


@login_not_required
@require_safe
def rules_deck(request: HttpRequest) -> TemplateResponse:
    url = glossary_url()
    sections = [(section, guide.show_text(section.text, url)) for section in guide.DECK]
    return TemplateResponse(request, "rules/deck.html", {"sections": sections})


@login_not_required
@require_safe
def rules_search(request: HttpRequest) -> TemplateResponse:
    query = request.GET.get("q", "").strip()
    error = ""
    answer = None
    if len(query) > SEARCH_LIMIT:
        error = gettext("Search for at most {most} characters; this is {length}.").format(
            most=SEARCH_LIMIT, length=len(query)
        )
    elif query:
        answer = search(query)
    lacks = ""
    if answer is not None and answer.missing:
        names = [REGISTRY[key].name for key in answer.games]
        lacks = ngettext("{games} has no {word}", "{games} have no {word}", len(names)).format(
            games=gettext(" and ").join(names), word=answer.missing
        )
    return TemplateResponse(
        request,
        "rules/search.html",
        {"query": query, "answer": answer, "error": error, "lacks": lacks},
        status=422 if error else 200,
    )
