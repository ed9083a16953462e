"""The Director Phase and the End Phase as a schedule of systems (rulebook 6.0 and 8.0).

Each system queries the esper components of the current game and changes them through the Session. A system's
`run` is a generator: each `yield` is one thing a spectator should see, so the screen plays one step per frame and a
batch runs straight through. docs/ARCHITECTURE.md shows the schedule.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import esper

from game.rules.downed import frenzy_lethality
from game.rules.geometry import ORTHO_HALF
from game.rules.heat import escalation_need
from game.world.components import Engagement, Pos, Status, Survivor, Zombie
from game.world.errors import Impossible
from game.world.guts import guts_dice
from game.world.horde import move_zombie, swarm_attack
from game.world.horror import run_checks
from game.world.purchases import AWAIT, legal_purchases, price

if TYPE_CHECKING:
    from game.world.session import Session


def by_id(rows):
    """esper answers in set order; every system sorts by entity id before a die is rolled."""
    return sorted(rows, key=lambda row: row[0])


class FeedingFrenzy:
    """Before anything else: each Downed survivor with zombies at its throat makes a survival check."""
    name = "feeding frenzy"

    def run(self, s: Session) -> Iterator[str]:
        s.use()
        for sv, (_, status, eng, _) in by_id(esper.get_components(Survivor, Status, Engagement, Pos)):
            if not status.downed or not eng.attackers or s.result:
                continue
            slots, disrupted = eng.slots, s.disruption.get(sv, 0)
            lethality = frenzy_lethality(slots, disrupted)
            s.emit("frenzy", f"Feeding Frenzy on {s.name(sv)}: lethality {slots} - {disrupted} disruption = "
                   f"{lethality}", who=sv, lethality=lethality)
            if lethality == 0:
                s.emit("frenzy", f"The allies drove them off: {s.name(sv)} is safe this round", who=sv)
            else:
                got = s.hits(s.roll(guts_dice(s, sv), sv, f"survival against the frenzy (needs {lethality} "
                                                          f"successes)"))
                if got >= lethality:
                    s.emit("frenzy", f"{s.name(sv)} fights them off", who=sv)
                else:
                    s.eliminate(sv, "devoured by the horde")
            yield "frenzy"
        s.disruption.clear()


class AmbientHeat:
    """Step 1: the scenario's ambient Heat lands on the track."""
    name = "ambient heat"

    def run(self, s: Session) -> Iterator[str]:
        s.add_heat(s.scenario.ambient_heat + s.ambient_bonus, None, "ambient pressure")
        yield "ambient"


class Escalation:
    """Step 2: loud rounds may push the Doom track on."""
    name = "escalation"

    def run(self, s: Session) -> Iterator[str]:
        need = escalation_need(s.heat, s.rules.escalation)
        if need == 0:
            s.escalations += 1
            s.advance_doom(f"Heat {s.heat}: catastrophic clatter", cause="clatter")
        elif need is not None:
            face = s.roll(1, None, f"escalation at Heat {s.heat}", need)[0]
            if face >= need:
                s.escalations += 1
                s.advance_doom(f"escalation at Heat {s.heat}", cause="escalation")
        s.heat_history.append(s.heat)
        yield "escalation"


class SpendHeat:
    """Step 3: all Heat is spent while any purchase fits. The policy chooses; when it declines while a purchase is
    still possible, the engine buys the dearest legal one (the rulebook allows no hoarding). Only a policy that says
    `may_decline` (a tutorial lesson with the Director switched off) can leave Heat unspent."""
    name = "spend heat"

    def run(self, s: Session) -> Iterator[str]:
        left = s.heat
        while left > 0 and not s.result:
            choice = s.policy.choose(s, left) if s.policy is not None else None
            if choice is AWAIT:          # a human Director has not chosen yet: the screen asks, then steps again
                yield "await"
                continue
            if choice is None and getattr(s.policy, "may_decline", False):
                break
            if choice is None:
                forced = legal_purchases(s, left)
                if not forced:
                    break
                choice = (forced[0], "all Heat must be spent")
            purchase, reason = choice
            cost = price(s, purchase)
            purchase.check(s)
            if cost > left:
                raise Impossible(f"{purchase.describe(s)} costs {cost} Heat, only {left} left")
            left -= cost
            s.heat_spent += cost
            what = purchase.describe(s)
            s.emit("purchase", f"{what} ({cost} Heat): {reason}", cost=cost, reason=reason, what=what,
                   purchase=type(purchase).__name__)
            purchase.apply(s)
            yield "purchase"
        if left > 0:
            s.emit("purchase", f"{left} Heat unspent is lost: nothing it could buy", lost=left)


