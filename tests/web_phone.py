"""A phone for the Flask test client: its posts carry the CSRF token of a page it opened, as the pages' forms do."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient


class Phone(FlaskClient):
    token: str | None = None

    def post(self, *args, data=None, **kwargs):
        if self.token is None:
            page = self.get("/").get_data(as_text=True)
            self.token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        return super().post(*args, data={**(data or {}), "csrf_token": self.token}, **kwargs)


def phone(app: Flask, address: str = "127.0.0.1") -> Phone:
    """A phone at `address` (each address has its own rate limits)."""
    app.test_client_class = Phone
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client
