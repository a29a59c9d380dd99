"""The web client: the pages under /play/ and their assets, served by the
API's own server so that a browser needs nothing else.

The pages are static files (service/http/web/) that talk to the public API with the
reader's token, exactly as any other client does: the server gives a page no
card its reader may not know, because a page only ever sees what the API
shows that reader. The game page takes its token from the URL's fragment,
which browsers never send to the server.
"""

from flask import Blueprint, abort, make_response, redirect, send_from_directory

from .rules import rules_html

play = Blueprint("play", __name__, static_folder="web/static", static_url_path="/play/static")

#: what the pages may load and reach: this server alone, no inline script
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def _page(name: str):
    response = send_from_directory(play.root_path + "/web", name, max_age=0)
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@play.get("/")
def root():
    return redirect("/play/", code=302)


@play.get("/play")
def play_bare():
    return redirect("/play/", code=301)


@play.get("/play/")
def lobby_page():
    return _page("lobby.html")


@play.get("/play/games/<game_id>")
def game_page(game_id):
    return _page("game.html")


@play.get("/play/games/<game_id>/hands/<int:number>/replay")
def replay_page(game_id, number):
    return _page("replay.html")


@play.get("/play/sign-in")
def sign_in_page():
    return _page("signin.html")


@play.get("/play/players/<player_id>")
def profile_page(player_id):
    return _page("profile.html")


@play.get("/play/leaderboard")
def leaderboard_page():
    return _page("leaderboard.html")


@play.get("/play/history")
def history_page():
    return _page("history.html")


@play.get("/play/rules/<name>")
def rules_panel(name):
    """A hosted variant's rules as an HTML fragment for the game page's rules panel (rules.py)."""
    html = rules_html(name)
    if html is None:
        abort(404)
    response = make_response(html)
    response.mimetype = "text/html"
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@play.after_request
def _assets_policy(response):
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response
