"""A thin client over Flask's test client for the API tests: every response it
receives is validated against openapi.yaml, so server and spec cannot drift."""

from tests import worked_example
from tests.spec import validate_response

ADMIN = "admin-test-token-0123456789"


class ApiClient:
    def __init__(self, test_client, validate=True):
        self.http = test_client
        self.validate = validate

    def call(self, method, path, token=None, json=None, headers=None, data=None):
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        response = self.http.open(path, method=method, json=json, data=data, headers=headers)
        if self.validate:
            validate_response(method, path, response, request_headers=headers)
        return response

    def get(self, path, token=None, **kw):
        return self.call("GET", path, token, **kw)

    def post(self, path, token=None, json=None, **kw):
        return self.call("POST", path, token, json=json, **kw)

    # --- game helpers ---
    def create(self, players, rules=None, deck=None, token=None):
        body = {"players": players}
        if rules is not None:
            body["rules"] = rules
        if deck is not None:
            body["deck"] = list(deck)
        response = self.post("/games", token=token or (ADMIN if deck else None), json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def act(self, game_id, token, action, **kw):
        return self.post(f"/games/{game_id}/actions", token, json=action, **kw)


def worked_game(client, rules=None):
    """The worked example's game, created with its stacked deck: (created, seat tokens)."""
    created = client.create([{"name": "A"}, {"name": "B"}, {"name": "C"}], rules=rules, deck=worked_example.deck())
    return created, [s["token"] for s in created["seats"]]
