"""The WSGI entry point for gunicorn: the app configured from the environment."""

from .app import create_app
from .jobs import job_hook

app = create_app(after_append=job_hook())
