"""The five tools played on a table (game.tools.table_store): each action runs the tool's own function on the table's
stored state and keeps the result, so every phone and the command line see the same decks, Heat and history.

Each function returns the store's Change (its `text` is the tool's plain-text result, ready to copy). A ToolError
from the tool leaves the table as it was.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.director_levels import DEFAULT_DIRECTOR
from game.content.defs import Content
from game.content.yamlio import dump_yaml, parse_yaml
from game.tools import attack_roll as A
from game.tools import calculator as C
from game.tools import director_assistant as D
from game.tools import frenzy as F
from game.tools import quickplay as Q
from game.tools import scavenge as S
from game.tools.attack_roll import HeatTally
from game.tools.common import Roller, ToolError
from game.tools.round_tracker import RoundTracker, tracker_content
from game.tools.table_store import Change, TableStore

TOOLS = ("calc", "scavenge", "quickplay", "frenzy", "director")
MAX_HEAT_ENTRY = 30     # one noise far louder than any act makes


# --- scavenge: the decks ------------------------------------------------------------------------------------------

def decks(store: TableStore, code: str, content: Content) -> S.DeckState:
    """The table's decks (shuffled fresh, unsaved, when the table has none yet)."""
    data = store.state(code, "scavenge")
    return S.DeckState.from_dict(content, data) if data else S.DeckState.new(content, first_shuffle(code))


def _saved(state) -> dict:
    """A tool state's JSON for the table; the store keeps the undo history, so the state's own is left out."""
    return state.to_dict(with_history=False)


def first_shuffle(code: str) -> int:
    """A new table's first shuffle: from its code, so it is the same on every phone until someone searches."""
    return int.from_bytes(code.encode(), "big") % 2 ** 31


def search(store: TableStore, code: str, content: Content, *, dice: int | None = None, archetype: str | None = None,
           location: str = S.PLAIN, guts: int | None = None, faces: Sequence[int] | None = None) -> Change:
    """One search against the table's decks; real dice when `faces` are given, else the decks' own seeded RNG."""
    def step(data):
        state = S.DeckState.from_dict(content, data) if data else S.DeckState.new(content, first_shuffle(code))
        run = S.simulate(content, dice=dice, archetype=archetype, location=location, faces=faces, guts=guts,
                         state=state)
        r = run.results[0]
        found = f", {content.gear_name(r.kept)}" if r.kept else ""
        return Change(_saved(state), f"Search: {r.outcome}{found}, Heat {r.heat}", S.render(run, content),
                      "search", run)
    return store.change(code, "scavenge", step)


def new_decks(store: TableStore, code: str, content: Content, seed: int | None = None) -> Change:
    """Every deck gathered and shuffled again (a new game at this table)."""
    seed = random.SystemRandom().randrange(2 ** 31) if seed is None else seed
    state = S.DeckState.new(content, seed)
    return store.change(code, "scavenge", lambda _: Change(_saved(state), "New decks, shuffled",
                                                          "The salvage decks are gathered and shuffled.", "reset"))


def return_found(store: TableStore, code: str, content: Content) -> Change:
    """The cards the survivors kept go to their decks' discard piles (they are used up, or the game is over)."""
    def step(data):
        state = S.DeckState.from_dict(content, data) if data else S.DeckState.new(content, first_shuffle(code))
        n = state.return_found()
        return Change(_saved(state), f"{n} kept card{'s' if n != 1 else ''} back to the discards",
                      f"{n} card{'s' if n != 1 else ''} the survivors kept went back to the discard piles.", "return")
    return store.change(code, "scavenge", step)


# --- calculator: attack rolls into the round's running Heat total ------------------------------------------------

def heat(store: TableStore, code: str) -> HeatTally:
    data = store.state(code, "calc")
    return HeatTally.from_dict(data) if data else HeatTally()


