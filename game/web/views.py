"""The five tool pages. Each one reads its form (game.web.forms), calls the tool's own function (game.tools) or its
table action (game.tools.table_tools), and renders the result; a ToolError re-renders the page with a 400."""
from __future__ import annotations

from flask import Flask, current_app, redirect, render_template, request, url_for

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.tools import calculator as C
from game.tools import downed_odds as O
from game.tools import frenzy as F
from game.tools import table_tools as T
from game.tools.common import MAX_DICE, ToolError, pct
from game.tools.round_tracker import noise_buttons, report_text, tracker_content
from game.tools.scavenge import PLAIN
from game.web.context import store, table_code
from game.web.forms import Form, field_of, field_words


def content():
    return current_app.config["CONTENT"]


def named(table) -> list[tuple[str, str]]:
    """(id, name) of every entry of a content table, for a <select>."""
    return [(key, entry.name) for key, entry in table.items()]


def page(tool: str, code: str, error: ToolError | None = None, **extra):
    """A tool's page: its form (refilled from the request), the table's latest result and history for the tool."""
    history = store().history(code, tool)
    status = 400 if error else 200
    return render_template(f"{tool}.html", tool=tool, code=code, version=store().version(code), history=history,
                           latest=history[0] if history else None, error=error,
                           field=field_of(error.flag) if error else "", values=request.values, C=content(),
                           **extra), status


def back(tool: str, code: str, **args):
    return redirect(url_for(tool, code=code, **args), 303)


# --- calculator --------------------------------------------------------------------------------------------------

CALC_FIELDS = {   # the form fields each attack type reads, and the keyword of the calculator function
    "melee": ("archetype", "weapon", "fight", "attacker_dice", "defender_dice", "zombie", "melee_cover",
              "wounds_taken", "cap", "attacker_cap"),
    "swarm": ("archetype", "weapon", "fight", "zombies", "attacker_dice", "defender_dice", "slots", "elite",
              "melee_cover", "wounds_taken", "cap"),
    "ranged": ("archetype", "weapon", "dice", "zombie", "cover", "aim", "hunker", "wounds_taken", "cap"),
}


def calc_options(form: Form, attack: str) -> dict:
    c = content()
    read = {
        "archetype": lambda: form.choice("archetype", c.archetypes),
        "weapon": lambda: form.choice("weapon", c.weapons),
        "zombie": lambda: form.choice("zombie", c.zombies),
        "zombies": lambda: form.counts("z", c.zombies, "zombies"),
        "attacker_dice": lambda: form.whole("attacker_dice"),
        "defender_dice": lambda: form.whole("defender_dice"),
        "dice": lambda: form.whole("dice"),
        "fight": lambda: form.whole("fight"),
        "slots": lambda: form.whole("slots", 1, c.rules.engagement_slots),
        "wounds_taken": lambda: form.whole("wounds_taken", 0, 20) or 0,
        "cap": lambda: form.whole("cap", 0, 20),
        "attacker_cap": lambda: form.whole("attacker_cap", 0, 20),
        "cover": lambda: form.choice("cover", C.COVERS, "none"),
        "melee_cover": lambda: form.flag("melee_cover"),
        "elite": lambda: form.flag("elite"),
        "aim": lambda: form.flag("aim"),
        "hunker": lambda: form.flag("hunker"),
    }
    return {name: read[name]() for name in CALC_FIELDS[attack]}


def quick_noises() -> list[tuple[int, str]]:
    """One-tap Heat buttons: a natural 1, and each firearm's shot (its Heat from the content)."""
    return [(1, "natural 1")] + [(w.heat, w.name) for w in content().weapons.values()
                                 if w.heat > 0 and w.kind == "firearm"]


