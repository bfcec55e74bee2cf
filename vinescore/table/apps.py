from functools import lru_cache

from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "vinescore.table"
    label = "table"
    verbose_name = "Games and players"

    def ready(self):
        from django.utils.translation import get_language, gettext, ngettext

        from vinescore.scoring.words import use_translations

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