def _tally(store: TableStore, code: str, act, kind: str) -> Change:
    """Run `act(tally) -> (summary, text, result)` on the table's Heat total and keep it."""
    def step(data):
        tally = HeatTally.from_dict(data) if data else HeatTally()
        summary, text, result = act(tally)
        return Change(_saved(tally), summary, "\n\n".join([*([text] if text else []), tally.as_text()]), kind,
                      result)
    return store.change(code, "calc", step)


def roll_attack(store: TableStore, code: str, content: Content, attack: str, options: dict,
                faces: Sequence[int] | None = None, seed: int | None = None) -> Change:
    """"Roll it" (the app's dice) or "enter my dice" (faces): the attack resolved, its Heat added to the total."""
    calc = C.calculate(content, attack, **options)
    rolled = A.roll_attack(calc, Roller(seed=seed, faces=faces))

    def act(tally: HeatTally):
        tally.add_roll(rolled)
        wounds = f"{rolled.wounds_to_defender} wound{'s' if rolled.wounds_to_defender != 1 else ''} to " \
                 f"{rolled.target}"
        return f"{calc.attack.capitalize()} roll: {wounds}, +{rolled.heat} Heat (total {tally.total})", \
            rolled.as_text(), rolled
    return _tally(store, code, act, "roll")


def add_heat(store: TableStore, code: str, amount: int, label: str = "") -> Change:
    """Heat made at the table ("+2 pistol"), kept in the round's running total."""
    if not 1 <= amount <= MAX_HEAT_ENTRY:
        raise ToolError("heat", f"Heat made by one act is 1 to {MAX_HEAT_ENTRY}, not {amount}")
    label = " ".join(label.split())[:40] or "noise"

    def act(tally: HeatTally):
        tally.add(label, amount)
        return f"+{amount} Heat: {label} (total {tally.total})", "", None
    return _tally(store, code, act, "heat")


def clear_heat(store: TableStore, code: str) -> Change:
    def act(tally: HeatTally):
        was = tally.total
        tally.new_round()
        return f"New round: Heat total cleared (was {was})", "", None
    return _tally(store, code, act, "clear")


# --- quick-play, frenzy: results kept in the history -------------------------------------------------------------

def roll_scenario(store: TableStore, code: str, content: Content, *, seed: int | None = None,
                  map_id: str | None = None, faces: Sequence[int] | None = None,
                  team: Sequence[str] | None = None) -> Change:
    seed = random.SystemRandom().randrange(1, 10 ** 6) if seed is None else seed
    q = Q.generate(content, seed, map_id=map_id, faces=faces, team=team)
    text = Q.render(q, content)
    return store.change(code, "quickplay", lambda _: Change(None, f"Scenario: {q.scenario.name} (seed {seed})",
                                                            text, "roll", q))


def roll_frenzy(store: TableStore, code: str, content: Content, **options) -> Change:
    fz = F.resolve(content, roll=True, **options)
    if fz.roll is None:
        verdict = "lethality 0, no roll needed"
    else:
        verdict = (f"rolled {' '.join(map(str, fz.roll.faces))}, {fz.roll.successes} of {fz.lethality} needed: "
                   + ("fights them off" if fz.roll.survived else "devoured"))
    return store.change(code, "frenzy", lambda _: Change(None, f"Frenzy on {fz.survivor}: {verdict}", F.render(fz),
                                                         "roll", fz))


# --- the Director assistant: the round tracker ------------------------------------------------------------------

