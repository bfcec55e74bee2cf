"""vinescore settings: one module, driven by environment variables.

DEBUG           "1"/"true" for development; off by default.
SECRET_KEY      required unless DEBUG is on (`make run` keeps one in .secret_key).
ALLOWED_HOSTS   comma-separated; default "127.0.0.1,localhost".
DATABASE_URL    default: SQLite in db.sqlite3 beside manage.py;
                e.g. postgres://postgres@127.0.0.1:5432/vinescore for PostgreSQL.
HTTPS_ONLY      secure cookies, HSTS and redirect to https; default: on unless DEBUG.
SITE_URL        the address other phones open this server at, when it has a public
                name (e.g. https://cards.example.org); default: worked out per request.
LOCAL_ONLY      serve this machine only, not the phones on the local network; default off.
PAGE_CACHE      keep rendered pages and fragments in memory, within a budget; default on.
SIGNUP_OPEN     anyone may create an account (a public server); default off:
                new accounts come by invitation.
EMAIL_BACKEND   how password-reset mail is sent; default: printed on the console.
IMPORT_DIR      where uploaded games files wait to be imported; default imports/ beside manage.py.
REDIS_URL       one cache shared by several app servers, e.g. redis://127.0.0.1:6379/1.
"""

import hashlib
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from vinescore.offline.headers import worker_policy
from vinescore.sharing.lan import lan_addresses

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for development).")
    SECRET_KEY = "insecure-development-only-key"

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if h.strip()
]

# The phones around the table reach this machine on the local network
# (`make run` listens on every interface); a link handed out on a page
# opened on the machine itself (127.0.0.1) carries this address instead.
# LOCAL_ONLY=true: this machine only (`make run` listens on 127.0.0.1).
LOCAL_ONLY = env_bool("LOCAL_ONLY", False)
LAN_ADDRESSES = [] if LOCAL_ONLY else lan_addresses()
ALLOWED_HOSTS += [a for a in LAN_ADDRESSES if a not in ALLOWED_HOSTS]


def site_url(raw: str) -> str:
    """SITE_URL as links are built on it: http(s), a host and maybe a port;
    nothing after them (the app's own paths follow)."""
    if not raw:
        return ""
    parts = urlsplit(raw.strip())
    try:
        parts.port  # noqa: B018 — raises ValueError for a port that is not one
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ImproperlyConfigured(
            f"SITE_URL must look like https://cards.example.org, not {raw!r}"
        )
    if parts.path.strip("/") or parts.query or parts.fragment or parts.username or parts.password:
        raise ImproperlyConfigured(f"SITE_URL is a scheme, a host and a port only, not {raw!r}")
    return raw.strip().rstrip("/")


# SITE_URL: the server's public address (behind a proxy with a real name):
# every link and QR code handed out carries it, and its host is allowed.
SITE_URL = site_url(os.environ.get("SITE_URL", ""))
if SITE_URL and urlsplit(SITE_URL).hostname not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(urlsplit(SITE_URL).hostname)

# The first visit makes the owner; from any machine but the server itself it
# asks for the one-time code `make run` writes here and prints.
SETUP_CODE_FILE = Path(os.environ.get("SETUP_CODE_FILE") or BASE_DIR / ".setup_code")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "csp",
    "template_partials.apps.SimpleAppConfig",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "vinescore.accounts",
    "vinescore.table",
    "vinescore.history",
    "vinescore.records",
    "vinescore.guide",
    "vinescore.offline",
    "vinescore.backup",
    "vinescore.leaderboard",
    "vinescore.club",
    "vinescore.live",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below whitenoise, which serves static files already compressed.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "vinescore.server.middleware.permissions_policy",
    # A change's news goes to the other phones once its own answer is made.
    "vinescore.live.hub.news_after_answer",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, reading the signed-in person with the session's row.
    "vinescore.accounts.middleware.AuthenticationMiddleware",
    # Every page needs a signed-in person unless its view says otherwise
    # (@login_not_required: rules, sign-in, invitations, spectator links).
    "vinescore.accounts.middleware.LoginRequiredMiddleware",
    "vinescore.accounts.middleware.NoGroupMiddleware",
    "vinescore.table.middleware.TableLinkEndedMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

# --- accounts -----------------------------------------------------------------
# Sessions are kept in the database, so signing out ends one for good (a
# copy of its cookie is refused after); each row names its person, so the
# live sheet's idle check still finds them and the game in one indexed read
# (see accounts.sessions and live.poll.current_etag).
SESSION_ENGINE = "vinescore.accounts.sessions"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 60  # a phone at the table stays signed in
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "game_list"
LOGOUT_REDIRECT_URL = "login"
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", False)
INVITATION_DAYS = 7
TABLE_LINK_HOURS = 24  # a table link lets guests score for a game night at most
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "vinescore@localhost")
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
# Sign-in (here and in the admin) is refused for a while after 5 wrong
# passwords for one account, or from one address; wrong table-link codes
# count from their address only (accounts/pauses.py).
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = "vinescore.accounts.pauses.lockout_parameters"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_LOCKOUT_CALLABLE = "vinescore.accounts.pauses.paused"
AXES_VERBOSE = False