class ZombieActivation:
    """Step 4: every zombie acts by the hierarchy, in named parts: the stunned lose their activation, the burning
    burn, Screamers shriek, engaged zombies attack as swarms, and the rest move (Hunters may leap)."""
    name = "zombie activation"

    def run(self, s: Session) -> Iterator[str]:
        s.calls = []
        stunned = self.stunned(s)
        self.burning(s)
        yield from self.shrieks(s, stunned)
        yield from self.swarms(s, stunned)
        yield from self.movement(s, stunned)
        for z in stunned:
            if s.is_zombie(z):
                s.comp(z, Status).stunned = False

    @staticmethod
    def zombies(s: Session) -> list[tuple[int, tuple]]:
        s.use()
        return by_id(esper.get_components(Zombie, Status))

    def stunned(self, s: Session) -> set[int]:
        """A zombie stunned when the activations begin loses this whole activation, then recovers."""
        out = {z for z, (_, status) in self.zombies(s) if status.stunned}
        for z in sorted(out):
            s.emit("status", f"{s.name(z)} is stunned and loses its activation", who=z)
        return out

    def burning(self, s: Session) -> None:
        for z, (_, status) in self.zombies(s):
            if status.burning and s.is_zombie(z):
                burn(s, z)

    def shrieks(self, s: Session, stunned: set[int]) -> Iterator[str]:
        """Shriek of Terror: zombies within 12" turn toward the Screamer. Its noise comes after the Heat is spent, so
        it lands on next round's track, one shriek's worth however many scream (docs/RULES.md)."""
        carried = 0
        for z, (zomb, _) in self.zombies(s):
            zdef = s.content.zombies[zomb.kind]
            if "shriek" not in zdef.specials or z in stunned or not s.is_zombie(z):
                continue
            heat, radius = zdef.params.get("shriek_heat", 3), zdef.params.get("shriek_radius", 12)
            s.calls.append((s.cell(z), radius))
            added = max(0, heat - carried)
            carried += added
            s.carried_heat += added
            s.emit("shriek", f"{s.name(z)} shrieks! Zombies within {radius}\" come running"
                   + (f"; +{added} Heat next round" if added else "; the city is already roused"),
                   who=z, heat=added)
            yield "shriek"

    def swarms(self, s: Session, stunned: set[int]) -> Iterator[str]:
        for sv in s.survivors():
            if s.result:
                return
            if s.comp(sv, Status).downed:
                continue
            ready = [z for z in s.engagers(sv) if z not in stunned]
            if ready:
                swarm_attack(s, sv, ready, "swarm" if len(ready) > 1 else s.name(ready[0]))
                yield "swarm"

    def movement(self, s: Session, stunned: set[int]) -> Iterator[str]:
        for z in activation_order(s):
            if s.result:
                return
            if not s.is_zombie(z) or s.comp(z, Zombie).engaged is not None or z in stunned:
                continue
            zdef = s.zdef(z)
            budget = zdef.move * ORTHO_HALF
            leap = "ambush_leap" in zdef.specials and ambush_ready(s, z)
            if leap:
                budget += zdef.params.get("leap", 3) * ORTHO_HALF
                s.emit("status", f"{s.name(z)} leaps from hiding!", who=z)
            why = move_zombie(s, z, budget)
            if why:
                s.emit("order", f"{s.name(z)}: {why}", who=z)
            target = s.comp(z, Zombie).engaged if s.is_zombie(z) else None
            if leap and target is not None and not s.comp(target, Status).downed:
                swarm_attack(s, target, [z], s.name(z))
            yield "zombie"


def burn(s: Session, eid: int) -> None:
    """A burning model takes a wound, then may put the fire out."""
    if s.is_survivor(eid):
        s.wound_survivor(eid, 1, "fire")
    else:
        s.wound_zombie(eid, 1, "fire", by_survivors=False)
        if not s.is_zombie(eid):
            return
    face = s.roll(1, eid, "putting the fire out", s.rules.burning_out, complications_count=False)[0]
    if face >= s.rules.burning_out:
        s.comp(eid, Status).burning = False
        s.emit("status", f"{s.name(eid)} puts the fire out ({face})", who=eid)
    else:
        s.emit("status", f"{s.name(eid)} keeps burning ({face})", who=eid)


