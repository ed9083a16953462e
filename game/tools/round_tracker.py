"""The Director assistant as a round tracker: what a table needs to remember from one round to the next.

A `RoundTracker` is plain data (it goes to JSON with `to_dict` and back with `from_dict`, which checks every field):
the scenario, the Director's level, the round, the Doom position and the Doom events that fired (by name), the Heat
that lands on this round's track from last round, the Heat shrieked (or a Doom event's) for next round, the ambient
Heat the Doom events added, and this round's noise log ("+2 Pistol", "+1 natural 1": one tap each, labels from the
data).

    t = RoundTracker.new(content, "pharmacy_run")
    t.add_noise(content, "weapon:pistol")               # or noise_buttons(content) for every button
    report = t.director_phase(content, facts, die=4)   # the Director Phase in the rulebook's order
    t.end_phase(content)                                # Doom moves on, its events fire, the next round starts
    t.undo()                                            # back to the state before the last action

The Director Phase runs in the rulebook's order: the Feeding Frenzy on every Downed survivor with feeders, ambient
Heat (the scenario's plus what Doom events added), the escalation roll (Doom moves at once, its events fire), the
purchases (game.tools.director_assistant.spend: the game's own Director), and the activation orders. The End Phase
moves Doom one space and fires what it lands on. Every action keeps a snapshot of the state before it (at most
HISTORY of them, inside the state, so undo survives a save).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from game.ai.director_levels import DEFAULT_DIRECTOR, DIRECTOR_LEVELS
from game.content.defs import Content
from game.tools import director_assistant as D
from game.tools.common import ToolError, check_state_header, lookup, read_history, remember

VERSION = 1
HISTORY = 20            # undo steps kept inside the state
MAX_NOISE = 200         # entries in one round's noise log (far past any real round)
PHASES = ("survivors", "director")


@dataclass(frozen=True)
class NoiseButton:
    key: str            # "weapon:pistol", "natural_one", "zombie:bloater"
    label: str          # "+2 Pistol"
    heat: int
    next_round: bool = False    # lands on next round's track (a Screamer's shriek)


def tracker_content_ids(content: Content, scenario: str) -> set[str]:
    """The scenario ids a tracker may follow: the content's, and a quick-play id that rolls."""
    from game.tools.quickplay import content_for
    return set(content_for(content, scenario).scenarios)


def noise_buttons(content: Content) -> tuple[NoiseButton, ...]:
    """One button per thing that makes Heat, from the data: each weapon's noise, a natural 1, a Bloater's burst
    and a Screamer's shriek (for next round)."""
    out = [NoiseButton("natural_one", "+1 natural 1", 1)]
    for wid, w in content.weapons.items():
        if w.heat > 0:
            out.append(NoiseButton(f"weapon:{wid}", f"+{w.heat} {w.name}", w.heat))
    for zid, z in content.zombies.items():
        params = dict(z.params)
        if params.get("blast_heat"):
            out.append(NoiseButton(f"zombie:{zid}:burst", f"+{params['blast_heat']} {z.name} bursts",
                                   params["blast_heat"]))
        if params.get("shriek_heat"):
            out.append(NoiseButton(f"zombie:{zid}:shriek", f"+{params['shriek_heat']} {z.name} shrieks (next round)",
                                   params["shriek_heat"], next_round=True))
    return tuple(out)


def tracker_content(content: Content, scenario: str) -> Content:
    """The content a tracker of `scenario` needs (a quick-play id is rolled again from its seed); a ToolError naming
    `scenario` when it is not known."""
    from game.tools.quickplay import content_for
    content = content_for(content, scenario)
    if scenario not in content.scenarios:
        raise ToolError("scenario", f"unknown scenario {scenario!r}; known: {', '.join(content.scenarios)}")
    return content


