from functools import lru_cache

from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "vinescore.table"
    label = "table"
    verbose_name = "Games and players"

    def ready(self):
        from django.utils.translation import get_language, gettext, ngettext

        from vinescore.accounts.access import let_guests_open
        from vinescore.scoring.words import use_translations

        from .links import TableLink

        # What a guest at the table may open of their game (accounts.access):
        # its sheet, live sheet and stream, its hands and change log, where the
        # table went on to, Reopen for a finished game's hand, and who they are.
        let_guests_open(
            "game",
            "game_live",
            "game_stream",
            "join_short",
            "hand_add",
            "hand_edit",
            "hand_delete",
            "hand_restore",
            "change_log",
            "game_next",
            "game_reopen",
            "guest_who",
            opens=TableLink.objects.open_game,
        )

        # Replaying a long game explains every hand, a few words each: each
        # word is looked up in the active language's catalog once.
        @lru_cache(maxsize=8192)
        def translated(language: str | None, message: str) -> str:
            return gettext(message)

        @lru_cache(maxsize=8192)
        def translated_plural(language: str | None, singular: str, plural: str, n: int) -> str:
            return ngettext(singular, plural, n)

        def pinned():
            language = get_language()
            return (
                lambda message: translated(language, message),
                lambda singular, plural, n: translated_plural(language, singular, plural, n),
            )

        use_translations(
            lambda message: translated(get_language(), message),
            lambda singular, plural, n: translated_plural(get_language(), singular, plural, n),
            pinned,
        )
