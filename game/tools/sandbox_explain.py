"""The teacher's questions about one model of a position, answered by the engine's own queries.

    facts = survivor_facts(s, who)      # reach and its cost, engagement and why, the swipes of a Disengage, sight
                                        # and cover to each zombie, the exact odds of each attack it could make
    facts = zombie_facts(s, z)          # its next activation, the hierarchy step by step
    print(render(facts.answers))        # `python main.py sandbox --explain NAME`

Every answer comes from what the game and the AI ask: game.world.legal.options (what is legal), the actions'
own cells (Move, Disengage), Session.contact_zombies / engagers / swipes, Session.can_see and Board.cover (as Shoot
checks them), game.tools.previews (the board's odds, through the calculator) and game.world.intent (the zombie's
forecast, run by the same hierarchy as the Director Phase). Each answer carries a sentence in our own words that
names the rule, with the rules help section (F1) and the rulebook section it comes from.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.downed import frenzy_lethality
from game.tools.distributions import success_dist
from game.tools.previews import (
    Preview,
    Reach,
    SwipeOdds,
    melee_preview,
    move_reach,
    shot_preview,
    swarm_odds,
    swipe_odds,
    throw_preview,
)
from game.world import actions as A
from game.world.components import Health, Status, Survivor, Turn, Zombie
from game.world.guts import guts_forecast
from game.world.horde import objective_cells, visible_target, walk_inches
from game.world.intent import Intent, shriek_calls, zombie_intent
from game.world.legal import options
from game.world.session import Session
from game.world.systems import ambush_ready


@dataclass(frozen=True)
class Answer:
    topic: str                  # moving | engagement | disengage | sight | attacks | activation
    summary: str                # the answer, one sentence
    rule: str                   # the rule it follows, in our words, with where to read it
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sighting:
    zombie: int
    sees: bool
    cover: str                  # none | light | heavy (only when it sees)
    inches: float


@dataclass(frozen=True)
class SurvivorFacts:
    who: int
    reach: Reach | None         # None when it cannot Move now
    move_reason: str            # why not, when it cannot
    contact: tuple[int, ...]    # zombies in base contact: each holds it engaged
    attackers: tuple[int, ...]  # zombies whose attacks go to it
    swipes: SwipeOdds | None    # a Disengage's parting swipes (only while engaged)
    disengage_cells: frozenset[int]
    sight: tuple[Sighting, ...]
    attacks: tuple[tuple[object, Preview], ...]   # (legal action, its odds)
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Step:
    """One level of the activation hierarchy, and whether it decides this zombie's activation."""
    label: str
    applies: bool
    fact: str


@dataclass(frozen=True)
class ZombieFacts:
    zombie: int
    intent: Intent
    steps: tuple[Step, ...]
    answers: tuple[Answer, ...]


def _xy(s: Session, cell: int) -> str:
    x, y = s.board.xy(cell)
    return f"({x}, {y})"


def _pct(p) -> str:
    return f"{float(p) * 100:.1f}%"


# --- a survivor ------------------------------------------------------------------------------------------------------

def survivor_facts(s: Session, who: int) -> SurvivorFacts:
    """Everything is answered for `who`'s activation: the current one, or as if it began now (the engine's own
    preview, game.world.actions.activation_preview, which the action query uses too)."""
    if s.active == who or s.phase != "survivor":
        return _survivor_facts(s, who, "")
    note = (f"As if {s.name(who)}'s activation began now"
            + (f" ({s.name(s.active)} is the active survivor)." if s.active is not None else ".")
            + (" They have already activated this round." if s.comp(who, Turn).activated else ""))
    with A.activation_preview(s, who):
        return _survivor_facts(s, who, note)


