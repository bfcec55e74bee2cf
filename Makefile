# vinescore: `make run` serves the app; `make test` runs the fast test suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test test-all browser bench bench-phone lint setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test,redis]"
	touch $(STAMP)

# Pyodide, from npm, for phones that keep a game offline (served as static
# files, never committed). Without npm everything else works, and the sheet
# says keeping a game on a phone is not available.
PYODIDE_VERSION := 314.0.7
PYODIDE := .pyodide/node_modules/pyodide/pyodide.asm.wasm
$(PYODIDE):
	@if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-audit --no-fund --prefix .pyodide pyodide@$(PYODIDE_VERSION); \
	else \
		echo "npm not found: keeping a game on a phone will not be available"; \
	fi

setup: $(STAMP) $(PYODIDE)

.secret_key:
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key

# Serves the phones at the table: on every interface, port $(PORT), with
# gunicorn and whitenoise, on SQLite unless DATABASE_URL says otherwise. It
# prints the address the phones open (and a QR code for it) and, until
# someone has set vinescore up, a one-time setup code that a first visit
# from any other device asks for. Games played under older rules are
# rescored in the open first (their change logs say what changed). The
# tasks worker (`manage.py db_worker`: big files' imports) runs beside
# gunicorn, and both stop when this does (Ctrl-C, or gunicorn stopping).
# LOCAL_ONLY=true serves this machine only, on 127.0.0.1.
LISTEN = $(if $(filter 1 true yes on,$(LOCAL_ONLY)),127.0.0.1,0.0.0.0)
# The German catalog (and any other) is compiled from its .po at install.
COMPILE := $(BIN)/python manage.py compilemessages --ignore '.venv' --ignore '.pyodide' --ignore '.cache' --ignore 'staticfiles' --verbosity 0

# Without msgfmt the app still serves, in English only, and says so.
run: $(STAMP) $(PYODIDE) .secret_key
	@if command -v msgfmt >/dev/null 2>&1; then \
		SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(COMPILE); \
	else \
		echo "msgfmt not found (Debian's gettext package): vinescore will speak English only"; \
	fi
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py migrate --noinput
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py rescore_games --apply
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py announce_table --port $(PORT) --listen $(LISTEN)
	@export SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}"; \
	trap 'kill $$worker $$server 2>/dev/null; wait' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM HUP; \
	$(BIN)/python manage.py db_worker & worker=$$!; \
	$(BIN)/gunicorn vinescore.asgi --bind $(LISTEN):$(PORT) --access-logfile - & server=$$!; \
	wait $$server

# Tests run with the production settings (manifest static files included),
# a throwaway key and plain http.
TEST_ENV := SECRET_KEY=test-only-not-secret HTTPS_ONLY=false

# Production settings: HTTPS on, DEBUG off, a real-length key made up for the check.
DEPLOY_ENV := SECRET_KEY="$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" HTTPS_ONLY=true DEBUG=false

# The fast suite: everything but the browser tests.
test: $(STAMP) $(PYODIDE)
	$(BIN)/ruff check .
	$(DEPLOY_ENV) $(BIN)/python manage.py check --deploy --fail-level WARNING
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(TEST_ENV) $(COMPILE)
	$(TEST_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(TEST_ENV) $(BIN)/python -m pytest -m "not browser"

# The browser tests (need Debian's chromium at /usr/bin/chromium). axe-core,
# which the accessibility tests inject, comes from the npm registry. On
# SQLite their live server shares a database file, in WAL mode as `make run`
# serves it.
AXE_VERSION := 4.14.1
AXE := .cache/node/axe-core-$(AXE_VERSION)
$(AXE):
	npm install --prefix .cache/node --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	touch $(AXE)

browser: $(STAMP) $(PYODIDE) $(AXE)
	$(TEST_ENV) $(COMPILE)
	$(TEST_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(TEST_ENV) $(if $(DATABASE_URL),,TEST_DATABASE_NAME="$(CURDIR)/.cache/browser-tests.sqlite3") \
		$(BIN)/python -m pytest -m browser $(BROWSER_ARGS)

# The pages are served as `make run` serves them, so static files are collected first.
# The harness (bench/) is installed only by its own settings.
bench: $(STAMP) $(PYODIDE) .secret_key
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(COMPILE)
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench $(BENCH_ARGS)
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench_ratings
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench_push
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench_club
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench_whatif

# What keeping a game on a phone costs (download, time to ready, a hand
# scored offline), measured in Chromium against gunicorn.
bench-phone: $(STAMP) $(PYODIDE) .secret_key
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(COMPILE)
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false DJANGO_SETTINGS_MODULE=bench.settings $(BIN)/python manage.py bench_phone

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .pyodide .build
