"""The test client the web tests use."""

import re

from django.test import Client

from vinescore.table.models import Game

GAME_URL = re.compile(r"^/games/(\d+)/")


class Phone(Client):
    """A phone signed in as a member of the group the factories use (the
    user named `user`; None for someone not signed in), that posts like a
    phone that has just loaded the score sheet: a change to a game carries
    the version of the game as it is now, unless the test names one (as the
    tests of changes from several phones do)."""

    def __init__(self, *args, user: str | None = "member", **kwargs):
        super().__init__(*args, **kwargs)
        self.user_name = user
        self.signed_in = user is None

    def force_login(self, user, backend=None):
        self.signed_in = True
        return super().force_login(user, backend)

    def logout(self):
        self.signed_in = True  # and stays signed out
        return super().logout()

    def sign_in(self) -> None:
        """As the user, made a member of the factories' group if they are
        in no group yet."""
        if not self.signed_in:
            from tests.factories import make_member, make_user

            user = make_user(self.user_name)
            self.force_login(user if user.memberships.exists() else make_member(user.username))

    def request(self, **request):
        # Signed in at the first request, in whatever database the test has.
        self.sign_in()
        return super().request(**request)

    def post(self, path, data=None, *args, **kwargs):
        found = GAME_URL.match(str(path))
        if found and (data is None or isinstance(data, dict)) and "version" not in (data or {}):
            version = Game.objects.filter(pk=found[1]).values_list("version", flat=True).first()
            if version is not None:
                data = {**(data or {}), "version": str(version)}
        return super().post(path, data, *args, **kwargs)