def dist_rows(calc: C.Calculation) -> tuple[list[tuple[str, str]], list[tuple[str, list[str]]]]:
    """The calculator's distributions as an HTML table: headers, then a row per value and the means."""
    cols = [(calc.attacker.side, "hits", calc.attacker_successes)]
    if calc.defender is not None:
        cols.append((calc.defender.side, "hits", calc.defender_successes))
    cols.append(("wounds to", calc.target, calc.wounds_to_defender))
    if calc.defender is not None:
        cols.append(("wounds to", calc.attacker.side, calc.wounds_to_attacker))
    cols.append(("", "Heat", calc.heat))
    low, high = min(d.low for *_, d in cols), max(d.high for *_, d in cols)
    # one decimal: six columns fit a phone's width (the exact figures are in the text to copy)
    rows = [(str(v), [pct(d[v], 1) if v in d else "-" for *_, d in cols]) for v in range(low, high + 1)]
    rows.append(("mean", [f"{float(d.mean()):.2f}" for *_, d in cols]))
    return [(a, b) for a, b, _ in cols], rows


def calc_page(code: str, error: ToolError | None = None, attack: str = "melee", result=None):
    return page("calc", code, error, attack=attack, result=result, text=C.render(result) if result else "",
                heat=T.heat(store(), code), quick=quick_noises())


def calc(code: str):
    code = table_code(code)
    attack = request.args.get("attack") or "melee"
    if attack not in C.ATTACKS:
        return calc_page(code, ToolError("attack", f"{attack!r} is not an attack here: choose Melee, Swarm or "
                                                   "Ranged"))
    if not request.args.get("go"):
        return calc_page(code, attack=attack)
    try:
        return calc_page(code, attack=attack,
                         result=C.calculate(content(), attack, **calc_options(Form(request.args), attack)))
    except ToolError as exc:
        return calc_page(code, exc, attack)


def calc_post(code: str):
    code = table_code(code)
    form = Form(request.form)
    attack = "melee"
    try:
        quick = form.text("quick", limit=60)
        action = form.choice("action", ("add", "clear", "roll"), "add")
        if quick:                       # a one-tap noise: "2|Pistol"
            amount, _, label = quick.partition("|")
            T.add_heat(store(), code, Form({"heat": amount}).whole("heat", 1, T.MAX_HEAT_ENTRY, required=True),
                       label)
        elif action == "roll":          # "roll it", or "enter my dice" when faces are given
            attack = form.choice("attack", C.ATTACKS, required=True)
            T.roll_attack(store(), code, content(), attack, calc_options(form, attack), faces=form.faces())
            kept = {k: v for k, v in request.form.items() if k not in ("faces", "action", "csrf_token") and v}
            return back("calc", code, **{**kept, "go": "1"})
        elif action == "clear":
            T.clear_heat(store(), code)
        else:
            T.add_heat(store(), code, form.whole("heat", 1, T.MAX_HEAT_ENTRY, required=True), form.text("label"))
    except ToolError as exc:
        return calc_page(code, exc, attack)
    return redirect(request.full_path, 303)       # the page as it was: the odds on screen stay


# --- scavenge ----------------------------------------------------------------------------------------------------

def scavenge(code: str, error: ToolError | None = None):
    code = table_code(code)
    decks = T.decks(store(), code, content())
    return page("scavenge", code, error, counts=decks.counts(),
                found=[content().gear_name(card) for _, card in decks.found],
                locations=[PLAIN, *(d for d in content().decks if d != "core")])


def scavenge_post(code: str):
    code = table_code(code)
    form = Form(request.form)
    c = content()
    try:
        action = form.choice("action", ("search", "new", "return"), "search")
        if action == "new":
            T.new_decks(store(), code, c)
        elif action == "return":
            T.return_found(store(), code, c)
        else:
            T.search(store(), code, c, dice=form.whole("wits", 1), archetype=form.choice("archetype", c.archetypes),
                     location=form.choice("location", [PLAIN, *c.decks], PLAIN), guts=form.whole("guts"),
                     faces=form.faces())
    except ToolError as exc:
        return scavenge(code, exc)
    return back("scavenge", code)


# --- quick-play --------------------------------------------------------------------------------------------------

def quickplay(code: str, error: ToolError | None = None):
    return page("quickplay", table_code(code), error)


def quickplay_post(code: str):
    code = table_code(code)
    form = Form(request.form)
    c = content()
    try:
        team = [a for i in range(1, 5) if (a := form.choice(f"team{i}", c.archetypes))] or None
        T.roll_scenario(store(), code, c, seed=form.whole("seed", 0, 10 ** 9), map_id=form.choice("map", c.maps),
                        faces=form.faces(), team=team)
    except ToolError as exc:
        return quickplay(code, exc)
    return back("quickplay", code)


