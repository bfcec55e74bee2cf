"""The rules reference: a page per game, the deck, a glossary, search, and the
scoring panel the score sheet opens without leaving the table."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.views.decorators.http import require_safe

from vinescore import guide
from vinescore.scoring import REGISTRY

SEARCH_LIMIT = 100  # characters in a search


def game_names() -> dict[str, str]:
    return {rules.key: rules.name for rules in REGISTRY}


def get_page(key: str) -> guide.RulesPage:
    if key not in guide.PAGES or key not in REGISTRY:
        raise Http404("No rules page for that game.")
    return guide.PAGES[key]


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
    context = {
        "page": page,
        "rules": rules,
        "examples": [guide.work_out(key, example) for example in page.examples],
        "terms": [guide.GLOSSARY[t] for t in page.terms if t in guide.GLOSSARY],
        "related": [(k, names[k]) for k in page.related if k in names and k in guide.PAGES],
        "scoring_sections": [
            s for s in page.sections if s.anchor == "scoring" or s.rules or s.ruling
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
    terms = [
        (term, [(k, names[k]) for k in term.games if k in names])
        for term in sorted(guide.GLOSSARY.values(), key=lambda t: t.word.lower())
    ]
    return TemplateResponse(request, "rules/glossary.html", {"terms": terms})


@login_not_required
@require_safe
def rules_deck(request: HttpRequest) -> TemplateResponse:
    return TemplateResponse(request, "rules/deck.html", {"sections": guide.DECK})


@login_not_required
@require_safe
def rules_search(request: HttpRequest) -> TemplateResponse:
    query = request.GET.get("q", "").strip()
    error = ""
    hits: list[guide.Hit] = []
    if len(query) > SEARCH_LIMIT:
        error = f"Search for at most {SEARCH_LIMIT} characters; this is {len(query)}."
    elif query:
        hits = guide.search(query, game_names())
    return TemplateResponse(
        request,
        "rules/search.html",
        {"query": query, "hits": hits, "error": error},
        status=422 if error else 200,
    )
