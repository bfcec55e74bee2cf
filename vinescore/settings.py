"""vinescore settings: one module, driven by environment variables.

DEBUG           "1"/"true" for development; off by default.
SECRET_KEY      required unless DEBUG is on (`make run` keeps one in .secret_key).
ALLOWED_HOSTS   comma-separated; default "127.0.0.1,localhost".
DATABASE_URL    default: SQLite in db.sqlite3 beside manage.py;
                e.g. postgres://postgres@127.0.0.1:5432/vinescore for PostgreSQL.
HTTPS_ONLY      secure cookies, HSTS and redirect to https; default: on unless DEBUG.
SERVE_LAN       serve the phones on the local network; default off.
PAGE_CACHE      keep rendered pages and fragments in memory, within a budget; default on.
SIGNUP_OPEN     anyone may create an account (a public server); default off:
                new accounts come by invitation.
EMAIL_BACKEND   how password-reset mail is sent; default: printed on the console.
IMPORT_DIR      where uploaded games files wait to be imported; default imports/ beside manage.py.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from vinescore.lan import lan_addresses

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

# SERVE_LAN: the phones around the table reach this machine on the local
# network (`make run` then listens on every interface); the join QR code
# carries this address when the sheet was opened on the machine itself.
SERVE_LAN = env_bool("SERVE_LAN", False)
LAN_ADDRESSES = lan_addresses() if SERVE_LAN else []
ALLOWED_HOSTS += [a for a in LAN_ADDRESSES if a not in ALLOWED_HOSTS]

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
    "vinescore.accounts",
    "vinescore.table",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below whitenoise, which serves static files already compressed.
    "django.middleware.gzip.GZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "vinescore.middleware.permissions_policy",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every page needs a signed-in person unless its view says otherwise
    # (@login_not_required: rules, sign-in, invitations, spectator links).
    "vinescore.accounts.middleware.LoginRequiredMiddleware",
    "vinescore.accounts.middleware.NoGroupMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

# --- accounts -----------------------------------------------------------------
# The session lives in a signed cookie: no query to find it, so the live
# sheet's idle check stays one indexed read (see table.views.game_live).
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 60  # a phone at the table stays signed in
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "game_list"
LOGOUT_REDIRECT_URL = "login"
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", False)
INVITATION_DAYS = 7
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
# passwords for one account, or from one address.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
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
        },
    }
]

# Rendered cards, score sheets and player records, named by the version of
# the data they show (see vinescore/table/fragments.py), so never stale.
# Each worker keeps at most MAX_ENTRIES of them, none bigger than
# MAX_ENTRY_BYTES (a "show all hands" page of a long game is not kept):
# a budget of MAX_ENTRIES x MAX_ENTRY_BYTES, 32 MB, a worker.
# PAGE_CACHE=false renders everything afresh on every request.
CACHES = {
    "default": {
        "BACKEND": "vinescore.cache.BoundedLocMemCache",
        "TIMEOUT": 60 * 60 * 6,
        "OPTIONS": {"MAX_ENTRIES": 500, "MAX_ENTRY_BYTES": 64 * 1024},
    }
    if env_bool("PAGE_CACHE", True)
    else {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
}
# REDIS_URL: several app servers share one cache (Django's own Redis
# backend; `pip install redis`). Each server's own memory would do as well
# for correctness, as every key names the version it shows; sharing only
# saves rendering the same version once per server. Redis's maxmemory with
# an LRU policy is then the budget.
if os.environ.get("REDIS_URL") and env_bool("PAGE_CACHE", True):
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "TIMEOUT": 60 * 60 * 6,
    }

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
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
if "postgres" in DATABASES["default"]["ENGINE"]:
    DATABASES["default"].setdefault("TEST", {})["NAME"] = os.environ.get(
        "TEST_DATABASE_NAME", "test_vinescore"
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

HTTPS_ONLY = env_bool("HTTPS_ONLY", not DEBUG)
if HTTPS_ONLY:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
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
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
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

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
