# vinescore: `make run` serves the app; `make test` runs the fast test suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test test-all browser bench lint setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

setup: $(STAMP)

.secret_key:
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key

# Serves on http://127.0.0.1:$(PORT) with gunicorn and whitenoise, on SQLite
# unless DATABASE_URL says otherwise. Games played under older rules are
# rescored in the open first (their change logs say what changed).
# SERVE_LAN=true serves the other phones at the table too, on every
# interface, and prints the address they can open.
LISTEN = $(if $(filter 1 true yes on,$(SERVE_LAN)),0.0.0.0,127.0.0.1)
run: $(STAMP) .secret_key
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py migrate --noinput
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py rescore_games --apply
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@$(BIN)/python -m vinescore.lan $(PORT) $(LISTEN)
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" HTTPS_ONLY="$${HTTPS_ONLY:-false}" $(BIN)/gunicorn vinescore.wsgi --bind $(LISTEN):$(PORT) --workers 2 --access-logfile -

# Tests run with the production settings (manifest static files included),
# a throwaway key and plain http.
TEST_ENV := SECRET_KEY=test-only-not-secret HTTPS_ONLY=false

# Production settings: HTTPS on, DEBUG off, a real-length key made up for the check.
DEPLOY_ENV := SECRET_KEY="$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" HTTPS_ONLY=true DEBUG=false

# The fast suite: everything but the browser tests.
test: $(STAMP)
	$(BIN)/ruff check .
	$(DEPLOY_ENV) $(BIN)/python manage.py check --deploy --fail-level WARNING
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(TEST_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(TEST_ENV) $(BIN)/python -m pytest -m "not browser"

# The browser tests (need Debian's chromium at /usr/bin/chromium).
browser: $(STAMP)
	$(TEST_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(TEST_ENV) $(BIN)/python -m pytest -m browser

# The pages are served as `make run` serves them, so static files are collected first.
bench: $(STAMP) .secret_key
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	SECRET_KEY="$$(cat .secret_key)" HTTPS_ONLY=false $(BIN)/python manage.py bench $(BENCH_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
