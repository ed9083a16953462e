"""What a click on the board means: one class per way of choosing a target (Move, and each action that takes a
target on the board). The board screen holds one of them as its `mode`; each says which cells are targets, what a
click on one submits, what a click elsewhere would have meant (for the engine to say why not), how its targets are
marked, and the line of help it shows.

    scene.set_mode("melee")          # the mode of an action bar button (its registry id)
    scene.mode.click(scene, who, cell)
"""
from __future__ import annotations

from game.ui.board.board_modals import ExchangeDialog, Picker
from game.ui.widgets import theme
from game.world import actions as A
from game.world.components import Inventory


class Targeting:
    id = "move"
    hint = "Click a shaded cell to move (a small shield: next to cover). Right-drag or WASD to pan, wheel to zoom."
    shade: tuple | None = None          # colour the target cells are shaded in (None: not shaded)
    shade_alpha = 70
    rings_zombies = False               # its targets are zombies, ringed on the board
    previews_attack = False             # hovering a zombie shows the odds of attacking it

    def takes_ally(self) -> bool:
        """Is a click on another survivor this mode's target (not a choice of who acts)?"""
        return False

    def targets(self, scene, who: int, cells: dict, actions) -> dict:
        """cell -> the legal actions a click there submits, from the engine's answer for this action."""
        return cells

    def miss(self, scene, who: int, cell: int):
        """The action a click on a cell that is not a target would mean, for the engine to say why not (None: the
        click means nothing in this mode)."""
        return None

    def hit(self, scene, who: int, cell: int, acts: tuple) -> None:
        """A click on a target: its one action, or a choice between several."""
        if len(acts) > 1:        # several items lie there
            scene.app.push(Picker("Pick up which?", [(scene.content.gear_name(scene.ground_gear(a.uid)),
                                                      lambda a=a: scene.submit(a)) for a in acts], scene.mouse))
        else:
            scene.submit(acts[0])

    def click(self, scene, who: int, cell: int) -> None:
        acts = scene.mode_targets().get(cell)
        if not acts:
            action = self.miss(scene, who, cell)
            if action is None:
                scene.hud.toast(self.hint.split(".")[0])
            else:
                scene.submit(action)
            return
        self.hit(scene, who, cell, acts)

    def state(self) -> tuple:
        """What besides the board its targets depend on (a cache key)."""
        return ()


class Move(Targeting):
    previews_attack = True


class Melee(Targeting):
    id = "melee"
    hint = "Melee: click a zombie in base contact (ringed). Esc or right-click cancels."
    rings_zombies = previews_attack = True

    def miss(self, scene, who, cell):
        zombie = _zombie_at(scene, cell)
        return A.Melee(who, zombie) if zombie is not None else None


class Shoot(Targeting):
    id = "shoot"
    hint = "Shoot: click a ringed zombie. T again switches gun. Esc cancels."
    rings_zombies = previews_attack = True

    def targets(self, scene, who, cells, actions):
        gun = scene.weapon_for(who, "firearm")
        uid = gun.uid if gun is not None else None
        return {c: keep for c, acts in cells.items() if (keep := tuple(a for a in acts if a.weapon == uid))}

    def miss(self, scene, who, cell):
        zombie, gun = _zombie_at(scene, cell), scene.weapon_for(who, "firearm")
        return A.Shoot(who, zombie, gun.uid) if zombie is not None and gun is not None else None

    def state(self):
        return ("gun",)


class Throw(Targeting):
    id = "throw"
    hint = "Throw: click a cell in the shaded area. Esc cancels."
    shade_alpha = 26

    @property
    def shade(self) -> tuple:
        return theme.HEAT                # read when drawn: the palette may change

    def targets(self, scene, who, cells, actions):
        bomb = scene.weapon_for(who, "thrown")
        uid = bomb.uid if bomb is not None else None
        return {c: keep for c, acts in cells.items() if (keep := tuple(a for a in acts if a.weapon == uid))}

    def miss(self, scene, who, cell):
        bomb = scene.weapon_for(who, "thrown")
        return A.Throw(who, cell, bomb.uid) if bomb is not None else None


class Disengage(Targeting):
    id = "disengage"
    hint = "Disengage: click a highlighted cell out of their reach. Esc cancels."
    shade = (226, 170, 84)

    def miss(self, scene, who, cell):
        return A.Disengage(who, cell)


