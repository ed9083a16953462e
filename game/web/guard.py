"""What keeps strangers off a table: a CSRF token on every form, and limits per client on code tries and writes.

    guard(app, store)         # before the routes are added

- Every POST carries the page's CSRF token (Flask-WTF's CSRFProtect, the token tied to the phone's session cookie,
  which is SameSite=Lax), and a POST whose Origin header names another site is refused as well: a form on another
  site cannot change a table. The signing key is kept in the table database, so a restart keeps open pages working.
- Flask-Limiter (in-memory, per client address) counts three things: table codes tried that lead nowhere (the only
  way to find a table is to guess its code), writes (every POST), and new tables. Past a limit the client gets a 429
  page in words, with Retry-After. A real table is far inside each: a phone mistypes a code a few times a night,
  and the busiest Director taps a few noises a minute.
"""
from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, g, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect

from game.tools.table_store import TableStore

SECRET_KEY = "web_secret"                   # the meta key holding the session-signing key
CODE_TRIES = "20 per minute; 100 per hour"  # unknown or malformed table codes one client may try
WRITES = "120 per minute; 2000 per hour"    # posts one client may send
NEW_TABLES = "10 per minute; 30 per hour"   # tables one client may start
LIMITED = {   # which limit a 429 is about -> what the page says
    "codes": "This phone tried too many table codes that do not exist. Wait a minute, check the code with the "
             "table, then try again.",
    "writes": "This phone sent changes faster than anyone can tap. Wait a minute, then try again; nothing else "
              "was changed.",
    "tables": "This phone started too many new tables in a short time. Wait a minute, or join a table with its "
              "code.",
}


def code_missed() -> None:
    """Count this request as a wrong table code (called where an unknown or malformed code is refused)."""
    g.code_missed = True


def guard(app: Flask, store: TableStore) -> Limiter:
    secret = store.setting(SECRET_KEY)
    if not secret:
        secret = secrets.token_hex(32)
        store.set_setting(SECRET_KEY, secret)
    app.config.update(SECRET_KEY=secret, SESSION_COOKIE_SAMESITE="Lax",
                      WTF_CSRF_TIME_LIMIT=None)     # a page stays usable for a whole game night
    CSRFProtect(app)

    @app.before_request
    def same_site_only():
        origin = request.headers.get("Origin")
        if request.method == "POST" and origin is not None and urlsplit(origin).netloc != request.host:
            raise CSRFError("The form came from another site.")

    return Limiter(get_remote_address, app=app, storage_uri="memory://", strategy="moving-window",
                   headers_enabled=True, application_limits=[
                       ApplicationLimit(CODE_TRIES, scope="codes", error_message="codes",
                                        deduct_when=lambda response: g.get("code_missed", False)),
                       ApplicationLimit(WRITES, scope="writes", error_message="writes",
                                        exempt_when=lambda: request.method != "POST"),
                   ])
