"""The log as a story (game.world.story): places for people, one line per zombie activation, whose each line is."""
from __future__ import annotations

import re

from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
from game.world.story import Story, name_places, place
from tests.arena import arena, director_until, open_board


def test_places_are_named_by_landmarks_or_by_the_part_of_the_map():
    content = load_content()
    m = content.maps["pharmacy_run"]
    assert place(m, 24, 0) == "at Loading Bay"
    assert place(m, 24, 4) == "by Loading Bay"
    assert place(m, 14, 5) == "at the west stockroom"
    assert place(m, 2, 2) == "in the north-west" and place(m, 24, 24) == "in the middle"
    assert name_places(m, "the door at (24, 2) bursts") == "the door by Loading Bay bursts"


def test_a_zombie_activation_is_one_line_and_every_line_has_its_group():
    s = arena(open_board((1, "d..........z....")), ambient_heat=0)
    start = len(s.events)
    director_until(s, "zombie")
    entries = Story().feed(s, s.events[start:])
    walks = [e for e in entries if "Shambler" in e.text and "4\"" in e.text]
    assert len(walks) == 1 and walks[0].group == "horde"
    assert walks[0].text.startswith(f"Shambler #{s.zombies()[0]} sees {s.name(s.survivors()[0])}: 4\" to a spot")
    assert entries[0].tone == "header" and entries[0].text == "Round 1: the Director"


def test_no_grid_coordinates_reach_the_story_of_a_whole_game():
    content = load_content()
    s = play_game(content, "dead_air", 7, make_player("veteran", 7))
    entries = Story().feed(s, s.events)
    s.close()
    coordinates = [e.text for e in entries if re.search(r"\(\d+, \d+\)", e.text)]
    assert not coordinates, coordinates[:3]
    assert {e.group for e in entries} == {"team", "horde", "dice", "table"}
    rounds = [e for e in entries if e.tone == "header" and e.text.endswith(")") and "survivors" in e.text]
    assert len(rounds) >= 2 and all("Doom" in e.text for e in rounds)
