"""Every kind of event the engine emits (game.world.events.Event.kind), with what it means.

The sound table (game/data/sounds.yaml) is checked against this list, and a test reads every `emit("kind", ...)`
in the source so the list cannot fall behind the engine.
"""
from __future__ import annotations

EVENT_KINDS: dict[str, str] = {
    "setup": "the game is laid out",
    "round": "a round begins",
    "phase": "the Director Phase begins",
    "activate": "a survivor starts or ends an activation",
    "decision": "an AI player says why it acts",
    "roll": "dice are rolled (who, why, every face)",
    "move": "a model moves (verb: walks, lunges, flees...)",
    "attack": "an attack: melee or a shot or a throw by weapon, or the horde's swarm",
    "wound": "a model takes wounds",
    "downed": "a survivor is Downed",
    "revive": "a Downed survivor gets up",
    "eliminated": "a survivor is lost",
    "killed": "a zombie is destroyed",
    "blast": "a Bloater bursts",
    "status": "a status changes (Stunned, Burning, Aiming, panic...)",
    "door": "a door opens, closes, is barricaded, smashed or slammed",
    "search": "a search token is searched (outcome: failure, success, jackpot)",
    "card": "a card is drawn, kept or reshuffled",
    "item": "gear is taken, used, dropped, handed over or reloaded",
    "hazard": "a search turns up a hazard",
    "interact": "a survivor works on or delivers to an objective",
    "objective": "the scenario's task moves on",
    "joins": "a survivor is found and joins the team",
    "escape": "a survivor escapes the map",
    "heat": "Heat lands on the track (or resets)",
    "doom": "the Doom track advances (cause: round, escalation, clatter, event), or the Finale starts",
    "event": "a scenario event fires (why: a Doom space, the Finale, the Director's purchase)",
    "purchase": "the Director buys something with Heat",
    "spawn": "a zombie appears (kind)",
    "shriek": "a Screamer shrieks",
    "order": "a zombie's reason for where it goes",
    "frenzy": "the Feeding Frenzy on a Downed survivor",
    "horror": "a campaign horror check",
    "stress": "a campaign stress effect at the start of a mission",
    "campaign": "a campaign survivor's state brought into a mission",
    "end": "the game ends (winner: survivors or director)",
}
