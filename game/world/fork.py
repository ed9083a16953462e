"""A fork of a game: a Session that plays on from this moment by the same rules, without touching the game itself.

The survivor AI weighs what an action leads to by playing it on forks (game.ai.lookahead): the real rules, the real
Director, every scenario rule, with dice of its own. A fork copies the game's state (its esper world entity by entity,
with the same ids, the components copied; the table's tracks; decks, ground, noise) and shares what never changes in
a game (the content, the map's static data). It starts with empty memos (they are answers, not state) and gets dice
of its own from `seed`: a fork made from the game's own RNG would read the dice the game has yet to roll.

A game is forked between actions, never inside the Director Phase (its steps are a generator that cannot be copied).
"""
from __future__ import annotations

import copy
import pickle
import random
from functools import partial

import esper

from game.rules.dice import Dice
from game.world.horror import install
from game.world.memo import DOORS, GameMemos

# The Session's attributes a fork shares with the game (read only in play) or sets itself.
_SHARED = ("content", "rules", "scenario", "map", "_markers", "_slows")
_OWN = ("board", "events", "listeners", "memos", "occupant", "rng", "dice", "world", "_director", "_last_step",
        "horror", "policy")


def fork(s, seed: int, *, director: bool = True):
    """A new Session in the state `s` is in now, with its own RNG seeded by `seed`. Close it when done
    (Session.close): it holds an esper world and, once a query needs one, a pymunk space. `director=False`: the fork
    gets no copy of the Director's policy (a tenth of the work), for a fork that stops before the Director Phase;
    one that reaches it anyway stops there with an error rather than play another Director."""
    if s.in_director:
        raise RuntimeError("a game can be forked between actions only, not during the Director Phase")
    s.use()
    made = s.entities_made
    components = {eid: esper.components_for_entity(eid) for eid in range(1, made + 1) if esper.entity_exists(eid)}
    state = {name: value for name, value in vars(s).items() if name not in _OWN and name not in _SHARED}
    # The cards in the draw piles are shared: drawing one takes a copy (Session.draw), so they never change in place.
    # They are a third of the copying in a game's first rounds.
    piled = {uid for deck in s.decks.values() for uid in deck["draw"]}
    state["gear"] = {uid: card for uid, card in s.gear.items() if uid not in piled}
    # A copy in memory, of objects this process made: the bytes never leave it, so nothing from outside is unpickled.
    # pickle copies the plain data about three times faster than copy.deepcopy; the Director's policy holds its
    # level's read-only tables, which only deepcopy shares (game.content.defs.kept_whole)
    state, components = pickle.loads(pickle.dumps((state, components), pickle.HIGHEST_PROTOCOL))
    for name in _SHARED:
        state[name] = getattr(s, name)
    gear = dict(s.gear)
    gear.update(state["gear"])          # (the game's order of uids kept)
    state["gear"] = gear

    new = type(s).__new__(type(s))      # (a subclass with rules of its own stays one)
    vars(new).update(state)
    # a policy that holds its game holds the fork
    new.policy = copy.deepcopy(s.policy, {id(s): new}) if director else _NO_DIRECTOR
    new.rng = random.Random(seed)
    new.dice = Dice(new.rng)
    new.events = list(s.events)          # events are read only once emitted: the list is the fork's, not each one
    new.listeners = []
    new.horror = None
    if s.horror is not None:
        install(new, s.horror.copy())
    new._director = new._last_step = None
    new.memos = GameMemos(s.memos.targets, counts=s.memos.count)
    new.occupant = type(s.occupant)(new.memos)
    dict.update(new.occupant, s.occupant)
    new.occupant.survivor_ids = set(s.occupant.survivor_ids)
    new.occupant.version = s.occupant.version
    new.board = s.board.fork()
    new.board.on_door_change = partial(new.memos.changed, DOORS)

    # The esper world, entity by entity in id order so that every entity keeps its id (esper numbers them 1, 2...);
    # an entity the game has deleted is made and deleted again to use up its number.
    new.world = type(s).new_world_name()
    esper.switch_world(new.world)
    for eid in range(1, made + 1):
        made_id = esper.create_entity(*components.get(eid, ()))
        assert made_id == eid, "esper numbers a new world's entities from 1"
        if eid not in components:
            esper.delete_entity(eid, immediate=True)
    return new


class _NoDirector:
    """The policy of a fork made without the Director's: reaching the Director Phase is a mistake of its maker."""

    def choose(self, s, left):
        raise RuntimeError("this fork was made without the Director (fork(director=False)) and reached its phase")


_NO_DIRECTOR = _NoDirector()
