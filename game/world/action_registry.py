"""Every kind of survivor action in one table: its id, Action class, label, hotkey, AP cost, what it targets, the
name save files give it, and the short text the tooltips show (our own words; its first sentence is the summary
the help lists).

The action bar is the rows with `bar=True`, in table order. Hotkeys are plain key names ('m', 'space'); the screen
turns them into key codes. Save names are written into save files: they stay fixed even if a class is renamed, so
old saves keep loading. Door and Barricade are two rows over one class (Door, told apart by its `mode`).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.world import actions as A

TARGETS = ("none", "cell", "zombie", "ally", "door", "token", "ground", "gear")


@dataclass(frozen=True)
class ActionKind:
    id: str
    cls: type
    label: str
    hotkey: str | None      # a key name; None: chosen some other way (a click on a survivor, a cell, an item)
    cost: str               # as a player reads it: "1 AP", "free", "1 AP*" (free for some skills)
    target: str             # one of TARGETS
    save: str               # the name in save files
    text: str
    bar: bool = True        # shown on the action bar

    @property
    def summary(self) -> str:
        """The first sentence of the text: the line the help lists."""
        return self.text.split(". ")[0].rstrip(".") + "."


KINDS: tuple[ActionKind, ...] = (
    ActionKind("move", A.Move, "Move", "m", "1 AP", "cell", "Move",
               "Walk up to your Move in inches. Click a shaded cell: the bright shade is one Move, the paler ones "
               "two or three Moves (1 AP each). Coming into contact with a zombie stops you there."),
    ActionKind("disengage", A.Disengage, "Disengage", "c", "1 AP", "cell", "Disengage",
               "Break away from the zombies engaging you. Each gets a parting swipe first (one die per slot, 5+ is "
               "a wound); then you move up to half your Move to a cell out of their reach."),
    ActionKind("melee", A.Melee, "Melee", "f", "1 AP", "zombie", "Melee",
               "Fight a zombie in base contact. Both sides roll and count 4+; whoever scores more deals the "
               "difference in wounds. Win or tie and you may step back 1\" for free."),
    ActionKind("shoot", A.Shoot, "Shoot", "t", "1 AP", "zombie", "Shoot",
               "Fire a loaded gun at a zombie you can see within range. Every die that meets the target number "
               "(4+ in the open, 5+ in light cover, 6+ in heavy) is a wound. Most guns are loud. Press again to "
               "switch guns."),
    ActionKind("throw", A.Throw, "Throw", "g", "1 AP", "cell", "Throw",
               "Lob a grenade, pipe bomb or molotov at a cell you can see. Everyone in the blast, friend or foe, "
               "is rolled against. Not while engaged."),
    ActionKind("aim", A.Aim, "Aim", "i", "1 AP", "none", "Aim",
               "Steady your next shot this turn: one more die (more with a scope) and light cover stops helping "
               "the target."),
    ActionKind("hunker", A.HunkerDown, "Hunker", "h", "1 AP", "none", "HunkerDown",
               "Hunker Down against cover you touch: blasts need one more to hit you until your next turn. "
               "Moving ends it."),
    ActionKind("reload", A.Reload, "Reload", "r", "1 AP", "gear", "Reload",
               "Spend one Reload token to fill a gun back up."),
    ActionKind("search", A.Search, "Search", "e", "1 AP", "token", "Search",
               "Roll Wits at a search token on or next to you. A success draws a card, a 6 is a jackpot from the "
               "location's deck, and every 1 makes noise. Once per turn."),
    ActionKind("pickup", A.PickUp, "Pick Up", "p", "1 AP", "ground", "PickUp",
               "Take an item lying on or next to your cell. You need a free slot."),
    ActionKind("handoff", A.HandOff, "Hand-Off", "v", "free", "ally", "HandOff",
               "Once a turn, give an ally in contact one item, or take one from them. Costs no AP."),
    ActionKind("exchange", A.GearExchange, "Swap Gear", "y", "1 AP", "ally", "GearExchange",
               "Full Gear Exchange: share out everything you and an ally in contact carry, however you like."),
    ActionKind("door", A.Door, "Door", "o", "1 AP*", "door", "Door",
               "Open or shut a door you touch, or pull down its barricade. *The Firefighter and the Mechanic "
               "get one such job free each turn."),
    ActionKind("barricade", A.Door, "Barricade", "b", "1 AP*", "door", "Door",
               "Barricade a shut door you touch: only a Brute can break through it."),
    ActionKind("work", A.WorkObjective, "Work Obj.", "k", "1 AP*", "none", "WorkObjective",
               "Work the objective marker you stand on or beside: one step of progress, no roll needed."),
    ActionKind("deliver", A.Deliver, "Deliver", "l", "1 AP*", "none", "Deliver",
               "Hand over an objective item you carry while standing in the drop-off zone."),
    ActionKind("escape", A.Escape, "Escape", "x", "1 AP", "none", "Escape",
               "Leave the map from the extraction zone with everything you carry. Not while engaged."),
    ActionKind("triage", A.Triage, "Triage", "u", "1 AP", "ally", "Triage",
               "Patch up a Downed ally you touch: a Wits roll that needs a medical item or skill. A success "
               "stands them back up."),
    ActionKind("drag", A.Drag, "Drag", "q", "1 AP", "cell", "Drag",
               "Pull a Downed ally along behind you, up to half your Move. Zombies feeding on them swipe at you "
               "first."),
    ActionKind("end_activation", A.EndActivation, "End Activation", "space", "", "none", "EndActivation",
               "This survivor is done for the round; unspent AP are lost. Then pick who acts next."),
    ActionKind("end_turn", A.EndSurvivorPhase, "End Turn", "return", "", "none", "EndSurvivorPhase",
               "End the Survivor Phase. Anyone who has not acted loses their turn, and the Director plays."),
    ActionKind("activate", A.Activate, "Activate", None, "", "none", "Activate",
               "Start a survivor's turn: click them on the board or in the team strip. A Downed survivor rolls "
               "their bleed-out save instead.", bar=False),
    ActionKind("withdraw", A.Withdraw, "Step Back", None, "free", "cell", "Withdraw",
               "Straight after a melee attack you did not lose: step back 1\" out of your foe's reach.", bar=False),
    ActionKind("drop", A.Drop, "Drop", None, "free", "gear", "Drop",
               "Put down an item you carry, to make room or to leave it for someone else.", bar=False),
)

BY_ID = {k.id: k for k in KINDS}
BAR = tuple(k for k in KINDS if k.bar)
CLASS_BY_SAVE = {k.save: k.cls for k in KINDS}
SAVE_BY_CLASS = {k.cls: k.save for k in KINDS}


def kind_of(action) -> ActionKind:
    """The row of a concrete action (a Door is the barricade row when it barricades)."""
    if isinstance(action, A.Door) and action.mode == "barricade":
        return BY_ID["barricade"]
    return next(k for k in KINDS if k.cls is type(action))


def save_name(action) -> str:
    return SAVE_BY_CLASS[type(action)]