@dataclass
class RoundTracker:
    scenario: str
    level: str = DEFAULT_DIRECTOR
    round: int = 1
    doom: int = 1
    doom_fired: list[dict] = field(default_factory=list)   # {"round", "space", "event", "why", "text"}
    ambient_bonus: int = 0      # ambient Heat added by Doom events (Distant Sirens)
    carried: int = 0            # Heat landing on this round's track from last round
    next_round: int = 0         # Heat shrieked (or a Doom event's) this round for next round's track
    noise: list[dict] = field(default_factory=list)        # {"label", "heat"}
    phase: str = "survivors"    # survivors | director (the Director Phase has run: the End Phase is next)
    report: dict | None = None  # the last Director Phase, as JSON
    finale_round: int | None = None
    history: list[dict] = field(default_factory=list)      # {"label", "state"}: the state before each action

    # --- making one ------------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, content: Content, scenario: str, level: str = DEFAULT_DIRECTOR) -> RoundTracker:
        if not isinstance(scenario, str) or scenario not in tracker_content_ids(content, scenario):
            lookup(content.scenarios, str(scenario), "--scenario", "scenario")
        if level not in DIRECTOR_LEVELS:
            raise ToolError("--director", f"unknown level {level!r}; known: {', '.join(DIRECTOR_LEVELS)}")
        return cls(scenario, level)

    # --- JSON -------------------------------------------------------------------------------------------------------
    def to_dict(self, with_history: bool = True) -> dict:
        d = {"version": VERSION, "scenario": self.scenario, "level": self.level, "round": self.round,
             "doom": self.doom, "doom_fired": copy.deepcopy(self.doom_fired), "ambient_bonus": self.ambient_bonus,
             "carried": self.carried, "next_round": self.next_round, "noise": copy.deepcopy(self.noise),
             "phase": self.phase, "report": copy.deepcopy(self.report), "finale_round": self.finale_round}
        if with_history:
            d["history"] = copy.deepcopy(self.history)
        return d

    @classmethod
    def from_dict(cls, d: object, content: Content | None = None) -> RoundTracker:
        """A tracker from its JSON, every field checked: a ToolError names the first bad field."""
        t = cls._fields(d, "")
        t.history = read_history(d, HISTORY, cls._fields)
        if content is not None:
            content = tracker_content(content, t.scenario)
            length = content.scenarios[t.scenario].doom_length
            if t.doom > length:
                raise ToolError("doom", f"{t.doom} is past the last space of {t.scenario}'s Doom track ({length})")
        return t

    @classmethod
    def _fields(cls, d: object, where: str) -> RoundTracker:
        check_state_header(d, where, VERSION, "the tracker's fields")

        def whole(key: str, low: int, high: int, none: bool = False):
            v = d.get(key)
            if none and v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise ToolError(f"{where}{key}", f"expected a whole number from {low} to {high}, got {v!r}")
            return v

        def text(key: str, choices=None) -> str:
            v = d.get(key)
            if not isinstance(v, str) or not v or (choices and v not in choices):
                known = f" (one of {', '.join(choices)})" if choices else ""
                raise ToolError(f"{where}{key}", f"expected a name{known}, got {v!r}")
            return v

        scalars = dict(scenario=text("scenario"), level=text("level", DIRECTOR_LEVELS), round=whole("round", 1, 999),
                       doom=whole("doom", 1, 99), ambient_bonus=whole("ambient_bonus", 0, 99),
                       carried=whole("carried", 0, 99), next_round=whole("next_round", 0, 99),
                       phase=text("phase", PHASES), finale_round=whole("finale_round", 1, 999, none=True))
        noise = d.get("noise")
        if not isinstance(noise, list) or len(noise) > MAX_NOISE:
            raise ToolError(f"{where}noise", f"expected a list of at most {MAX_NOISE} entries")
        for i, n in enumerate(noise):
            if not (isinstance(n, dict) and isinstance(n.get("label"), str) and isinstance(n.get("heat"), int)
                    and not isinstance(n.get("heat"), bool) and 0 <= n["heat"] <= 99):
                raise ToolError(f"{where}noise[{i}]", "expected {label: text, heat: 0 to 99}")
        fired = d.get("doom_fired")
        if not isinstance(fired, list) or not all(isinstance(f, dict) and isinstance(f.get("event"), str)
                                                  for f in fired):
            raise ToolError(f"{where}doom_fired", "expected a list of {space, event, ...}")
        report = d.get("report")
        if report is not None and not isinstance(report, dict):
            raise ToolError(f"{where}report", "expected the last Director Phase, or null")
        return cls(**scalars, doom_fired=copy.deepcopy(fired), noise=copy.deepcopy(noise),
                   report=copy.deepcopy(report))

    # --- undo -------------------------------------------------------------------------------------------------------
    def _remember(self, label: str) -> None:
        remember(self.history, label, self.to_dict(with_history=False), HISTORY)

    def undo(self) -> str:
        """Back to the state before the last action; returns what was undone."""
        if not self.history:
            raise ToolError("undo", "nothing to undo")
        last = self.history.pop()
        restored = self._fields(last["state"], "")
        history = self.history
        self.__dict__.update(restored.__dict__)
        self.history = history
        return last["label"]

    # --- the Survivor Phase -----------------------------------------------------------------------------------------
    def add_noise(self, content: Content, key: str, count: int = 1) -> dict:
        """One tap on a noise button (see noise_buttons): the entry logged. A scenario where sound carries
        (noise_bonus) adds its bonus to every noisy act, as the engine does."""
        buttons = {b.key: b for b in noise_buttons(content)}
        button = lookup(buttons, str(key), "noise", "noise button")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 20:
            raise ToolError("count", f"expected 1 to 20 taps, got {count}")
        if len(self.noise) >= MAX_NOISE:
            raise ToolError("noise", f"the log holds {MAX_NOISE} entries a round")
        bonus = tracker_content(content, self.scenario).scenarios[self.scenario].noise_bonus
        self._remember(f"noise {button.label}")
        heat = (button.heat + bonus) * count
        label = button.label if count == 1 else f"{button.label} x{count}"
        if bonus:
            label = f"+{heat} {label[1:].split(' ', 1)[1]} (sound carries +{bonus})"
        if button.next_round:
            self.next_round += heat
            entry = {"label": label, "heat": 0, "next_round": heat}
        else:
            entry = {"label": label, "heat": heat}
        self.noise.append(entry)
        return entry

    def add_heat(self, amount: int, label: str = "") -> dict:
        """Heat typed in by hand (a search hazard, a house rule): a noise entry of its own."""
        if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 15:
            raise ToolError("heat", f"expected 1 to 15 Heat, got {amount!r}")
        self._remember(f"+{amount} Heat")
        entry = {"label": f"+{amount} {label.strip()[:40] or 'Heat'}", "heat": amount}
        self.noise.append(entry)
        return entry

    @property
    def made(self) -> int:
        """Heat made this round: the noise log plus what last round carried over."""
        return sum(n["heat"] for n in self.noise) + self.carried

    # --- Doom -------------------------------------------------------------------------------------------------------
    def _fire(self, content: Content, event_id: str, why: str, space: int | None = None) -> dict:
        """Apply what a table tracker can keep of an event (Heat next round, ambient Heat, Doom) and log it by name;
        the rest (spawns, doors, darkness) is done on the table from its text."""
        ev = content.events[event_id]
        entry = {"round": self.round, "space": space, "event": ev.name, "why": why, "text": ev.text}
        if space is not None:
            self.doom_fired.append(entry)
        for fx in ev.effects:
            if fx.kind == "heat_next_round":
                self.next_round += fx.amount
            elif fx.kind == "ambient_heat":
                self.ambient_bonus += fx.amount
            elif fx.kind == "doom":
                for _ in range(fx.amount):
                    self._advance(content, ev.name)
        return entry

    def _advance(self, content: Content, reason: str) -> list[dict]:
        scen = content.scenarios[self.scenario]
        if self.doom >= scen.doom_length:
            return []
        self.doom += 1
        fired = []
        event_id = scen.doom_events.get(self.doom)
        if event_id:
            fired.append(self._fire(content, event_id, f"Doom space {self.doom} ({reason})", self.doom))
        if self.doom >= scen.doom_length and self.finale_round is None:
            self.finale_round = self.round + 1
            fired.append(self._fire(content, scen.finale, "Doom Finale", self.doom))
        return fired

    # --- the Director Phase -----------------------------------------------------------------------------------------
    def director_phase(self, content: Content, facts: dict, die: int | None = None,
                       seed: int | None = None) -> dict:
        """The Director Phase in the rulebook's order; the report is kept (self.report) and returned."""
        content = tracker_content(content, self.scenario)
        if self.phase != "survivors":
            raise ToolError("phase", "the Director Phase of this round has run: end the round first (or undo)")
        if not isinstance(facts, dict):
            raise ToolError("facts", "expected a mapping of board facts")
        if die is not None and (isinstance(die, bool) or not isinstance(die, int)):
            raise ToolError("die", f"expected a d6 face from 1 to 6, got {die!r}")
        self._remember(f"Director Phase of round {self.round}")
        try:
            return self._director_phase(content, facts, die, seed)
        except Exception:
            self.undo()
            raise

    def _director_phase(self, content: Content, facts: dict, die: int | None, seed: int | None) -> dict:
        a = D.assist(content, self.scenario, facts, heat=min(self.made, D.MAX_HEAT_MADE), die=die, seed=seed,
                     level=self.level, ambient_bonus=self.ambient_bonus)
        fired = self._advance(content, "escalation") if a.escalates else []
        purchases = []
        for p in a.purchases:
            purchases.append({"kind": p.kind, "cost": p.cost, "what": D.describe(a, p), "reason": p.reason,
                              "event": p.event})
            if p.kind == "event":
                fired_by = self._fire(content, p.event, "The Director")
                purchases[-1]["text"] = fired_by["text"]
        self.phase = "director"
        self.report = {
            "round": self.round, "frenzy": list(a.frenzies), "noise": [n["label"] for n in self.noise],
            "heat_made": sum(n["heat"] for n in self.noise), "carried": self.carried, "ambient": a.ambient,
            "heat": a.heat, "escalation": {"need": a.need, "die": a.die, "doom_advances": a.escalates},
            "doom_events": [f["event"] for f in fired], "doom": self.doom, "purchases": purchases,
            "heat_lost": a.lost, "orders": list(a.orders), "next_round": self.next_round}
        return self.report

    def end_phase(self, content: Content) -> list[dict]:
        """End Phase: Doom moves one space and fires what it lands on; this round's noise is cleared, the Heat for
        next round becomes the next round's carried Heat. Returns the Doom events fired."""
        content = tracker_content(content, self.scenario)
        if self.phase != "director":
            raise ToolError("phase", "run the Director Phase of this round first")
        self._remember(f"End Phase of round {self.round}")
        fired = self._advance(content, "the end of the round")
        self.round += 1
        self.carried, self.next_round = self.next_round, 0
        self.noise = []
        self.phase = "survivors"
        return fired

    # --- plain text ------------------------------------------------------------------------------------------------
    def as_text(self, content: Content | None = None) -> str:
        name, length = self.scenario, "?"
        if content is not None and self.scenario in tracker_content_ids(content, self.scenario):
            scen = tracker_content(content, self.scenario).scenarios[self.scenario]
            name, length = scen.name, scen.doom_length
        lines = [f"{name}: round {self.round}, Doom {self.doom}/{length}"
                 + (f" (Finale: last round {self.finale_round})" if self.finale_round else "")]
        noise = ", ".join(n["label"] for n in self.noise) or "none yet"
        lines.append(f"Noise this round: {noise}")
        lines.append(f"Heat made {self.made} (carried from last round {self.carried}); next round already has "
                     f"{self.next_round}; ambient +{self.ambient_bonus} from Doom events")
        if self.doom_fired:
            lines.append("Doom events: " + ", ".join(f"{f['event']} (space {f['space']}, round {f['round']})"
                                                     for f in self.doom_fired))
        if self.report and self.phase == "director":
            lines.append(report_text(self.report))
        return "\n".join(lines)


