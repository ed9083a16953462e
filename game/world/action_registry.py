"""Every kind of survivor action in one table: its id, Action class, label, hotkey, AP cost, what it targets, the
name save files give it, and the short text the tooltips show (our own words; its first sentence is the summary
the help lists).

The action bar is the rows with `bar=True`, in table order. Hotkeys are plain key names ('m', 'space'); the screen
turns them into key codes. Save names are written into save files: they stay fixed even if a class is renamed, so
old saves keep loading. Door and Barricade are two rows over one class (Door, told apart by its `mode`).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

TARGETS = ("none", "cell", "zombie", "ally", "door", "token", "ground", "gear")


@dataclass(frozen=True)
class ActionKind:
    id: str
    class_name: str         # of its class in game.world.actions (by name: the table loads without the engine)
    label: str
    hotkey: str | None      # a key name; None: chosen some other way (a click on a survivor, a cell, an item)
    cost: str               # as a player reads it: "1 AP", "free", "1 AP*" (free for some skills)
    target: str             # one of TARGETS
    save: str               # the name in save files
    text: str
    bar: bool = True        # shown on the action bar

    @property
    def cls(self) -> type:
        """The Action class: game.world.actions is loaded when a class is first asked for, so the menu, the keys
        and the help read the table without loading the rules."""
        from game.world import actions
        return getattr(actions, self.class_name)

    @property
    def summary(self) -> str:
        """The first sentence of the text: the line the help lists."""
        return self.text.split(". ")[0].rstrip(".") + "."


KINDS: tuple[ActionKind, ...] = (
    ActionKind("move", "Move", "Move", "m", "1 AP", "cell", "Move",
               "Walk up to your Move in inches. Click a shaded cell: the bright shade is one Move, the paler ones "
               "two or three Moves (1 AP each). Coming into contact with a zombie stops you there."),
    ActionKind("disengage", "Disengage", "Disengage", "c", "1 AP", "cell", "Disengage",
               "Break away from the zombies engaging you. Each gets a parting swipe first (one die per slot, 5+ is "
               "a wound); then you move up to half your Move to a cell out of their reach."),
    ActionKind("melee", "Melee", "Melee", "f", "1 AP", "zombie", "Melee",
               "Fight a zombie in base contact. Both sides roll and count 4+; whoever scores more deals the "
               "difference in wounds. Win or tie and you may step back 1\" for free."),
    ActionKind("shoot", "Shoot", "Shoot", "t", "1 AP", "zombie", "Shoot",
               "Fire a loaded gun at a zombie you can see within range. Every die that meets the target number "
               "(4+ in the open, 5+ in light cover, 6+ in heavy) is a wound. Most guns are loud. Press again to "
               "switch guns."),
    ActionKind("throw", "Throw", "Throw", "g", "1 AP", "cell", "Throw",
               "Lob a grenade, pipe bomb or molotov at a cell you can see. Everyone in the blast, friend or foe, "
               "is rolled against. Not while engaged."),
    ActionKind("aim", "Aim", "Aim", "i", "1 AP", "none", "Aim",
               "Steady your next shot this turn: one more die (more with a scope) and light cover stops helping "
               "the target."),
    ActionKind("hunker", "HunkerDown", "Hunker", "h", "1 AP", "none", "HunkerDown",
               "Hunker Down against cover you touch: blasts need one more to hit you until your next turn. "
               "Moving ends it."),
    ActionKind("reload", "Reload", "Reload", "r", "1 AP", "gear", "Reload",
               "Spend one Reload token to fill a gun back up."),
    ActionKind("search", "Search", "Search", "e", "1 AP", "token", "Search",
               "Roll Wits at a search token on or next to you. A success draws a card, a 6 is a jackpot from the "
               "location's deck, and every 1 makes noise. Once per turn."),
    ActionKind("pickup", "PickUp", "Pick Up", "p", "1 AP", "ground", "PickUp",
               "Take an item lying on or next to your cell. You need a free slot."),
    ActionKind("handoff", "HandOff", "Hand-Off", "v", "free", "ally", "HandOff",
               "Once a turn, give an ally in contact one item, or take one from them. Costs no AP."),
    ActionKind("exchange", "GearExchange", "Swap Gear", "y", "1 AP", "ally", "GearExchange",
               "Full Gear Exchange: share out everything you and an ally in contact carry, however you like."),
    ActionKind("door", "Door", "Door", "o", "1 AP*", "door", "Door",
               "Open or shut a door you touch, or pull down its barricade. *The Firefighter and the Mechanic "
               "get one such job free each turn."),
    ActionKind("barricade", "Door", "Barricade", "b", "1 AP*", "door", "Door",
               "Barricade a shut door you touch: only a Brute can break through it."),
    ActionKind("work", "WorkObjective", "Work Obj.", "k", "1 AP*", "none", "WorkObjective",
               "Work the objective marker you stand on or beside: one step of progress, no roll needed."),
    ActionKind("deliver", "Deliver", "Deliver", "l", "1 AP*", "none", "Deliver",
               "Hand over an objective item you carry while standing in the drop-off zone."),
    ActionKind("escape", "Escape", "Escape", "x", "1 AP", "none", "Escape",
               "Leave the map from the extraction zone with everything you carry. Not while engaged."),
    ActionKind("triage", "Triage", "Triage", "u", "1 AP", "ally", "Triage",
               "Patch up a Downed ally you touch: a Wits roll that needs a medical item or skill. A success "
               "stands them back up."),
    ActionKind("drag", "Drag", "Drag", "q", "1 AP", "cell", "Drag",
               "Pull a Downed ally half your Move into cover (laid in your last step). Not while engaged; "
               "no swipes."),
    ActionKind("end_activation", "EndActivation", "End Activation", "space", "", "none", "EndActivation",
               "This survivor is done for the round; unspent AP are lost. Then pick who acts next."),
    ActionKind("end_turn", "EndSurvivorPhase", "End Turn", "return", "", "none", "EndSurvivorPhase",
               "End the Survivor Phase. Anyone who has not acted loses their turn, and the Director plays."),
    ActionKind("activate", "Activate", "Activate", None, "", "none", "Activate",
               "Start a survivor's turn: click them on the board or in the team strip. A Downed survivor rolls "
               "their bleed-out save instead.", bar=False),
    ActionKind("withdraw", "Withdraw", "Step Back", None, "free", "cell", "Withdraw",
               "Straight after a melee attack you did not lose: step back 1\" out of your foe's reach.", bar=False),
    ActionKind("drop", "Drop", "Drop", None, "free", "gear", "Drop",
               "Put down an item you carry, to make room or to leave it for someone else.", bar=False),
)

BY_ID = {k.id: k for k in KINDS}
BAR = tuple(k for k in KINDS if k.bar)
SAVE_NAMES = tuple(dict.fromkeys(k.save for k in KINDS))


@functools.cache
def class_by_save() -> dict[str, type]:
    """Save name -> Action class."""
    return {k.save: k.cls for k in KINDS}


@functools.cache
def _kind_by_class() -> dict[type, ActionKind]:
    """Action class -> its first row (Door's is the door row)."""
    return {k.cls: k for k in reversed(KINDS)}


def kind_of(action) -> ActionKind:
    """The row of a concrete action (a Door is the barricade row when it barricades)."""
    kind = _kind_by_class()[type(action)]
    return BY_ID["barricade"] if kind.id == "door" and action.mode == "barricade" else kind


def save_name(action) -> str:
    return _kind_by_class()[type(action)].save
