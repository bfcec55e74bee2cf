import pytest
from django.core.cache import cache

from tests.phone import Phone

DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


@pytest.fixture
def client(request: pytest.FixtureRequest) -> Phone:
    """A member of the group the factories use, signed in (before the test,
    when it has a database; else at its first request), so signing in is
    not counted among a page's queries."""
    phone = Phone()
    if request.node.get_closest_marker("django_db") or DATABASE_FIXTURES & set(
        request.fixturenames
    ):
        phone.sign_in()
    return phone


@pytest.fixture
def anonymous() -> Phone:
    return Phone(user=None)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Accounts are made by the dozen in tests: hash their passwords cheaply."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with nothing rendered: a new test database reuses
    primary keys, so an earlier test's cards must not be found."""
    cache.clear()
    yield
    cache.clear()