ROOT_URLCONF = "vinescore.urls"
WSGI_APPLICATION = "vinescore.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "vinescore.accounts.context_processors.nav",
            ],
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "builtins": ["template_partials.templatetags.partials"],
            # Tags and filters the templates of every room may use (times,
            # the scoring package's words, what is drawn once a process),
            # kept in none of them.
            "libraries": {
                "drawn": "vinescore.templatetags.drawn",
                "moments": "vinescore.templatetags.moments",
                "scoring_words": "vinescore.templatetags.scoring_words",
            },
        },
    }
]

# The parts of score sheets, game cards and player records that every
# visitor sees alike, named by the version of the data they show (see
# vinescore/table/fragments.py and the {% cache %} tags in game.html and
# History's cards, vinescore/history/cards.py), so never stale. Each worker
# keeps at most MAX_ENTRIES of them; each is small (a sheet's part holds its
# latest hands only, and the chart a point a hand: under 64 KB for all the
# parts of a game of 300 hands; "show all hands" is not kept). A table keeps
# about 15 alive: its latest version's parts (about 10) and its fields for
# each dealer, which a new version reuses, and a live part for each kind of
# visitor (vinescore/table/sheet_views.py). Every worker sees every
# table (its phones' streams are spread over them), so 20,000 keeps the
# reused ones of a thousand tables and more.
# PAGE_CACHE=false renders everything afresh on every request (the live
# parts too: nothing is kept).
PAGE_CACHE = env_bool("PAGE_CACHE", True)
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 60 * 60 * 6,
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }
    if PAGE_CACHE
    else {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
}


# REDIS_URL: several app servers share one cache (Django's own Redis
# backend; `pip install -e '.[redis]'`). Each server's own memory would do as
# well for correctness, as every key names the version it shows; sharing only
# saves rendering the same version once per server. Redis's maxmemory with
# an LRU policy is then the budget. When Redis cannot be reached, pages are
# rendered without the cache and a warning is logged (vinescore/server/redis_cache.py);
# short socket timeouts keep a Redis that went away from holding up a page.
# What is kept is named by the version of the data it shows, but drawn by
# this release's code: keys carry a digest of the code and templates, so a
# shared cache that outlives a deploy never serves the last release's drawing.
def release_digest() -> str:
    digest = hashlib.blake2b(digest_size=6)
    for path in sorted(
        [*(BASE_DIR / "vinescore").rglob("*.py"), *(BASE_DIR / "vinescore").rglob("*.html")]
        + [*(BASE_DIR / "vinescore").rglob("*.po"), *(BASE_DIR / "templates").rglob("*.html")]
    ):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def shared_cache(redis_url: str) -> dict:
    return {
        "BACKEND": "vinescore.server.redis_cache.ForgivingRedisCache",
        "LOCATION": redis_url,
        "TIMEOUT": 60 * 60 * 6,
        "KEY_PREFIX": release_digest(),
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }


REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL and PAGE_CACHE:
    CACHES["default"] = shared_cache(REDIS_URL)
# {% cache %} looks for a cache named "template_fragments" before the
# default: the same store under that name spares each of a sheet's twenty
# tags a failed lookup.
CACHES["template_fragments"] = CACHES["default"]
# A player's record (vinescore/history/stats.py) is added up from every seat
# they took and changes only when one of their games does: worth keeping
# where every worker finds it, past a restart. Kept in a table of the
# database (Django's own DatabaseCache; migrate makes the table), named by
# the record's version, so never stale. It is data, not a page, as the
# ratings kept in their table are: PAGE_CACHE=false leaves it kept. Each
# player's latest version in each language is what is asked for; 5,000 is
# a club of hundreds of players in three languages.
CACHES["records"] = {
    "BACKEND": "django.core.cache.backends.db.DatabaseCache",
    "LOCATION": "vinescore_records",
    "TIMEOUT": 60 * 60 * 24 * 30,
    "KEY_PREFIX": release_digest(),
    "OPTIONS": {"MAX_ENTRIES": 5_000},
}

# Served over ASGI, a request's ordinary (sync) code runs on one thread of
# a pool and a stream's reads on any (vinescore/asgi.py): connections are
# not kept past a request (conn_max_age=0), and on PostgreSQL each process
# borrows them from a pool instead (Django's own, psycopg_pool). On SQLite
# each of those threads (a fixed few: PAGE_THREADS, and the streams')
# keeps its connection to the file: opening it, and setting WAL, took a
# tenth of a kept sheet's page.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=0
    )
}
if "sqlite" in DATABASES["default"]["ENGINE"]:
    # SQLite has no row locks (select_for_update is a no-op there): a
    # transaction takes the write lock when it begins, so two phones' changes
    # to a game queue up instead of reading the same version. Readers carry
    # on beside the writer (WAL).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"}
    )
    DATABASES["default"]["CONN_MAX_AGE"] = None
    if os.environ.get("TEST_DATABASE_NAME"):
        # The browser tests' live server shares a file in WAL mode, as a
        # served app does: in memory, a reader beside a writer is refused.
        DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ["TEST_DATABASE_NAME"]
