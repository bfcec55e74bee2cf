"""Links to one game that work without an account: a spectator link (its
live sheet, read only) and a table link (guests at the table score its
games). Their rows keep the tables they had in the accounts app
(accounts_spectatorlink, accounts_tablelink and its games); who may do what
through them is read with the game (GameQuerySet.visible_to)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext

from vinescore.accounts.access import Visitor, guests_may_open

from .signals import changed_on_commit


class GameLink(models.Model):
    """A link to one game that works without an account. Its address carries
    the link's number signed with the secret key (each kind of link with a
    salt of its own); revoking it stops it working."""

    SALT = ""

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]

    @property
    def token(self) -> str:
        return signing.dumps(self.pk, salt=self.SALT)

    @classmethod
    def number_in(cls, token: str) -> int | None:
        """The link's number, if the token was signed here; None otherwise."""
        try:
            number = signing.loads(token, salt=cls.SALT)
        except signing.BadSignature:
            return None
        return number if isinstance(number, int) else None

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])
            for game_id in self.announced():
                changed_on_commit(type(self), game_id)  # its open streams close at once

    def announced(self) -> list[int]:
        """The games whose phones hear that the link was withdrawn."""
        return [self.game_id]


class SpectatorLink(GameLink):
    """A read-only link to one game's live sheet."""

    # As when it lived in accounts: the links given out then still work.
    SALT = "vinescore.accounts.spectator"

    game = models.ForeignKey("table.Game", on_delete=models.CASCADE, related_name="watch_links")

    class Meta(GameLink.Meta):
        db_table = "accounts_spectatorlink"

    def __str__(self) -> str:
        return f"spectator link to game {self.game_id}"


# A table link's code (/t/k7m2x9qa/): short enough to read out or type.
# Crockford's base 32 drops i, l, o, u, so nothing is misread (o, i, l typed
# read as 0 or 1: TableLink.code_in). 8 characters are 40 bits, and wrong codes
# at /t/ pause their address as wrong passwords do (accounts/pauses.py).
TABLE_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
TABLE_CODE_LENGTH = 8
TABLE_CODE_TYPED = str.maketrans("oil", "011", "- ")


def new_table_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


class TableLinkQuerySet(models.QuerySet):
    def open_game(self, held: frozenset[int], game_id: int) -> bool:
        """Whether any of these links (good or ended) is to the game."""
        return self.filter(pk__in=held, games=game_id).exists()

    def ended_for(self, held: frozenset[int], game_id: int) -> str:
        """Why the newest of these links to the game no longer lets anyone
        in ("" when none is to it, or it still does)."""
        link = self.filter(pk__in=held, games=game_id).order_by("-created_at").first()
        return link.refusal() if link is not None else ""

    def good(self) -> TableLinkQuerySet:
        """The links that still let guests in: not withdrawn, and made within
        TABLE_LINK_HOURS (TableLink.refusal says why one that does not, does not)."""
        return self.filter(revoked_at__isnull=True, created_at__gt=TableLink.cutoff())


class TableLink(GameLink):
    """Lets anyone at the table score its games without an account, for the
    evening: it outlives a game and joins its rematches (`games`), until
    withdrawn or TABLE_LINK_HOURS old. Its address carries a short random code,
    not a signed number: it is read out and typed as often as scanned."""

    # The game it was made for; `games` holds it and every game the table went on to.
    game = models.ForeignKey("table.Game", on_delete=models.CASCADE, related_name="table_links")
    games = models.ManyToManyField(
        "table.Game", related_name="table_links_in", blank=True, db_table="accounts_tablelink_games"
    )
    code = models.CharField(
        max_length=TABLE_CODE_LENGTH, unique=True, default=new_table_code, editable=False
    )

    objects = TableLinkQuerySet.as_manager()

    class Meta(GameLink.Meta):
        db_table = "accounts_tablelink"

    def __str__(self) -> str:
        return f"table link to game {self.game_id}"

    def save(self, *args, **kwargs) -> None:
        # A code is never reused (an ended link's code is still refused as
        # ended), so one already drawn is drawn again. A new link has no
        # number until it is saved.
        adding = self.pk is None
        if adding:
            while TableLink.objects.filter(code=self.code).exists():
                self.code = new_table_code()
        super().save(*args, **kwargs)
        if adding:
            self.games.add(self.game_id)

    def announced(self) -> list[int]:
        return list(self.games.values_list("pk", flat=True))

    @property
    def token(self) -> str:
        """What its address carries: its code."""
        return self.code

    @classmethod
    def code_in(cls, typed: str) -> str | None:
        """The code as typed (any case, o for 0, i or l for 1, dashes or
        spaces between), if it can be one; None otherwise."""
        code = typed.lower().translate(TABLE_CODE_TYPED)
        if len(code) != TABLE_CODE_LENGTH or not set(code) <= set(TABLE_CODE_ALPHABET):
            return None
        return code

    @classmethod
    def cutoff(cls) -> timezone.datetime:
        """Links made before this have run out."""
        return timezone.now() - timedelta(hours=settings.TABLE_LINK_HOURS)

    @property
    def ends_at(self) -> timezone.datetime:
        return self.created_at + timedelta(hours=settings.TABLE_LINK_HOURS)

    def refusal(self) -> str:
        """Why this link no longer lets anyone in ("" while it does), as
        TableLinkQuerySet.good decides it in the database."""
        if self.revoked_at is not None:
            return gettext("A member of the group withdrew this table link.")
        if self.created_at <= self.cutoff():
            return gettext("This table link ran out: each one works for {hours} hours.").format(
                hours=settings.TABLE_LINK_HOURS
            )
        return ""


# Marks a page a guest at the table may open of their game (accounts.access):
# its sheet, live sheet and stream, its hands and change log, where the table
# went on to, Reopen for a finished game's hand, and who they are.
guest_page = guests_may_open(TableLink.objects.open_game)


def watching(token: str) -> Visitor:
    """The visitor a spectator link's address makes (no one, if it was not signed here)."""
    return Visitor(spectator=SpectatorLink.number_in(token))
