"""Search & Salvage: the Wits test, the Core and specialty decks, jackpots and hazards."""
from __future__ import annotations

from collections.abc import Sequence

from game.content.defs import Content
from game.rules.search import search_outcome, search_pool, tool_dice
from game.world.components import Gear, Inventory, Status, Survivor, Turn
from game.world.guts import guts_dice
from game.world.session import Session

# When a jackpot draws two and keeps one, the better card is kept: this order, then the first drawn.
_KEEP_ORDER = ("firearm", "thrown", "medical", "melee", "backpack", "tool", "ammo", "consumable", "objective")


def keep_rank(content: Content, gear_id: str) -> int:
    """How much a card is wanted when a jackpot keeps one of two: lower is better, hazards last."""
    if gear_id in content.hazards:
        return len(_KEEP_ORDER) + 1
    kind = content.weapons[gear_id].kind if gear_id in content.weapons else content.items[gear_id].kind
    return _KEEP_ORDER.index(kind)


def keep_index(content: Content, gear_ids: Sequence[str]) -> int:
    """Which of the drawn cards is kept: the best ranked, ties (two hazards included) to the first drawn."""
    return min(range(len(gear_ids)), key=lambda i: (keep_rank(content, gear_ids[i]), i))


def jackpot_deck(token_deck: str, scenario_deck: str, decks) -> str:
    """The deck a jackpot draws from: the token's location deck, else the scenario's default for plain tokens;
    "" means a plain token with no location deck (draw two Core cards, keep one)."""
    default = scenario_deck if scenario_deck not in ("", "core") else ""
    location = token_deck or default
    return location if location and location in decks else ""


def search_dice(s: Session, who: int) -> int:
    """Wits plus skill, plus the best tool carried: a prying weapon (crowbar) 1, or a tool's own dice."""
    tool = tool_dice((g.gear_id for g in s.comp(who, Inventory).gear), s.content)
    return search_pool(s.comp(who, Survivor).wits, s.effect(who, "search_dice"), tool)


def resolve_search(s: Session, who: int, cell: int) -> None:
    faces = s.roll(search_dice(s, who), who, "a search")
    outcome = search_outcome(faces, s.rules.success)
    if outcome == "failure":
        s.emit("search", f"{s.name(who)} finds nothing of use", who=who, outcome="failure")
        return
    location = jackpot_deck(s.search_tokens.pop(cell), s.scenario.search_deck, s.decks)
    if outcome == "jackpot":
        s.emit("search", f"Jackpot! {s.name(who)} hits the mother lode", who=who, outcome="jackpot")
        if location:
            cards = [s.draw(location)]
        else:
            cards = _draw_two_keep_one(s)
    else:
        s.emit("search", f"{s.name(who)} turns up something useful", who=who, outcome="success")
        cards = [s.draw("core")]
    for gear in cards:
        if gear is None:
            s.emit("search", "The deck is picked clean", who=who)
        elif gear.gear_id in s.content.hazards:
            resolve_hazard(s, who, gear)
        elif not gain(s, who, gear):
            s.comp(who, Turn).claim = gear.uid


def _draw_two_keep_one(s: Session) -> list:
    drawn = [g for g in (s.draw("core"), s.draw("core")) if g is not None]
    if len(drawn) < 2:
        return drawn
    keep = drawn[keep_index(s.content, [g.gear_id for g in drawn])]
    other = drawn[1] if keep is drawn[0] else drawn[0]
    if keep_rank(s.content, keep.gear_id) > len(_KEEP_ORDER):   # both hazards: the first one strikes
        s.spend(other)
        return [keep]
    s.spend(other)
    s.emit("card", f"Keeps {s.content.gear_name(keep.gear_id)}, puts back "
           f"{s.content.gear_name(other.gear_id)}", card=keep.gear_id)
    return [keep]


def resolve_hazard(s: Session, who: int, gear) -> None:
    hazard = s.content.hazards[gear.gear_id]
    s.emit("hazard", f"Hazard! {hazard.name}: {hazard.text}", who=who, hazard=hazard.id)
    if hazard.effect == "heat":
        s.add_heat(hazard.amount, s.cell(who), hazard.name)
    elif hazard.effect == "wound_test":
        if not s.hits(s.roll(guts_dice(s, who), who, f"a Guts test against {hazard.name}")):
            s.wound_survivor(who, hazard.amount, hazard.name)
    elif hazard.effect == "spawn_adjacent":
        for _ in range(hazard.amount):
            spot = _lurker_spot(s, who, hazard.zombie)
            if spot is None:
                break
            s.place_zombie(hazard.zombie, spot, hazard.name)
    s.spend(gear)
    if s.comp(who, Status).downed and s.active == who:
        s.active = None


def _lurker_spot(s: Session, who: int, kind: str) -> int | None:
    """A lurker appears in contact if the survivor has room for it, else as near as it can."""
    here = s.cell(who)
    slots = s.content.zombies[kind].slots
    if s.slots_used(who) + slots <= s.rules.engagement_slots:
        for cell in sorted(s.board.contact_cells(here)):
            if cell not in s.occupant and s.board.walkable(cell):
                return cell
    return s.free_cell_near(here, 3)


def gain(s: Session, who: int, gear: Gear) -> bool:
    """Put a card in a survivor's hands, or at their feet when they have no room (False)."""
    item = s.content.items.get(gear.gear_id)
    if item and item.kind == "ammo":
        inv = s.comp(who, Inventory)
        inv.reloads += item.reloads
        s.spend(gear)
        s.emit("item", f"{s.name(who)} gains {item.reloads} Reload tokens ({inv.reloads})", who=who)
        return True
    if s.has_room(who) or (item and item.capacity):
        s.comp(who, Inventory).gear.append(gear)
        s.emit("item", f"{s.name(who)} takes {s.content.gear_name(gear.gear_id)}", who=who, uid=gear.uid)
        return True
    s.drop(gear, s.cell(who))
    s.emit("item", f"No room: {s.content.gear_name(gear.gear_id)} is left at {s.name(who)}'s feet (drop something "
           f"to take it at no cost this activation)", who=who, uid=gear.uid)
    return False
