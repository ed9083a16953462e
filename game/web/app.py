"""The companion tools in a browser: a Flask app over the engine's tool functions and one table database.

    app = create_app(db_path)            # the content is loaded once, checked, and shared by every request

Pages live under /t/<CODE>/ (one per tool); every form posts, the result is kept on the table, and the browser is
sent back to the page (so a reload never repeats a roll). A bad input renders the same page with HTTP 400 and the
field named; a bad or unknown table code is a 400 too; nothing ever shows a traceback.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask, abort, jsonify, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from game.content.defs import Content
from game.tools.common import ToolError
from game.tools.table_store import TableStore
from game.tools.table_tools import TOOLS
from game.web.context import plain, store, table_code
from game.web.forms import field_of
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


def create_app(db_path: str | Path, content: Content | None = None) -> Flask:
    if content is None:
        from game.content.loader import load_content
        content = load_content()
    app = Flask(__name__)
    app.config["STORE"] = TableStore(db_path)
    app.config["CONTENT"] = content
    app.jinja_env.filters["plain"] = plain
    app.jinja_env.globals.update(TOOL_NAMES=TOOL_NAMES, TOOL_SHORT=TOOL_SHORT, TOOL_BLURBS=TOOL_BLURBS, TOOLS=TOOLS)

    @app.get("/")
    def home():
        return render_template("home.html")

    @app.post("/new")
    def new_table():
        return redirect(url_for("table", code=store().new_table()), 303)

    @app.get("/join")
    def join():
        code = store().require(request.args.get("table"), "table")
        return redirect(url_for("table", code=code), 303)

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

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        return render_template("error.html", title=f"{exc.code} {exc.name}", message=exc.description), exc.code

    @app.errorhandler(Exception)
    def crash(exc: Exception):      # a bug must still end in a readable page, never a traceback
        app.logger.exception("unexpected error")
        return render_template("error.html", title="Something broke",
                               message=f"The tool failed ({type(exc).__name__}). Nothing was changed on the table; "
                                       "please try again."), 500

    return app
