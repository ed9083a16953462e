"""The menu opens fast: `python main.py` loads neither the rules engine nor the simulator, the table tools or the
server, and the command line declares only the named command's group, each group exactly the commands it lists."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import COMMAND_GROUPS, build_parser

ROOT = Path(__file__).resolve().parents[1]


def commands(parser) -> set[str]:
    sub = next(a for a in parser._actions if a.dest == "command")
    return set(sub.choices)


def test_the_menu_opens_without_the_engine_or_the_commands(tmp_path):
    probe = ("import sys\nfrom game.cli import main\nmain([])\n"
             "print(' '.join(m for m in sys.modules if m.startswith('game.')))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BT_EXIT_AFTER_FIRST_FRAME="1",
               BT_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split("\n")[-2].split())
    assert "game.ui.menu" in loaded            # the probe saw the menu open
    for heavy in ("game.world.actions", "game.world.session", "game.ai.players", "game.sim.simulate_cli",
                  "game.sim.batch", "game.tools.table_cli", "game.campaign.cli", "game.web.serve"):
        assert heavy not in loaded, heavy


@pytest.mark.parametrize("names", [names for names, _ in COMMAND_GROUPS], ids=lambda n: n[0])
def test_each_group_declares_its_commands_and_only_those(names):
    for name in names:
        assert commands(build_parser([name])) == set(names)


def test_help_a_typo_and_no_arguments_declare_every_command():
    every = {name for names, _ in COMMAND_GROUPS for name in names}
    assert commands(build_parser()) == every
    for argv in (["--help"], ["--size", "1280x720", "simulat"], ["-x"]):
        assert commands(build_parser(argv)) == every
    assert commands(build_parser(["--screenshot", "m.png", "--size=1280x720"])) == set()
    assert commands(build_parser(["--screenshot=m.png", "play", "--scenario", "x"])) >= {"play", "demo"}