def _survivor_facts(s: Session, who: int, note: str) -> SurvivorFacts:
    name = s.name(who)
    answers: list[Answer] = []
    if note:
        answers.append(Answer("note", note, "Survivors act one at a time and spend their AP before the next "
                                            "begins (help: The round; rulebook 5.0)."))
    opts = options(s, who, ("move", "disengage", "melee", "shoot", "throw"))
    ap = s.comp(who, Turn).ap if s.active == who else A.opening_ap(s, who)
    reach = None
    move = opts["move"]
    if move.ok and ap > 0:
        reach = move_reach(s, who, ap)
        bands = {b: sorted(c for c, n in reach.band.items() if n == b) for b in sorted(set(reach.band.values()))}
        lines = []
        for b, cells in bands.items():
            if b == 1:
                costs = ", ".join(f"{_xy(s, c)} {reach.first[c][0] / 2:g}\"" for c in cells)
                lines.append(f"1 Move (1 AP), {len(cells)} cells, with the inches each takes: {costs}")
            else:
                lines.append(f"{b} Moves ({b} AP): {len(cells)} more cells (the board shades them)")
        answers.append(Answer(
            "moving", f"{name} can walk to {len(reach.band)} cells with {ap} AP: {len(bands.get(1, ()))} of them "
                      f"in one Move of {A.move_budget(s, who) / 2:g}\".",
            "A Move costs 1 AP and goes up to the Move stat in inches; a diagonal step costs 1.5\", difficult "
            "ground twice as much, and it ends on an empty cell (help: Actions; rulebook 5.0).", tuple(lines)))
    else:
        why = move.reason or ("no AP left" if ap <= 0 else "")
        answers.append(Answer("moving", f"{name} cannot Move now: {why}.",
                              "An engaged survivor cannot Move, only Disengage; a Downed one does nothing "
                              "(help: Actions; rulebook 5.0, 7.0)."))
    standing = not s.comp(who, Status).downed
    contact = tuple(s.contact_zombies(who)) if standing or s.engagers(who) else ()
    attackers = tuple(s.engagers(who))
    answers.append(_engagement(s, who, contact, attackers))
    swipes, cells = None, frozenset()
    if standing and contact:
        swipes = swipe_odds(s, who)
        cells = frozenset(A.Disengage(who, -1).cells(s))
        dist = ", ".join(f"{w} wound{'s' if w != 1 else ''} {_pct(p)}" for w, p in sorted(swipes.dist.items()))
        left = s.comp(who, Health).wounds
        down = sum((p for w, p in swipes.dist.items() if w >= left), start=0)
        answers.append(Answer(
            "disengage", f"A Disengage would take {swipes.dice} parting swipe{'s' if swipes.dice != 1 else ''}, "
                         f"each {swipes.need}+ a wound: {dist}; {_pct(down)} that {name} goes Downed "
                         f"({left} wound{'s' if left != 1 else ''} left). It could end on {len(cells)} cells out "
                         f"of contact.",
            "Disengage: 1 AP, up to half your Move, ending out of contact; first every zombie in contact swipes, "
            "one die a figure, at most 3 (help: Combat; rulebook 5.0).",
            (f"could end on: {', '.join(_xy(s, c) for c in sorted(cells))}",) if cells else ()))
    if not standing:
        answers.append(_downed(s, who))
    sight = tuple(_sighting(s, who, z) for z in s.zombies())
    seen = [g for g in sight if g.sees]
    lines = tuple(f"{s.name(g.zombie)} at {_xy(s, s.cell(g.zombie))}, {g.inches:g}\": "
                  + (f"in sight, {'no' if g.cover == 'none' else g.cover} cover" if g.sees else "out of sight")
                  for g in sight)
    limit = s.sight_range()
    answers.append(Answer(
        "sight", f"{name} sees {len(seen)} of {len(sight)} zombies"
                 + (f" (sight cut to {limit:g}\")" if limit is not None else "") + ".",
        "Sight runs from cell centre to cell centre and walls and shut doors block it; cover counts in the cells "
        "beside the target: light -1 to hit, heavy -2 (help: Combat; rulebook 7.0).", lines))
    attacks = []
    for kind in ("melee", "shoot", "throw"):
        for action in opts[kind].actions:
            if kind == "throw" and action.cell not in {s.cell(z) for z in s.zombies()}:
                continue          # a throw at bare ground: the sandbox screen shows it under the cursor
            attacks.append((action, _preview(s, action)))
    answers.append(_attacks(s, who, attacks, opts))
    why_not = "" if reach else next(a.summary for a in answers if a.topic == "moving")
    return SurvivorFacts(who, reach, why_not, contact, attackers, swipes, cells, sight, tuple(attacks),
                         tuple(answers))