class Drag(Targeting):
    """Two clicks: the Downed ally (skipped when there is only one), then where to drag them."""
    id = "drag"
    hint = "Drag: click the Downed ally, then where to go (they end one step behind you, in cover). Esc cancels."
    shade = (120, 200, 140)

    def __init__(self):
        self.ally: int | None = None

    def takes_ally(self) -> bool:
        return self.ally is None

    def targets(self, scene, who, cells, actions):
        allies = sorted({a.ally for a in actions})
        if self.ally is None and len(allies) == 1:
            self.ally = allies[0]
        if self.ally is None:
            return {scene.session.cell(a): () for a in allies}
        return {c: keep for c, acts in cells.items() if (keep := tuple(a for a in acts if a.ally == self.ally))}

    def click(self, scene, who, cell):
        targets = scene.mode_targets()          # (with one Downed ally in reach, it is chosen already)
        if self.ally is None:
            if cell in targets:
                self.ally = scene.session.occupant.get(cell)
            else:
                scene.hud.toast("Click the Downed ally you want to drag")
            return
        super().click(scene, who, cell)

    def miss(self, scene, who, cell):
        return A.Drag(who, self.ally, cell) if self.ally is not None else None

    def state(self):
        return (self.ally,)


class _OnAlly(Targeting):
    shade = (120, 200, 140)

    def takes_ally(self) -> bool:
        return True


class Triage(_OnAlly):
    id = "triage"
    hint = "Triage: click the Downed ally. Esc cancels."

    def miss(self, scene, who, cell):
        ally = _ally_at(scene, who, cell)
        return A.Triage(who, ally) if ally is not None else None


class HandOff(_OnAlly):
    id = "handoff"
    hint = "Hand-Off: click an ally in contact. Esc cancels."

    def miss(self, scene, who, cell):
        ally = _ally_at(scene, who, cell)
        gear = [g.uid for eid in (who, ally) if eid is not None for g in scene.session.comp(eid, Inventory).gear]
        return A.HandOff(who, ally, gear[0]) if ally is not None and gear else None

    def hit(self, scene, who, cell, acts):
        scene.app.push(ExchangeDialog(scene, who, acts[0].ally, full=self.id == "exchange"))
        scene.set_mode("move")


class Exchange(HandOff):
    id = "exchange"
    hint = "Swap Gear: click an ally in contact. Esc cancels."

    def miss(self, scene, who, cell):
        ally = _ally_at(scene, who, cell)
        mine = tuple(g.uid for g in scene.session.comp(who, Inventory).gear)
        return A.GearExchange(who, ally, mine) if ally is not None else None


class Door(Targeting):
    id = "door"
    hint = "Door: click a door you touch. Esc cancels."
    shade = (120, 200, 140)

    def miss(self, scene, who, cell):
        return A.Door(who, cell)


class Barricade(Targeting):
    id = "barricade"
    hint = "Barricade: click a shut door you touch. Esc cancels."
    shade = (120, 200, 140)

    def miss(self, scene, who, cell):
        return A.Door(who, cell, "barricade")


class Search(Targeting):
    id = "search"
    hint = "Search: click a search token on or next to you. Esc cancels."
    shade = (120, 200, 140)

    def miss(self, scene, who, cell):
        return A.Search(who, cell)


class PickUp(Targeting):
    id = "pickup"
    hint = "Pick Up: click an item on or next to you. Esc cancels."
    shade = (120, 200, 140)

    def miss(self, scene, who, cell):
        ground = scene.session.ground.get(cell)
        return A.PickUp(who, ground[0].uid) if ground else None


MODES: dict[str, type[Targeting]] = {m.id: m for m in (Move, Melee, Shoot, Throw, Disengage, Drag, Triage, HandOff,
                                                        Exchange, Door, Barricade, Search, PickUp)}
# the modes a single target is chosen for at once (the button goes straight to it)
ONE_CLICK = {"search", "pickup", "door", "barricade", "triage", "handoff", "exchange"}


def _zombie_at(scene, cell: int) -> int | None:
    model = scene.session.occupant.get(cell)
    return model if model is not None and scene.session.is_zombie(model) else None


def _ally_at(scene, who: int, cell: int) -> int | None:
    model = scene.session.occupant.get(cell)
    return model if model is not None and scene.session.is_survivor(model) and model != who else None
