"""The survivor AI's shortcuts (its threat list skips zombies far outside the survivors' box, its danger counts in
whole half inches, both read the zombies' places kept until a zombie moves) must answer as the plain measures do, at
every step of real games."""
from __future__ import annotations

from game.ai.goals import goal_cells, task_cells
from game.ai.players import make_player
from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.components import Zombie
from game.world.horde import path_cost, zombie_steps


def _plain_threats(s) -> list[tuple[int, int]]:
    out = []
    spots = [s.cell(sv) for sv in s.standing()]
    for z in s.zombies():
        if s.comp(z, Zombie).engaged is not None:
            out.append((z, 3))
            continue
        near = min((s.dist(s.cell(z), c) for c in spots), default=99.0)
        reach = s.zdef(z).move + 2
        if near <= reach:
            out.append((z, 2 if _plain_walk(s, z, reach) else 1))
        elif near <= reach + 6:
            out.append((z, 1))
    return out


def _plain_walk(s, z: int, inches: float) -> bool:
    """walks_into_contact without its shortcuts (the survivors out of reach left out, the search bounded by the
    walk's cost, the memo): the cheapest walk to any standing survivor's side, costed step by step."""
    factors, barred = zombie_steps(s, z)
    goals = {c for sv in s.standing() for c in s.board.contact_cells(s.cell(sv)) if factors[c] and c not in barred}
    if not goals or s.cell(z) in goals:
        return bool(goals)
    path = s.board.path_toward(s.cell(z), goals, factors, barred, max_nodes=s.board.size)
    return bool(path) and path_cost(s, z, path) <= inches * 2


def _plain_danger(s, who: int, cell: int) -> float:
    here, horizon = s.cell(who), s.move_of(who) * 3 + 1
    return float(sum(s.fight_of(z) for z in s.zombies()
                     if s.dist(here, s.cell(z)) <= horizon + s.zdef(z).move + 2
                     and s.dist(cell, s.cell(z)) <= s.zdef(z).move + 2))


def test_threats_and_danger_match_the_plain_measures_in_real_games():
    content = load_content()
    probe = SurvivorAI("veteran", 0, content)
    seen = {"threats": 0, "danger": 0, "in reach as the crow flies, not by its walk": 0}

    def compare(s):
        if s.phase != "survivor" or s.result or s.active is None:
            return
        probe._threat_key = -1          # worked out afresh (its memo by the occupancy count is not under test)
        threats = probe._threatening(s)
        assert threats == _plain_threats(s)
        seen["threats"] += bool(threats)
        spots = [s.cell(sv) for sv in s.standing()]
        seen["in reach as the crow flies, not by its walk"] += sum(
            urgency == 1 and min(s.dist(s.cell(z), c) for c in spots) <= s.zdef(z).move + 2 for z, urgency in threats)
        who = s.active
        probe._danger = probe._danger_map(s, who)
        board = s.board
        for cell in (s.cell(who), *board.contact_cells(s.cell(who))):
            want = _plain_danger(s, who, cell)
            assert probe._count_danger(s, cell) == want
            seen["danger"] += want > 0

    for scenario in ("hold_the_line", "pharmacy_run"):
        for seed in range(2):
            play_game(content, scenario, seed, make_player("veteran", seed), after_step=compare).close()
    assert min(seen.values()) > 20, seen


def test_the_danger_map_is_kept_only_while_the_same_zombies_stand():
    """After every decision the danger map in use is the one worked out for this survivor, this round and the
    zombies on the board now (it skips comparing the zombies while the zombie memo it last saw is still in force)."""
    content = load_content()
    seen = {"decisions": 0, "zombies fell mid-activation": 0}

    class Checked(SurvivorAI):
        def _act(self, s, who):
            before = self._danger_key
            found = super()._act(s, who)
            assert self._danger_key == (who, s.round, tuple(s.zombies()))
            seen["decisions"] += 1
            seen["zombies fell mid-activation"] += before[:2] == (who, s.round) and before != self._danger_key
            return found

    for scenario in ("hold_the_line", "pharmacy_run"):
        for seed in range(2):
            play_game(content, scenario, seed, Checked("veteran", seed, content)).close()
    assert min(seen.values()) > 20, seen