def _downed(s: Session, who: int) -> Answer:
    """The two rolls a Downed survivor faces (game.world.systems.FeedingFrenzy, actions.bleed_out): the numbers
    are the engine's, the odds the calculator's."""
    name, dice, need = s.name(who), guts_forecast(s, who), s.rules.success
    dist = success_dist(dice, need)
    slots, disrupted = s.slots_used(who), s.disruption.get(who, 0)
    lethality = frenzy_lethality(slots, disrupted) if s.engagers(who) else 0
    lines = [f"Bleed-out save at their activation (or when the survivors' turn ends): {dice} Guts dice at {need}+, "
             f"one success keeps them: {_pct(dist.at_least(1))}."]
    if lethality:
        lines.append(f"Feeding Frenzy as the Director Phase begins: lethality {lethality} ({slots} slots fed on, "
                     f"{disrupted} disruption hits), {lethality} successes of {dice} dice needed: "
                     f"{_pct(dist.at_least(lethality))} that they live.")
    else:
        lines.append("No Feeding Frenzy: nothing feeds on them" + (" after the allies' hits." if slots else "."))
    verdict = (f"{name} is Downed: unless an ally frees them, the Feeding Frenzy needs {lethality} successes"
               if lethality else f"{name} is Downed and nothing feeds on them")
    return Answer("downed", verdict + ".", "A Downed survivor saves with Guts at each activation; feeders make them "
                  "roll as many successes as the slots they fill, less the wounds allies dealt them this turn "
                  "(help: Downed; rulebook 7.0).", tuple(lines))


def _sighting(s: Session, who: int, z: int) -> Sighting:
    here, there = s.cell(who), s.cell(z)
    sees = s.can_see(here, there)
    return Sighting(z, sees, s.board.cover(here, there) if sees else "none", round(s.dist(here, there), 1))


def _engagement(s: Session, who: int, contact: tuple[int, ...], attackers: tuple[int, ...]) -> Answer:
    name = s.name(who)
    rule = ("Base contact engages: a survivor touching any zombie is engaged; at most 3 figures' attacks go to one "
            "survivor, a Horde tray counting 3 (help: Combat; rulebook 5.0, 7.0).")
    if not contact and not attackers:
        return Answer("engagement", f"{name} is not engaged: no zombie stands in base contact.", rule)
    lines = []
    for z in contact:
        goes = s.comp(z, Zombie).engaged
        to = "its attacks go to " + (s.name(goes) if goes is not None else "nobody (no room)")
        lines.append(f"{s.name(z)} at {_xy(s, s.cell(z))} touches {name}: {to}")
    downed = s.comp(who, Status).downed
    odds = swarm_odds(s, who)
    if odds is not None:
        lines.append(f"When their swarm attacks in the Director Phase: {name} is hurt {_pct(odds[0])}, Downed "
                     f"{_pct(odds[1])} (the calculator's exact odds)")
    verb = "feed on" if downed else "attack"
    summary = (f"{name} is Downed; {len(attackers)} zombie(s) {verb} them." if downed else
               f"{name} is engaged by {len(contact)} zombie(s) in base contact; {len(attackers)} attack them, "
               f"filling {s.slots_used(who)} of {s.rules.engagement_slots} slots.")
    return Answer("engagement", summary, rule, tuple(lines))


