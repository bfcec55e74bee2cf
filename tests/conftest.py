import os

import pytest
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tests.phone import Phone

# Property tests check what the rules do, never how fast: a busy machine
# (CI's two cores running browsers and servers) must not fail one.
hypothesis_settings.register_profile("vinescore", deadline=None)
hypothesis_settings.load_profile("vinescore")

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
def in_english_unless_asked():
    """A request leaves its language active in the thread that served it;
    each test starts in the default language again."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with nothing rendered: a new test database reuses
    primary keys, so an earlier test's cards and live parts must not be found.
    The players' records kept in the database are left: a test's go with its
    transaction, and a record's version names the moment its player was made."""
    in_memory = [kept for kept in caches.all() if not isinstance(kept, DatabaseCache)]
    for kept in in_memory:
        kept.clear()
    yield
    for kept in in_memory:
        kept.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """NO_SKIPS=true (CI's run on PostgreSQL, where every test can run): a
    test that skips fails, with its reason, so the two-server, Redis and
    round-trip tests cannot quietly stop running."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail") and os.environ.get("NO_SKIPS") == "true":
        report.outcome = "failed"
        report.longrepr = f"skipped, and NO_SKIPS is set: {report.longrepr}"
