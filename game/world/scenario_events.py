"""Scenario events (Doom spaces, the Finale, Director purchases): each effect applied to the session."""
from __future__ import annotations

from game.content.defs import EventDef
from game.world.session import Session


def apply_event(s: Session, event: EventDef, why: str) -> None:
    s.emit("event", f"{why}: {event.name}. {event.text}", event=event.id)
    for effect in event.effects:
        if effect.kind == "spawn":
            kinds = ("spawn_minor", "spawn_major") if effect.where == "all" else (f"spawn_{effect.where}",)
            points = [c for k in kinds for c in s.marker_cells(k)]
            for point in points:
                for _ in range(max(1, effect.amount)):
                    cell = s.free_cell_near(point, s.rules.spawn_radius)
                    if cell is not None:
                        s.place_zombie(effect.zombie, cell, event.name)
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
            s.emit("door", "Every open door slams shut")
        elif effect.kind == "blackout":
            s.blackout_rounds = max(s.blackout_rounds, effect.amount)
            s.emit("event", f"Blackout: sight is cut to {s.rules.blackout_sight}\" for {effect.amount} round(s)")
        elif effect.kind == "doom":
            for _ in range(effect.amount):
                s.advance_doom(event.name)