def _preview(s: Session, action) -> Preview:
    if isinstance(action, A.Melee):
        return melee_preview(s, action.who, action.target, action.weapon)
    if isinstance(action, A.Shoot):
        return shot_preview(s, action.who, action.target, action.weapon)
    return throw_preview(s, action.who, action.cell, action.weapon)


def preview_line(s: Session, pv: Preview) -> str:
    calc = pv.calc
    if calc is None:       # a throw: one roll per model in the blast
        parts = [f"{name}{' (ally)' if ally else ''} {c.attacker.dice} dice at {c.attacker.need}+, hurt "
                 f"{_pct(1 - c.wounds_to_defender[0])}" for name, ally, c, _ in pv.rows or ()]
        return f"{pv.title}: " + ("; ".join(parts) if parts else "catches nobody")
    pool = f"{calc.attacker.dice} dice at {calc.attacker.need}+"
    if calc.defender is not None:
        pool += f" against {calc.defender.dice} at {calc.defender.need}+"
    odds = ", ".join(f"{k} {_pct(v)}" for k, v in calc.chances.items())
    if calc.attack == "melee":
        odds = f"win {_pct(calc.outcome['win'])}, tie {_pct(calc.outcome['tie'])}, lose " \
               f"{_pct(calc.outcome['loss'])}" + (f"; {odds}" if odds else "")
    return f"{pv.title}: {pool}" + (f" ({pv.cover} cover)" if pv.cover not in ("none", "") else "") + f"; {odds}"


def _attacks(s: Session, who: int, attacks, opts) -> Answer:
    rule = ("Melee: both sides roll Fight, the margin is the wounds; a shot rolls the gun's dice plus Shoot at 4+ "
            "less cover; every natural 1 a survivor rolls is +1 Heat (help: Combat; rulebook 7.0, 11.0).")
    if not attacks:
        why = "; ".join(f"{k}: {opts[k].reason}" for k in ("melee", "shoot", "throw") if opts[k].reason)
        return Answer("attacks", f"{s.name(who)} has no attack to make now ({why}).", rule)
    return Answer("attacks", f"{s.name(who)} could make {len(attacks)} attack(s); the exact odds of each:", rule,
                  tuple(preview_line(s, pv) for _, pv in attacks))


# --- a zombie --------------------------------------------------------------------------------------------------------