def read_facts_text(text: str) -> dict:
    """Board facts typed or pasted on a phone: the game's guarded YAML parser, one clear error on a bad file."""
    try:
        data = parse_yaml(text or "")
    except Exception as exc:  # a YAML error of any kind is the player's typo: one message, never a traceback
        mark, problem = getattr(exc, "problem_mark", None), getattr(exc, "problem", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        why = f" ({problem})" if problem else f" ({' '.join(str(exc).split())})"
        raise ToolError("facts", f"cannot be read{where}{why}: write one `key: value` a line, as in the "
                                 "example") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ToolError("facts", "expected board facts as `key: value` lines (see the example)")
    return data


def facts_text(facts: dict, where: str = "the desktop's Director screen") -> str:
    """Board facts as the YAML a phone's Director page shows and reads back (the desktop's board, for the phones)."""
    return f"# Board facts from {where}; distances in inches.\n" + dump_yaml(facts)


def tracker(store: TableStore, code: str, content: Content) -> tuple[RoundTracker | None, str]:
    """The table's round tracker (None before one is started) and the board facts last used."""
    data = store.state(code, "director") or {}
    t = RoundTracker.from_dict(data["tracker"], content) if data.get("tracker") else None
    return t, data.get("facts", D.EXAMPLE)


def on_tracker(store: TableStore, code: str, content: Content, act, kind: str, facts: str | None = None) -> Change:
    """Run `act(tracker) -> summary` (one of the *_act functions below) on the table's tracker and keep it (with the
    facts, when given). The desktop runs the same acts on a tracker in memory when the database is gone."""
    def step(data):
        data = data or {}
        if not data.get("tracker"):
            raise ToolError("scenario", "start the round tracker first: choose the scenario")
        t = RoundTracker.from_dict(data["tracker"], content)
        summary = act(t)
        kept = {"tracker": t.to_dict(with_history=False),
                "facts": data.get("facts", D.EXAMPLE) if facts is None else facts}
        return Change(kept, summary, t.as_text(content), kind, t)
    return store.change(code, "director", step)


def start_tracker(store: TableStore, code: str, content: Content, scenario: str,
                  level: str = DEFAULT_DIRECTOR) -> Change:
    t = RoundTracker.new(content, scenario, level)
    name = tracker_content(content, scenario).scenarios[scenario].name

    def step(data):
        facts = (data or {}).get("facts", D.EXAMPLE)
        return Change({"tracker": t.to_dict(with_history=False), "facts": facts},
                      f"Round tracker started: {name}, {level} Director", t.as_text(content), "start", t)
    return store.change(code, "director", step)


# the tracker's actions, each `act(tracker) -> summary` for on_tracker (or a tracker in memory)

def noise_act(content: Content, key: str):
    return lambda t: f"Noise: {t.add_noise(content, key)['label']}"


def heat_act(amount: int, label: str = ""):
    return lambda t: f"Noise: {t.add_heat(amount, label)['label']}"


def director_act(content: Content, facts: dict, die: int | None = None):
    """The Director Phase: frenzies first, ambient Heat, escalation, purchases, orders."""
    def act(t: RoundTracker) -> str:
        r = t.director_phase(content, facts, die=die)
        bought = ", ".join(p["what"] for p in r["purchases"]) or "nothing bought"
        return f"Director Phase, round {r['round']}: Heat {r['heat']}; {bought}"
    return act


def end_act(content: Content):
    def act(t: RoundTracker) -> str:
        fired = t.end_phase(content)
        events = f"; Doom event: {', '.join(f['event'] for f in fired)}" if fired else ""
        return f"End of round {t.round - 1}: Doom {t.doom}{events}"
    return act


def tracker_noise(store: TableStore, code: str, content: Content, key: str) -> Change:
    return on_tracker(store, code, content, noise_act(content, key), "noise")


def tracker_heat(store: TableStore, code: str, content: Content, amount: int, label: str = "") -> Change:
    return on_tracker(store, code, content, heat_act(amount, label), "noise")


def tracker_director(store: TableStore, code: str, content: Content, facts_text: str,
                     die: int | None = None) -> Change:
    """The Director Phase on the table's tracker, with the board facts as typed (kept for the next phase)."""
    return on_tracker(store, code, content, director_act(content, read_facts_text(facts_text), die), "purchase",
                      facts_text)


def tracker_end(store: TableStore, code: str, content: Content) -> Change:
    return on_tracker(store, code, content, end_act(content), "end")
