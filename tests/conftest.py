import pytest
from django.core.cache import cache

from tests.phone import Phone


@pytest.fixture
def client() -> Phone:
    return Phone()


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with nothing rendered: a new test database reuses
    primary keys, so an earlier test's cards must not be found."""
    cache.clear()
    yield
    cache.clear()