def test_the_checks_the_ai_leaves_out_could_never_have_refused():
    """The movement rule's Moves are taken without asking Move.check (they are legal by construction), and working
    the objective is asked only next to its marker (a test of WorkObjective.check's own): at every decision of real
    games, every such Move must be legal and working the objective away from its marker must be refused."""
    from game.world import actions as A
    from game.world.legal import is_legal
    seen = {"moves": 0, "leads": 0, "work refused away": 0}

    class Checked(SurvivorAI):
        def _move(self, s, who):
            found = super()._move(s, who)
            if found is not None and type(found[0]) is A.Move:
                assert is_legal(s, found[0]), found
                seen["moves"] += 1
            return found

        def _lead(self, s, who):
            found = super()._lead(s, who)
            seen["leads"] += found is not None
            return found

        def _objective(self, s, who):
            task = s.task
            if task is not None and task.kind == "interact" and not any(
                    A.token_in_reach(s, who, c) for c in s.marker_cells("objective", task.marker)):
                assert not is_legal(s, A.WorkObjective(who))
                seen["work refused away"] += 1
            return super()._objective(s, who)

    content = load_content()
    for scenario in ("lost_and_found", "dead_air", "pharmacy_run"):
        for level in ("novice", "veteran", "expert"):
            play_game(content, scenario, 1, Checked(level, 1, content)).close()
    assert min(seen.values()) > 20, seen


def _plain_beyond(ai: SurvivorAI, s, who: int, door: int, here: int) -> dict[int, int]:
    """_beyond on whole distance fields, worked out afresh (not settled only near the door, not kept)."""
    def whole(*sources):
        field = s.board.new_field(tuple(sorted(set(sources))), False, False)
        field.settle()
        return field.dist
    for goal in (goal_cells(s, who), task_cells(s)):
        if goal and whole(*goal)[door] <= whole(*goal)[here]:
            return {}
    to_here, to_door, horizon = whole(here), whole(door), 2 * ai.level.shuts_doors
    for ally in s.standing():
        a = s.cell(ally)
        if ally != who and to_door[a] + to_here[door] <= to_here[a] + 1 and to_door[a] <= horizon:
            return {}
    return {z: to_door[s.cell(z)] for z in s.zombies() if s.comp(z, Zombie).engaged is None
            and to_door[s.cell(z)] <= horizon and to_door[s.cell(z)] + to_here[door] <= to_here[s.cell(z)] + 1}


def test_zombies_beyond_a_door_match_the_whole_fields_in_real_games():
    """The expert's check for zombies coming through a door behind it settles its distance fields only near the
    door: it must name the same zombies as the whole fields do, for every door near every survivor."""
    content = load_content()
    probe = SurvivorAI("expert", 0, content)
    seen = {"asked": 0, "zombies beyond": 0}

    def compare(s):
        if s.phase != "survivor" or s.result:
            return
        board = s.board
        for who in s.standing():
            here = s.cell(who)
            for door in board.door_open:
                if s.dist(here, door) <= 3 and door != here:
                    board._static.fields.clear()        # so that the fields asked for are settled in part
                    assert probe._beyond(s, who, door, here) == _plain_beyond(probe, s, who, door, here)
                    seen["asked"] += 1
                    seen["zombies beyond"] += bool(_plain_beyond(probe, s, who, door, here))

    for scenario in ("hold_the_line", "dead_air"):
        for seed in range(2):
            play_game(content, scenario, seed, make_player("expert", seed), after_step=compare).close()
    assert min(seen.values()) > 20, seen
