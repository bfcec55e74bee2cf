from functools import cached_property

from django.http import HttpRequest

from . import access


class Nav:
    """The top bar's groups, read only if a template asks."""

    def __init__(self, request: HttpRequest):
        self.request = request

    @cached_property
    def places(self) -> list[access.Place]:
        return list(access.places(self.request).values())

    @cached_property
    def here(self) -> access.Place | None:
        try:
            return access.current(self.request)
        except access.NoGroup:
            return None


def nav(request: HttpRequest) -> dict:
    return {"nav": Nav(request)}
