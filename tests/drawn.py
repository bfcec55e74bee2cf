"""Which templates a request drew: what a kept part saves is a template not drawn."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.test.signals import template_rendered


@contextmanager
def templates_drawn() -> Iterator[list[str]]:
    """The names of the templates drawn while inside, in order."""
    drawn: list[str] = []

    def seen(sender, template, **kwargs):
        drawn.append(template.name)

    template_rendered.connect(seen)
    try:
        yield drawn
    finally:
        template_rendered.disconnect(seen)
