"""A whole server in one file, and back: `manage.py backup FILE` and
`manage.py restore FILE` (see backup.files)."""