# --- frenzy ------------------------------------------------------------------------------------------------------

def frenzy_options(form: Form) -> dict:
    c = content()
    guts_items = [i for i, d in c.items.items() if d.guts_dice]
    item = form.choice("items", ["default", "none", *guts_items], "default")
    return dict(guts=form.whole("guts"), archetype=form.choice("archetype", c.archetypes),
                zombies=form.counts("z", c.zombies, "zombies"), slots=None,
                disruption=form.whole("disruption", 0, 20) or 0, items=None if item == "default" else item)


def frenzy(code: str, error: ToolError | None = None):
    """The Downed survivor's odds: the Feeding Frenzy (and its roll, kept on the table), the bleed-out saves, or the
    parting swipes of a Disengage."""
    code = table_code(code)
    result = extra = None
    if error is None and request.args.get("go"):
        form = Form(request.args)
        try:
            show = form.choice("show", ("frenzy", "bleed", "swipes"), "frenzy")
            options = frenzy_options(form)
            if show == "bleed":
                extra = O.bleed_out(content(), guts=options["guts"], archetype=options["archetype"],
                                    items=options["items"])
            elif show == "swipes":
                extra = O.swipes(content(), zombies=options["zombies"], archetype=options["archetype"])
            else:
                result = F.resolve(content(), **options)
        except ToolError as exc:
            error = exc
    return page("frenzy", code, error, result=result, text=F.render(result) if result else "",
                extra=extra.as_text() if extra else "")


def frenzy_post(code: str):
    code = table_code(code)
    form = Form(request.form)
    try:
        T.roll_frenzy(store(), code, content(), faces=form.faces(), **frenzy_options(form))
    except ToolError as exc:
        return frenzy(code, exc)
    kept = {k: v for k, v in request.form.items() if k not in ("faces", "csrf_token") and v}    # the odds stay
    return back("frenzy", code, **{**kept, "go": "1"})


# --- director: the round tracker ----------------------------------------------------------------------------------

def director(code: str, error: ToolError | None = None):
    code = table_code(code)
    c = content()
    t, facts = T.tracker(store(), code, c)
    scen = tracker_content(c, t.scenario).scenarios[t.scenario] if t else None
    return page("director", code, error, tracker=t, scen=scen, buttons=noise_buttons(c), levels=DIRECTOR_LEVELS,
                default_level=DEFAULT_DIRECTOR, facts=request.form.get("facts", facts),
                report=report_text(t.report) if t and t.report and t.phase == "director" else "")


def director_post(code: str):
    code = table_code(code)
    form = Form(request.form)
    c = content()
    try:
        action = form.choice("action", ("start", "noise", "heat", "phase", "end"), required=True)
        if action == "start":
            T.start_tracker(store(), code, c, form.choice("scenario", c.scenarios, required=True),
                            form.choice("director", DIRECTOR_LEVELS, DEFAULT_DIRECTOR))
        elif action == "noise":
            T.tracker_noise(store(), code, c, form.choice("noise", [b.key for b in noise_buttons(c)], required=True))
        elif action == "heat":
            T.tracker_heat(store(), code, c, form.whole("heat", 1, 15, required=True), form.text("label", limit=40))
        elif action == "phase":
            T.tracker_director(store(), code, c, form.text("facts", limit=8000), form.whole("die", 1, 6))
        else:
            T.tracker_end(store(), code, c)
    except ToolError as exc:
        return director(code, exc)
    return back("director", code)


def register(app: Flask) -> None:
    for tool, get, post in (("calc", calc, calc_post), ("scavenge", scavenge, scavenge_post),
                            ("quickplay", quickplay, quickplay_post), ("frenzy", frenzy, frenzy_post),
                            ("director", director, director_post)):
        app.add_url_rule(f"/t/<code>/{tool}", tool, get, methods=["GET"])
        app.add_url_rule(f"/t/<code>/{tool}", f"{tool}_post", post, methods=["POST"])
    app.jinja_env.globals.update(MAX_DICE=MAX_DICE, pct=pct, dist_rows=dist_rows, named=named,
                                 field_words=field_words)