if "postgres" in DATABASES["default"]["ENGINE"]:
    # At most DB_POOL_SIZE connections an app process; a request waits up
    # to 10 s for one rather than fail.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DB_POOL_SIZE", "10")),
        "timeout": 10,
    }
    DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get(
        "TEST_DATABASE_NAME", "test_vinescore"
    )
# The threads an app process answers pages on (vinescore/asgi.py): one for
# each connection it may hold.
PAGE_THREADS = int(os.environ.get("PAGE_THREADS", os.environ.get("DB_POOL_SIZE", "10")))

# An open live stream (live/stream.py) sends a keep-alive for proxies
# every LIVE_STREAM_CHECK seconds it has sent nothing, and looks at its game
# again, whatever it heard, LIVE_STREAM_LOOK seconds after its last look:
# the check that its visitor may still see the game where no news told
# otherwise (a session or a table link running out; what ends someone's
# access, a link withdrawn, a member removed, a phone signed out, is news,
# live/hub.py). On SQLite without Redis nothing carries news between the
# app's processes: `make run` then serves from one process (gunicorn.conf.py,
# WEB_CONCURRENCY), which hears every change itself; with more processes
# there a stream looks every second, which is still less than the poll it
# replaces.
# LIVE_STREAMS=false: the sheets only poll, for a proxy that cannot pass a
# stream on as it comes.
LIVE_STREAMS = env_bool("LIVE_STREAMS", True)
APP_PROCESSES = int(os.environ.get("WEB_CONCURRENCY") or "1")
NEWS_REACHES_ALL = (
    "sqlite" not in DATABASES["default"]["ENGINE"] or bool(REDIS_URL) or APP_PROCESSES == 1
)
LIVE_STREAM_CHECK = float(os.environ.get("LIVE_STREAM_CHECK", "30" if NEWS_REACHES_ALL else "1"))
LIVE_STREAM_LOOK = float(
    os.environ.get(
        "LIVE_STREAM_LOOK", 4 * LIVE_STREAM_CHECK if NEWS_REACHES_ALL else LIVE_STREAM_CHECK
    )
)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch")]
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "vinescore" / "locale"]
# The language is the browser's (Accept-Language) until someone taps one on
# the account page or in a guest's top bar; that choice is kept a year.
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS: list = [BASE_DIR / "static"]
# Pyodide, from npm (`make setup` installs it when npm is there): a phone that
# keeps a game runs the scoring package in it. Without it, everything but
# keeping a game on a phone works, and the sheet says so.
PYODIDE_DIR = BASE_DIR / ".pyodide" / "node_modules" / "pyodide"
PYODIDE_AVAILABLE = (PYODIDE_DIR / "pyodide.asm.wasm").exists()
if PYODIDE_AVAILABLE:
    STATICFILES_DIRS.append(("pyodide", PYODIDE_DIR))
# The scoring worker runs Pyodide (WebAssembly) under a policy of its own.
WHITENOISE_ADD_HEADERS_FUNCTION = worker_policy
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    # The scoring package, zipped for the phones from the server's own files.
    "vinescore.offline.bundle.ScoringBundleFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "vinescore.server.static_storage.MinifiedStaticFilesStorage"
        )
    },
}

HTTPS_ONLY = env_bool("HTTPS_ONLY", not DEBUG)
if HTTPS_ONLY:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    # Health checks come over plain http from inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^up/$"]
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Only our own scripts and styles, from our own static files: no inline
# script, no style attribute, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # No WebAssembly in a page: Pyodide runs in the scoring worker, whose
        # own policy allows it (vinescore/offline/headers.py).
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        # The service worker (/sw.js) and the web app manifest, both our own.
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Nothing here uses the camera, microphone, location or the like.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), interest-cohort=()"
)

# The Import page takes a games file of up to MAX_IMPORT_BYTES (Django
# streams an upload of more than 2.5 MB to a temporary file, never into
# memory); bigger files go through `manage.py import_games FILE`. A file of
# up to IMPORT_INLINE_BYTES (about a hundred games) is imported while the
# page waits; a bigger one is kept in IMPORT_DIR (private to the server;
# every app server must see the same directory) and imported by a process
# of its own, whose page shows its progress.
MAX_IMPORT_BYTES = 200 * 1024 * 1024
IMPORT_INLINE_BYTES = 1024 * 1024
IMPORT_DIR = Path(os.environ.get("IMPORT_DIR") or BASE_DIR / "imports")

# Background work (a big file's import) goes through Django's tasks
# framework, queued in the database and run by `manage.py db_worker`: a
# process of its own beside the app servers (`make run` starts one), which
# reads the uploaded file from the same IMPORT_DIR.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