def zombie_facts(s: Session, z: int) -> ZombieFacts:
    """The hierarchy the Director Phase runs (game.world.systems, game.world.horde.zombie_goal), level by level, and
    the forecast of game.world.intent (where it ends, whom it reaches)."""
    intent = zombie_intent(s, z)
    zc = s.cell(z)
    status, zomb, zdef = s.comp(z, Status), s.comp(z, Zombie), s.zdef(z)
    steps: list[Step] = []
    steps.append(Step("Burning", status.burning, "takes 1 wound before anything moves, then may put the fire out"
                      if status.burning else "not on fire"))
    steps.append(Step("Stunned", status.stunned, "loses this activation and recovers" if status.stunned
                      else "not stunned"))
    engaged = zomb.engaged is not None and s.is_survivor(zomb.engaged)
    odds = swarm_odds(s, zomb.engaged) if engaged else None
    steps.append(Step("Engaged", engaged and not status.stunned,
                      f"its attacks go to {s.name(zomb.engaged)}: it joins their swarm"
                      + (f" (hurt {_pct(odds[0])}, Downed {_pct(odds[1])})" if odds else "") if engaged
                      else "its attacks go to nobody"))
    calls = [c for c, reach in shriek_calls(s) if c != zc and s.dist(zc, c) <= reach]
    steps.append(Step("A Screamer's call", bool(calls), f"hears the shriek from {_xy(s, calls[0])}" if calls
                      else "no Screamer within call"))
    target = visible_target(s, z)
    steps.append(Step("A survivor in sight", target is not None,
                      f"sees {s.name(target)} {s.dist(zc, s.cell(target)):g}\" away: walks its full Move at them"
                      if target is not None else "sees no survivor"))
    noise = s.loudest_noise()
    steps.append(Step("The loudest noise", noise is not None,
                      f"{s.noise.get(noise, 0)} Heat made at {_xy(s, noise)} this round" if noise is not None
                      else "no noise made this round"))
    objective = objective_cells(s)
    steps.append(Step("The objective", bool(objective), f"{len(objective)} objective cell(s)" if objective
                      else "no objective marker is active"))
    steps.append(Step("The patrol route", bool(s.scenario.patrol), "follows the scenario's patrol"
                      if s.scenario.patrol else "the scenario has no patrol"))
    first = next((i for i, st in enumerate(steps) if st.applies and i >= 1), None)
    lines = []
    for i, st in enumerate(steps):
        later = first is not None and i > first
        mark = ">>" if i == first else ("  " if later else "- ")
        lines.append(f"{mark} {i + 1}. {st.label}: {st.fact}" + (" (not reached)" if later else "")
                     + ("  <- this decides" if i == first else ""))
    if "shriek" in zdef.specials:
        lines.append("Shriek: " + ("it screams as the zombies activate: +" + f"{zdef.params.get('shriek_heat', 3)} "
                                   f"Heat on next round's track, and every free zombie within "
                                   f"{zdef.params.get('shriek_radius', 12)}\" walks toward it"
                                   if not status.stunned else "stunned, it does not scream this time"))
    if "ambush_leap" in zdef.specials:
        ready = ambush_ready(s, z)
        lines.append("Ambush Leap: " + ("ready (in cover, unseen): 3 inches more and a free attack on contact"
                                        if ready else "not ready (it must start in cover and unseen)"))
    answers = [Answer("activation", _intent_sentence(s, intent),
                      "Zombies act by a fixed order: the engaged attack, the rest walk their full Move at the nearest "
                      "survivor they see, else toward the loudest noise, the objective, the patrol; a Screamer's "
                      "call comes first (help: The Director; rulebook 6.0 step 4).", tuple(lines))]
    return ZombieFacts(z, intent, tuple(steps), tuple(answers))


def _intent_sentence(s: Session, intent: Intent) -> str:
    name = s.name(intent.zombie)
    if intent.action in ("stunned", "attack"):
        return f"Next Director Phase {name} {intent.why}."
    if intent.action == "wait":
        return f"Next Director Phase {name} stays where it is ({intent.why})."
    inches = walk_inches(s, [s.cell(intent.zombie), *intent.path])
    end = f"ends at {_xy(s, intent.path[-1])}"
    meets = f", in base contact with {s.name(intent.engages)}" if intent.engages is not None else ""
    leap = " with an ambush leap" if intent.leaps else ""
    return f"Next Director Phase {name} walks {inches:g}\"{leap} ({intent.why}) and {end}{meets}."


# --- text ------------------------------------------------------------------------------------------------------------

def explain(s: Session, eid: int) -> tuple[Answer, ...]:
    if s.is_zombie(eid):
        return zombie_facts(s, eid).answers
    return survivor_facts(s, eid).answers


def render(s: Session, eid: int, answers: tuple[Answer, ...]) -> str:
    who = s.name(eid)
    head = (f"{who}, {s.zdef(eid).name}" if s.is_zombie(eid) else
            f"{who}, {s.content.archetypes[s.comp(eid, Survivor).archetype].name}") + f" at {_xy(s, s.cell(eid))}"
    out = [head, "=" * len(head)]
    for a in answers:
        out += ["", f"{a.topic.capitalize()}: {a.summary}", f"  Rule: {a.rule}"]
        out += [f"  {line}" for line in a.lines]
    return "\n".join(out)
