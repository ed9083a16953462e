"""A fork of a game (game.world.fork) is the game: played on with the same dice it gives the same log, and the game
it came from never feels it."""
import pytest

from game.ai.director_policy import DirectorAI
from game.ai.survivor_ai import SurvivorAI
from game.content.loader import load_content
from game.world.actions import EndSurvivorPhase
from game.world.session import Session

CONTENT = load_content()


def play(s: Session, ai, actions: int | None = None, each=None) -> list[str]:
    """Play on to the end (or for this many steps); `each(s)` after every survivor action."""
    done = 0
    while s.result is None and (actions is None or done < actions):
        if s.in_director:
            s.step_director()
        else:
            s.submit(ai.choose(s) or EndSurvivorPhase())
            if each is not None:
                each(s)
        done += 1
    return [e.line() for e in s.events]


def mid_game(scenario: str, seed: int, steps: int) -> Session:
    s = Session(CONTENT, scenario, seed=seed, policy=DirectorAI())
    play(s, SurvivorAI("veteran", seed, CONTENT), steps)
    while s.in_director:
        s.step_director()
    return s


@pytest.mark.parametrize("scenario", sorted(CONTENT.scenarios))
def test_a_fork_played_on_with_the_same_dice_gives_the_games_own_log(scenario):
    for seed, steps in ((1, 25), (2, 60)):
        s = mid_game(scenario, seed, steps)
        if s.result is not None:
            continue
        fork = s.fork(77)
        s.rng.seed(77)           # the game's own dice from here on are the fork's
        assert play(fork, SurvivorAI("expert", 5, CONTENT)) == play(s, SurvivorAI("expert", 5, CONTENT))
        assert fork.result == s.result
        fork.close()
        s.close()


def test_forks_played_out_along_the_way_leave_the_game_as_it_would_have_been():
    plain = Session(CONTENT, "lost_and_found", seed=4, policy=DirectorAI())
    expected = play(plain, SurvivorAI("veteran", 4, CONTENT))
    plain.close()

    def fork_and_play(s):
        if not s.in_director and len(s.events) % 7 == 0:
            fork = s.fork(len(s.events))
            play(fork, SurvivorAI("novice", 1, CONTENT), 40)
            fork.close()
    s = Session(CONTENT, "lost_and_found", seed=4, policy=DirectorAI())
    assert play(s, SurvivorAI("veteran", 4, CONTENT), each=fork_and_play) == expected
    s.close()


def test_a_fork_rolls_its_own_dice_not_the_games_dice_to_come():
    s = mid_game("pharmacy_run", 3, 30)
    coming = s.rng.getstate()
    one, other, again = s.fork(1), s.fork(2), s.fork(1)
    rolls = [play(f, SurvivorAI("expert", 1, CONTENT)) for f in (one, other, again)]
    assert rolls[0] == rolls[2] and rolls[0] != rolls[1]
    assert s.rng.getstate() == coming
    for f in (one, other, again):
        f.close()
    s.close()


def test_a_game_is_not_forked_in_the_middle_of_its_director_phase():
    s = mid_game("pharmacy_run", 3, 30)
    s.submit(EndSurvivorPhase())
    s.step_director()
    assert s.in_director
    with pytest.raises(RuntimeError, match="between actions"):
        s.fork(1)
    s.close()


def test_a_human_directors_seat_in_a_fork_holds_the_fork_and_leaves_the_games_seat_alone():
    from game.world.director_seat import DirectorSeat
    seat = DirectorSeat()
    s = Session(CONTENT, "lost_and_found", seed=10, policy=seat)
    seat._session = s                   # as after its first purchase in this game
    fork = s.fork(3)
    assert fork.policy is not seat and fork.policy._session is fork and seat._session is s
    fork.close()
    s.close()


def test_a_fork_made_without_the_director_plays_the_survivor_phase_and_stops_at_the_director_phase():
    s = mid_game("pharmacy_run", 3, 30)
    fork = s.fork(5, director=False)
    play(fork, SurvivorAI("veteran", 5, CONTENT), 3)
    assert not fork.in_director
    fork.submit(EndSurvivorPhase())
    with pytest.raises(RuntimeError, match="without the Director"):
        while fork.result is None:
            fork.step_director()
    assert s.policy is not None and not s.in_director
    fork.close()
    s.close()
