"""The companion tools in a browser: a Flask app over the engine's tool functions and one table database.

    app = create_app(db_path)            # the content is loaded once, checked, and shared by every request

Pages live under /t/<CODE>/ (one per tool); every form posts, the result is kept on the table, and the browser is
sent back to the page (so a reload never repeats a roll). A bad input renders the same page with HTTP 400 and the
field named as the page names it; a bad or unknown table code is a 400 too; a post without the page's token (a form
on another site) is a 400, a client past a limit a 429 (game.web.guard); nothing ever shows a traceback.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask, abort, jsonify, redirect, render_template, request, url_for
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from game.content.defs import Content
from game.tools.common import ToolError
from game.tools.table_store import CODE_EXAMPLE, TableStore, shown
from game.tools.table_tools import TOOLS
from game.web.context import plain, store, table_code
from game.web.forms import field_of
from game.web.guard import LIMITED, NEW_TABLES, guard
from game.web.views import register

TOOL_NAMES = {"calc": "Combat calculator", "scavenge": "Scavenge decks", "quickplay": "Quick-play scenario",
              "frenzy": "Feeding Frenzy", "director": "Director assistant"}
TOOL_SHORT = {"calc": "Calculator", "scavenge": "Scavenge", "quickplay": "Quick-play", "frenzy": "Frenzy",
              "director": "Director"}
TOOL_BLURBS = {"calc": "Exact odds of a melee, swarm or ranged attack, and the round's running Heat.",
               "scavenge": "Search the salvage decks: the table keeps every deck between searches.",
               "quickplay": "Roll a new scenario on the quick-play tables.",
               "frenzy": "A Downed survivor: the Feeding Frenzy and its roll, bleed-out saves, parting swipes.",
               "director": "The round tracker: Doom, carried Heat, a one-tap noise log, then the Director Phase."}


PAGE_WORDS = {   # an HTTP error in the words of a page: (title, what to do)
    404: ("No such page", "There is nothing at this address. Start again from the table's page or the start."),
    405: ("Not that way", "This address is not opened like that: go back to the page and use its buttons."),
    413: ("Too much", "That was more than any form here sends: shorten it and try again."),
}


def page_back() -> str | None:
    """The page a refused post came from, to open it again (a tool page, or the table's)."""
    code = (request.view_args or {}).get("code")
    if code is None:
        return None
    tool = (request.view_args or {}).get("tool") or (request.endpoint or "").removesuffix("_post")
    return url_for(tool, code=code) if tool in TOOLS else url_for("table", code=code)


def create_app(db_path: str | Path, content: Content | None = None) -> Flask:
    if content is None:
        from game.content.loader import load_content
        content = load_content()
    app = Flask(__name__)
    app.config["STORE"] = TableStore(db_path)
    app.config["CONTENT"] = content
    limiter = guard(app, app.config["STORE"])
    app.jinja_env.filters.update(plain=plain, shown=shown)
    app.jinja_env.globals.update(TOOL_NAMES=TOOL_NAMES, TOOL_SHORT=TOOL_SHORT, TOOL_BLURBS=TOOL_BLURBS, TOOLS=TOOLS,
                                 CODE_EXAMPLE=CODE_EXAMPLE)

    @app.get("/")
    def home():
        return render_template("home.html")

    @app.post("/new")
    @limiter.limit(NEW_TABLES, error_message="tables")
    def new_table():
        return redirect(url_for("table", code=store().new_table()), 303)

    @app.get("/join")
    def join():
        return redirect(url_for("table", code=table_code(request.args.get("table"))), 303)

    @app.get("/t/<code>/")
    def table(code: str):
        code = table_code(code)
        return render_template("table.html", code=code, version=store().version(code),
                               history=store().history(code, limit=12))

    @app.get("/t/<code>/version")
    def version(code: str):
        return jsonify(version=store().version(table_code(code)))

    @app.post("/t/<code>/<tool>/undo")
    def undo(code: str, tool: str):
        code = table_code(code)
        if tool not in TOOLS:
            abort(404)
        store().undo(code, tool)
        return redirect(url_for(tool, code=code), 303)

    register(app)

    @app.errorhandler(ToolError)
    def bad_table(exc: ToolError):      # raised outside a tool's own form: the table code, the join form
        return render_template("home.html", error=exc, field=field_of(exc.flag)), 400

    @app.errorhandler(CSRFError)
    def forged(exc: CSRFError):
        return render_template("error.html", title="Nothing was changed", back=page_back(),
                               message="This form was not sent by one of this table's pages (or the page is out of "
                                       "date), so the server refused it. Open the page again and use it there."), 400

    @app.errorhandler(RateLimitExceeded)
    def too_many(exc: RateLimitExceeded):
        return render_template("error.html", title="Too many tries", back=page_back(),
                               message=LIMITED.get(exc.description, LIMITED["writes"])), 429

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        title, message = PAGE_WORDS.get(exc.code, (exc.name, exc.description))
        return render_template("error.html", title=title, message=message), exc.code

    @app.errorhandler(Exception)
    def crash(exc: Exception):      # a bug must still end in a readable page, never a traceback
        app.logger.exception("unexpected error")
        return render_template("error.html", title="Something broke",
                               message=f"The tool failed ({type(exc).__name__}). Nothing was changed on the table; "
                                       "please try again."), 500

    return app
