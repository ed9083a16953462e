"""Scenario events (Doom spaces, the Finale, Director purchases): each effect applied to the session."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.defs import EventDef
from game.world.purchases import spawn_points

if TYPE_CHECKING:
    from game.world.session import Session


def apply_event(s: Session, event: EventDef, why: str) -> None:
    s.emit("event", f"{why}: {event.name}. {event.text}", event=event.id, why=why, name=event.name)
    for effect in event.effects:
        if effect.kind == "spawn":
            points = spawn_points(s, "any" if effect.where in ("all", "nearest") else effect.where)
            if effect.where == "nearest" and points:
                cells = [s.cell(sv) for sv in s.standing()] or [s.cell(sv) for sv in s.survivors()]
                points = [min(points, key=lambda p: (min((s.dist(p, c) for c in cells), default=0), p))]
            for point in points:
                for _ in range(max(1, effect.amount)):
                    cell = s.free_cell_near(point, s.rules.spawn_radius)
                    if cell is not None:
                        s.place_zombie(effect.zombie, cell, event.name, how="event")
        elif effect.kind == "heat_next_round":
            s.carried_heat += effect.amount
            s.emit("heat", f"{effect.amount} Heat will land on the track next round", amount=effect.amount)
        elif effect.kind == "ambient_heat":
            s.ambient_bonus += effect.amount
            s.emit("heat", f"Ambient Heat is now {s.scenario.ambient_heat + s.ambient_bonus} a round")
        elif effect.kind == "close_doors":
            for cell, is_open in list(s.board.door_open.items()):
                if is_open and cell not in s.occupant:
                    s.board.set_door(cell, False)
            s.emit("door", "Every open door slams shut", verb="slams")
        elif effect.kind == "blackout":
            # Dark for the rest of this round and the next `amount` rounds.
            s.blackout_until = max(s.blackout_until, s.round + effect.amount)
            s.emit("event", f"Blackout: sight is cut to {s.rules.blackout_sight}\" until the end of round "
                   f"{s.blackout_until}")
        elif effect.kind == "doom":
            for _ in range(effect.amount):
                s.advance_doom(event.name)
