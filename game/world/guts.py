"""Guts tests: the dice a survivor rolls for a bleed-out save, the Feeding Frenzy or a Bloater's burst."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.downed import best_guts_item, guts_pool
from game.world.components import Inventory, Survivor

if TYPE_CHECKING:
    from game.world.session import Session


def guts_dice(s: Session, who: int) -> int:
    """Dice for a survivor's Guts test: Guts, skill, and the best Guts item carried (used up)."""
    return guts_pool(s.comp(who, Survivor).guts, s.effect(who, "guts_dice"), painkillers(s, who))


def guts_forecast(s: Session, who: int) -> int:
    """The dice guts_dice would roll now, the best Guts item counted but not used up (a forecast for the screen)."""
    items = s.content.items
    best = best_guts_item(items[g.gear_id].guts_dice for g in s.comp(who, Inventory).gear if g.gear_id in items)
    return guts_pool(s.comp(who, Survivor).guts, s.effect(who, "guts_dice"), best)


def painkillers(s: Session, who: int) -> int:
    """Spend the best Guts item carried, for its extra dice on one Guts test."""
    inv = s.comp(who, Inventory)
    items = s.content.items
    dice = best_guts_item(items[g.gear_id].guts_dice for g in inv.gear if g.gear_id in items)
    if not dice:
        return 0
    best = next(g for g in inv.gear if g.gear_id in items and items[g.gear_id].guts_dice == dice)
    inv.gear.remove(best)
    s.spend(best)
    s.emit("item", f"{s.name(who)} uses {s.content.gear_name(best.gear_id)}", who=who)
    return items[best.gear_id].guts_dice
