"""What serves the app: the gunicorn worker, the static files as served, the
forgiving Redis cache and the response headers Django has no setting for."""
