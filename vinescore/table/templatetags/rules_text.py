"""The rules pages' tiny markup: [[term]] links the glossary, **x** is bold."""

import re

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from vinescore.guide import GLOSSARY

register = template.Library()


@register.filter
def rules_markup(text: str) -> SafeString:
    html = escape(text)
    glossary = reverse("rules_glossary")

    def term(match: re.Match) -> str:
        key = match.group(1)
        found = GLOSSARY.get(key)
        word = found.word.lower() if found else key
        return f'<a class="term" href="{glossary}#{key}">{word}</a>'

    html = re.sub(r"\[\[([a-z0-9-]+)\]\]", term, html)
    html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html)
    return mark_safe(html)  # noqa: S308 — built from escaped text