def activation_order(s: Session) -> list[int]:
    """Unengaged zombies by distance to the nearest survivor on the board (nearest first), then entity id."""
    s.use()
    w = s.board.width
    spots = [(c % w, c // w) for c in s.cells_of(Survivor)]

    def key(row):
        z, (zomb, pos) = row
        x, y = pos.cell % w, pos.cell // w
        near = None
        for sx, sy in spots:     # Session.dist inlined: this runs for every zombie every round
            dx, dy = abs(x - sx), abs(y - sy)
            d = dx + 0.5 * dy if dx >= dy else dy + 0.5 * dx
            if near is None or d < near:
                near = d
        return (0.0 if near is None else near, z)
    rows = [row for row in esper.get_components(Zombie, Pos) if row[1][0].engaged is None]
    return [z for z, _ in sorted(rows, key=key)]


def ambush_ready(s: Session, z: int) -> bool:
    """Ambush Leap: it starts its activation next to cover and no standing survivor sees it."""
    zc = s.cell(z)
    return s.board.next_to_cover(zc) and not any(s.can_see(s.cell(sv), zc) for sv in s.standing())


class HeatReset:
    """Step 5: the track goes back to 0; Heat is never hoarded."""
    name = "heat reset"

    def run(self, s: Session) -> Iterator[str]:
        s.heat = 0
        s.emit("heat", "Heat resets to 0", heat=0)
        yield "reset"


class RoundTask:
    """End Phase, first: a hold or survive task counts the round that is ending when its condition is met (the
    horde has had its go). Before Doom moves, so the last round counts before the Finale's end is checked."""
    name = "round task"

    def run(self, s: Session) -> Iterator[str]:
        counts = s.round_counts()
        if counts is None:
            return
        s.phase = "end"
        task = s.task
        if counts:
            s.progress_task()
        elif task.kind == "hold":
            s.emit("objective", f"{task.text}: this round does not count, nobody stands free in the zone",
                   task=task.id, counted=False)
        else:
            s.emit("objective", f"{task.text}: this round does not count, fewer than {s.must_stand()} stand",
                   task=task.id, counted=False)
        yield "objective"


class DoomAdvance:
    """End Phase, steps 1-2: the Doom track moves on; its events and the Finale fire from Session.advance_doom."""
    name = "doom"

    def run(self, s: Session) -> Iterator[str]:
        s.phase = "end"
        s.advance_doom("the end of the round", cause="round")
        yield "doom"


class VictoryCheck:
    """End Phase, step 4: has either side won? The Finale's last round ends the game for the Director."""
    name = "victory"

    def run(self, s: Session) -> Iterator[str]:
        s.check_end()
        if not s.result and s.last_round is not None and s.round >= s.last_round:
            s.finish("director", "doom")
        return
        yield


class NextRound:
    """End Phase, step 5: the next round begins with the Survivor Phase."""
    name = "next round"

    def run(self, s: Session) -> Iterator[str]:
        s.round += 1
        s.start_round()
        yield "round"


class HorrorChecks:
    """A campaign mission's horror checks (game.world.horror), after the Feeding Frenzy: what the survivors saw since
    the last checks, the frenzy just rolled, and the zombies in sight. Nothing at all in any other game."""
    name = "horror checks"

    def run(self, s: Session) -> Iterator[str]:
        yield from run_checks(s)


HORROR = HorrorChecks()
DIRECTOR_PHASE = (FeedingFrenzy(), HORROR, AmbientHeat(), Escalation(), SpendHeat(), ZombieActivation(), HeatReset())
END_PHASE = (RoundTask(), DoomAdvance(), VictoryCheck(), NextRound())
SCHEDULE = DIRECTOR_PHASE + END_PHASE


def director_phase(s: Session) -> Iterator[str]:
    """Run the schedule; the game stops between systems as soon as a side has won (a campaign's horror checks of what
    was seen are still rolled: the band remembers how it ended)."""
    for system in SCHEDULE:
        yield from system.run(s)
        if s.result:
            if system is not HORROR:
                yield from HORROR.run(s)
            return