def report_text(r: dict) -> str:
    """One Director Phase as plain text."""
    lines = [f"Director Phase, round {r['round']}"]
    for f in r["frenzy"]:
        lines.append("  First, " + D.frenzy_text(f))
    lines.append(f"  Heat: made {r['heat_made']} + carried {r['carried']} + ambient {r['ambient']} = {r['heat']}")
    esc = r["escalation"]
    if esc["need"] is None:
        lines.append("  Escalation: no roll below 8 Heat")
    elif esc["need"] == 0:
        lines.append("  Escalation: automatic at 15 Heat - Doom advances")
    else:
        lines.append(f"  Escalation: d6 = {esc['die']}, needs {esc['need']}+: "
                     + ("Doom advances" if esc["doom_advances"] else "no escalation"))
    if r["doom_events"]:
        lines.append("  Doom events: " + ", ".join(r["doom_events"]))
    lines.append("  Purchases:" if r["purchases"] else "  Purchases: nothing to buy")
    lines += [f"    {p['cost']} Heat  {p['what']} - {p['reason']}" for p in r["purchases"]]
    if r["heat_lost"]:
        lines.append(f"  {r['heat_lost']} Heat unspent is lost")
    lines.append("  Activation, in order:")
    lines += [f"    {i}. {o}" for i, o in enumerate(r["orders"], 1)]
    return "\n".join(lines)
