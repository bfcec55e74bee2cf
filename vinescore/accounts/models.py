"""Groups (a game night, a club, a family), who belongs to them in which
role, and the invitations that bring people in (the links that open one
game, spectator and table links, live beside the game: table.links).

A group owns its players and games (table.Player.group, table.Game.group);
what a person may see and change follows from their Membership's role
(access.py reads it once per request).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models, transaction
from django.db.models.functions import Greatest
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy


class Refused(Exception):
    """A change to a group that cannot be made; the message says why."""


# Sent as a group starts, with `group` and `first`: the apps owning its things
# listen, and the install's first group takes in games and players of none.
group_started = Signal()


AFTER = timedelta(microseconds=1)  # the least step a database's time keeps


class GroupQuerySet(models.QuerySet):
    @transaction.atomic
    def start(self, name: str, owner) -> Group:
        """A new group with `owner` as its owner."""
        first = not self.exists()
        group = self.create(name=name)
        Membership.objects.create(group=group, user=owner, role=Membership.OWNER)
        group_started.send(Group, group=group, first=first)
        return group

    def games_changed(self, pk: int | None) -> None:
        """One of this group's games changed: what its History shows moves on
        (Group.games_changed_at). Written last in the change's transaction,
        after every game row it locks: a group's row is never taken before a
        game's, so two tables of a group writing at once wait a moment for
        each other's commit, and never deadlock."""
        if pk is not None:
            # Later than the last, always: two tables' hands in the same
            # microsecond still name two states of the history.
            later = Greatest(models.F("games_changed_at") + AFTER, timezone.now())
            self.filter(pk=pk).update(games_changed_at=later)


class Group(models.Model):
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    # When one of its games last changed (a hand, a note, a game started,
    # deleted, restored or gone for good): History and a player's page are
    # kept by it, read with the visitor's session, so a repeat view asks the
    # games nothing (GroupQuerySet.games_changed moves it).
    games_changed_at = models.DateTimeField(default=timezone.now)

    objects = GroupQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = "game group"

    def __str__(self) -> str:
        return self.name

    def owners(self) -> models.QuerySet:
        return self.memberships.filter(role=Membership.OWNER)

    @transaction.atomic
    def set_role(self, membership: Membership, role: str) -> None:
        if membership.role == Membership.OWNER and role != Membership.OWNER:
            self.keep_an_owner(membership)
        membership.role = role
        membership.save(update_fields=["role"])

    @transaction.atomic
    def remove(self, membership: Membership) -> None:
        if membership.role == Membership.OWNER:
            self.keep_an_owner(membership)
        membership.delete()

    def keep_an_owner(self, leaving: Membership) -> None:
        # Locked, so two owners stepping down at once cannot leave none.
        owners = list(self.owners().select_for_update().values_list("pk", flat=True))
        if owners == [leaving.pk]:
            raise Refused(
                gettext(
                    "{name} is the only owner of {group}: make someone "
                    "else an owner first, or delete the group."
                ).format(name=leaving.user.username, group=self.name)
            )

    @transaction.atomic
    def delete_with_everything(self) -> None:
        """The group, its games (with their hands and logs) and its players."""
        self.games.all().delete()
        self.players.all().delete()
        self.delete()


class Membership(models.Model):
    OWNER, MEMBER, VIEWER = "owner", "member", "viewer"
    ROLES = [
        (OWNER, gettext_lazy("Owner: members, invitations, everything a member does")),
        (MEMBER, gettext_lazy("Member: start games, enter and edit hands, import")),
        (VIEWER, gettext_lazy("Viewer: sees everything, changes nothing")),
    ]
    # A role in a sentence or beside a name ("Ana, member").
    NAMES = {
        OWNER: pgettext_lazy("role", "owner"),
        MEMBER: pgettext_lazy("role", "member"),
        VIEWER: pgettext_lazy("role", "viewer"),
    }
    WRITERS = (OWNER, MEMBER)

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=ROLES, default=MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["group__name", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="one_membership_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group} ({self.role})"

    @property
    def role_name(self) -> str:
        return str(self.NAMES.get(self.role, self.role)).capitalize()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def expiry() -> timezone.datetime:
    return timezone.now() + timedelta(days=settings.INVITATION_DAYS)


class Invitation(models.Model):
    """A link that brings one person into a group, once, before it expires,
    unless an owner revokes it first."""

    OPEN, EXPIRED, REVOKED, USED = "open", "expired", "revoked", "used"

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=Membership.ROLES, default=Membership.MEMBER)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=expiry)
    revoked_at = models.DateTimeField(null=True, blank=True)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"invitation to {self.group} as {self.role}"

    @property
    def role_name(self) -> str:
        return str(Membership.NAMES.get(self.role, self.role))

    @property
    def state(self) -> str:
        if self.used_at is not None:
            return self.USED
        if self.revoked_at is not None:
            return self.REVOKED
        if self.expires_at <= timezone.now():
            return self.EXPIRED
        return self.OPEN

    def refusal(self) -> str:
        """Why this invitation can no longer be used ("" while it can)."""
        return {
            self.USED: gettext(
                "This invitation has already been used: each one works once. "
                "Ask the group's owner for a new one."
            ),
            self.REVOKED: gettext("This invitation was withdrawn by the group's owner."),
            self.EXPIRED: gettext(
                "This invitation has expired. Ask the group's owner for a new one."
            ),
            self.OPEN: "",
        }[self.state]

    def revoke(self) -> None:
        if self.state == self.OPEN:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])

    @transaction.atomic
    def accept(self, user) -> Membership:
        """Bring `user` into the group. Locked and checked again, so a link
        opened on two phones at once still works only once."""
        invitation = Invitation.objects.select_for_update().get(pk=self.pk)
        if invitation.refusal():
            raise Refused(invitation.refusal())
        membership, created = Membership.objects.get_or_create(
            group=self.group, user=user, defaults={"role": self.role}
        )
        if not created:
            raise Refused(
                gettext("You are already in {group}, as {role}.").format(
                    group=self.group.name, role=Membership.NAMES.get(membership.role)
                )
            )
        invitation.used_at, invitation.used_by = timezone.now(), user
        invitation.save(update_fields=["used_at", "used_by"])
        self.used_at, self.used_by = invitation.used_at, user
        return membership


class Session(AbstractBaseSession):
    """A session kept on the server, with the person's id in its own column:
    signing out deletes the row, so an old copy of the cookie is worthless, and
    the live check finds the person in the same query as the game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sessions",
        null=True,
        blank=True,
    )

    @classmethod
    def get_session_store_class(cls):
        from .sessions import SessionStore

        return SessionStore
