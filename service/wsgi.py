"""The WSGI entry point for gunicorn: the app configured from the environment."""

from .app import create_app

app = create_app()
