from django.template.response import TemplateResponse

from vinescore.accounts.access import TableLinkEnded

from .models import Game


class TableLinkEndedMiddleware:
    """A guest whose table link has ended is told so, with the game's final
    totals when it is over (410), wherever they were."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, TableLinkEnded):
            return table_link_ended(request, str(exception), exception.game_id)
        return None


def table_link_ended(request, reason: str, game_id: int) -> TemplateResponse:
    game = Game.objects.prefetch_related("seats__player").filter(pk=game_id).first()
    response = TemplateResponse(
        request,
        "table/table_link_ended.html",
        {"reason": reason, "game": game, "scores": game.scores() if game else []},
        status=410,
    )
    response["HX-Refresh"] = "true"  # a phone showing the sheet reloads to say so
    return response
