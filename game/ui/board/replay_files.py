"""Opening a replay file: the content it plays on and its record, or one line saying why not.

    opened = open_replay_file(path, content)     # SaveError: "<path>: <field>: <what is wrong>"
    player = opened.player()                     # a ReplayPlayer at the start of the game

Every kind of finished game opens the same way: a Quick-Play board is rolled again from its seed, and a campaign
mission gets the band it had from the campaign kept in the file (game.campaign.saves.campaign_from). Then the content
is checked against the fingerprint the game was recorded on, and the record against the content.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.ai.director_policy import policy_for
from game.campaign.mission import mission_game
from game.campaign.saves import campaign_from
from game.content.defs import Content
from game.tools.quickplay import content_for
from game.world.replay_player import ReplayError, ReplayPlayer
from game.world.replays import check_content, read_replay, replay_record
from game.world.saves import GameRecord, SaveError, _rng_to_json


@dataclass
class OpenedReplay:
    path: Path
    data: dict
    content: Content            # the content the game was played on
    record: GameRecord

    def player(self) -> ReplayPlayer:
        """The replay at its start; SaveError (one line) if the record does not play out, or not to the end it was
        recorded with (the engine's rules changed since: the content's fingerprint does not cover the code)."""
        try:
            player = ReplayPlayer(self.content, self.record, self.data.get("notes", ()), policy_for)
        except ReplayError as exc:
            raise SaveError(f"{self.path}: {exc}") from None
        if _rng_to_json(player.final_rng) != self.data["rng_state"]:      # the engine plays it otherwise now
            player.close()
            raise SaveError(f"{self.path}: rng_state: the game no longer plays out as it was recorded (the rules "
                            f"have changed since, or the file was edited): it cannot be replayed")
        return player


def open_replay_file(path: Path, content: Content) -> OpenedReplay:
    path = Path(path)
    data = read_replay(path)
    if "campaign" in data:
        camp, _ = campaign_from(path, data["campaign"], content)
        if camp.mission is None:
            raise SaveError(f"{path}: campaign.mission: the campaign kept with a mission's replay has no mission")
        played_on, record = mission_game(camp, content)
        check_content(path, data, played_on)
        return OpenedReplay(path, data, played_on, record)
    played_on = content_for(content, data["scenario"])
    return OpenedReplay(path, data, played_on, replay_record(path, data, played_on))
