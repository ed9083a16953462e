"""Speed figures, one per line as `name: value unit` (or one JSON object with --json).

    python benchmarks/run.py [--json] [--games N] [--repeats R] [--start-only] [--batch N] [--instructions N]

Each game is timed once; a figure is the median over R repeated runs of its panel, and `NAME_spread` is the range of
those runs' medians (max - min): on a shared machine the spread says how far to trust the median. Instructions per
game (`--instructions N`: `perf stat` where the machine counts instructions, else callgrind) is the figure that
repeats on a noisy machine.

start_to_menu is measured apart from the rest: a fresh `python main.py` process (SDL dummy driver) that exits after
drawing its first frame, from just before the process is started to that frame (median of a few runs).

Benchmarks are not tests: they measure and print, they never fail on a number.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.random_bot import RandomSurvivors  # noqa: E402
from game.content.loader import load_content  # noqa: E402
from game.sim.runner import play_game  # noqa: E402
from game.world import actions as A  # noqa: E402
from game.world.session import Session  # noqa: E402


def _per_call(fn, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - start) / n


def bench_sight_and_cover(content) -> float:
    """A line-of-sight-with-cover query between two street cells, uncached (pymunk segment queries)."""
    s = Session(content, "last_train_out", seed=1)
    board = s.board
    cells = [i for i in range(board.size) if board.walkable(i)]
    pairs = [(cells[(i * 7919) % len(cells)], cells[(i * 104729 + 17) % len(cells)]) for i in range(2000)]

    def query(i: int) -> None:
        a, b = pairs[i % len(pairs)]
        board._sight.clear()
        board._cover.clear()
        if board.sees(a, b):
            board.cover(a, b)
    result = _per_call(query, 4000)
    s.close()
    return result


def bench_move_range(content) -> float:
    """Reachable cells for a 6" Move (the Courier) from the deployment zone: the search itself, uncached (a game
    mostly answers from its caches: see actions.reach_full)."""
    s = Session(content, "last_train_out", seed=1, team=["courier", "soldier", "paramedic", "hunter"])
    who = s.survivors()[0]
    blocked, stops = A._zombie_cells(s)

    def reach(i: int) -> None:
        s.board.reach(s.cell(who), A.move_budget(s, who), blocked, stops)
    result = _per_call(reach, 2000)
    s.close()
    return result


def bench_random_games(content, games: int) -> dict[str, float]:
    """Random legal play on Dead Air (its Doom track is long enough): the first 12 rounds, and per round."""
    full, per_round, rounds = [], [], []
    play_game(content, "dead_air", 0, RandomSurvivors(0), rounds=12).close()   # warm the caches
    for seed in range(games):
        start = time.perf_counter()
        s = play_game(content, "dead_air", seed, RandomSurvivors(seed), rounds=12)
        took = time.perf_counter() - start
        played = min(s.round, 12)
        rounds.append(played)
        per_round.append(took / played)
        if s.round > 12:
            full.append(took)
        s.close()
    return {
        "random_game_12_rounds": statistics.median(full) if full else float("nan"),
        "random_game_round": statistics.median(per_round),
        "random_game_mean_rounds": statistics.mean(rounds),
    }


def bench_ai_games(content, games: int, repeats: int) -> dict[str, tuple[float, float]]:
    """(median, spread) of an AI-vs-AI game (veteran survivors against the Director) per scenario, one core, in
    seconds: each game of the panel timed once, the panel played `repeats` times, the median of each run's median
    game and the range of those medians. The per-map caches are warmed first, as nearly every game of a batch finds
    them."""
    from game.ai.players import make_player
    out = {}
    for scenario in content.scenarios:
        for seed in range(10_000, 10_000 + max(5, games // 4)):      # warm the per-map caches
            play_game(content, scenario, seed, make_player("veteran", seed)).close()
        medians = []
        for _ in range(repeats):
            times = []
            for seed in range(games):
                start = time.perf_counter()
                play_game(content, scenario, seed, make_player("veteran", seed)).close()
                times.append(time.perf_counter() - start)
            medians.append(statistics.median(times))
        out[scenario] = statistics.median(medians), max(medians) - min(medians)
    return out


GAMES_SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from game.ai.players import make_player
from game.content.loader import load_content
from game.sim.runner import play_game
content = load_content()
for seed in range(10_000, 10_005):      # the per-map caches warm, as in a batch
    play_game(content, {scenario!r}, seed, make_player({level!r}, seed)).close()
for seed in range({games}):
    play_game(content, {scenario!r}, seed, make_player({level!r}, seed)).close()
"""


def instruction_counter() -> str | None:
    """'perf' where `perf stat` counts this machine's instructions, else 'callgrind' where valgrind is, else None."""
    import shutil
    import subprocess
    if shutil.which("perf"):
        probe = subprocess.run(["perf", "stat", "-x,", "-e", "instructions", "true"], capture_output=True, text=True)
        if probe.returncode == 0 and probe.stderr.split(",")[0].strip().isdigit():
            return "perf"
    return "callgrind" if shutil.which("valgrind") else None


def _instructions(counter: str, scenario: str, games: int, level: str) -> int:
    """Instructions of a process that loads the content, warms the map and plays `games` games at this level."""
    import os
    import subprocess
    import tempfile
    script = GAMES_SCRIPT.format(root=str(Path(__file__).resolve().parents[1]), scenario=scenario, games=games,
                                 level=level)
    env = dict(os.environ, PYTHONHASHSEED="0")
    if counter == "perf":
        done = subprocess.run(["perf", "stat", "-x,", "-e", "instructions", sys.executable, "-c", script],
                              capture_output=True, text=True, env=env, check=True)
        return int(done.stderr.strip().splitlines()[-1].split(",")[0])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", script],
                       capture_output=True, env=env, check=True)
        summary = [line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:"))]
        return int(summary[-1].split()[1])


def bench_instructions(content, games: int, level: str) -> tuple[str | None, dict[str, float]]:
    """Instructions per game at this survivor AI level, per scenario: a process playing `games` games less one
    playing none, over `games` (start-up, content load and warm-up cancel out)."""
    counter = instruction_counter()
    if counter is None:
        return None, {}
    return counter, {scenario: (_instructions(counter, scenario, games, level)
                                - _instructions(counter, scenario, 0, level)) / games
                     for scenario in content.scenarios}


def bench_expert_decisions(content, games: int = 3) -> tuple[float, float]:
    """(median, 95th percentile) in seconds of one expert decision (what the screen waits for between two AI
    actions), over every decision of `games` games a scenario, foresight's forks included."""
    from game.ai.survivor_ai import SurvivorAI
    times: list[float] = []

    class Timed(SurvivorAI):
        def choose(self, s):
            start = time.perf_counter()
            action = super().choose(s)
            times.append(time.perf_counter() - start)
            return action
    for scenario in content.scenarios:
        for seed in range(games):
            play_game(content, scenario, seed, Timed("expert", seed, content)).close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)]


def bench_content_load(repeats: int = 5) -> tuple[float, float]:
    """(median, spread) in seconds of a whole content load and check, uncached (what start-up pays once)."""
    from game.content.loader import REPO_ROOT, _check, _root_sources
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        _check(*_root_sources(REPO_ROOT))
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times) - min(times)


def bench_batch(content, games: int, jobs: int) -> dict[str, float]:
    """Seconds for `games` veteran AI-vs-AI games per scenario over `jobs` processes (what `simulate` runs)."""
    from game.sim.batch import jobs_for, run_batch
    out = {}
    for scenario in content.scenarios:
        start = time.perf_counter()
        run_batch(jobs_for(scenario, games, 1, "veteran"), workers=jobs)
        out[scenario] = time.perf_counter() - start
    return out


def bench_director_decisions(content) -> float:
    """One Director shopping list (15 Heat) on a board with 60 zombies, 4 survivors."""
    from game.ai.director_policy import DirectorAI
    s = Session(content, "pharmacy_run", seed=3)
    free = [i for i in range(s.board.size) if s.board.walkable(i) and i not in s.occupant]
    for cell in free[::max(1, len(free) // 60)][:60 - len(s.zombies())]:
        s.place_zombie("shambler", cell, "benchmark", count=False)

    def decide(i: int) -> None:
        policy = DirectorAI()
        left = 15
        while left > 0:
            choice = policy.choose(s, left)
            if choice is None:
                break
            from game.world.purchases import price
            left -= price(s, choice[0])
    result = _per_call(decide, 20)
    s.close()
    return result


def bench_start_to_menu(runs: int = 5) -> dict[str, float]:
    """Milliseconds from starting `python main.py` to its first menu frame drawn (headless): the median and spread
    of the wall-clock time, and the median CPU time (user + system) of the whole process, which exits right after
    that frame: a busy machine inflates it much less than the wall-clock time."""
    import os
    import resource
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parents[1]
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as bytecode:
        # bytecode cached (in a temporary place) as an installed game has it: without, each start compiles every
        # module again (PYTHONDONTWRITEBYTECODE), which costs more than the rest of the start-up; one run unmeasured
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BT_HOME=home,
                   BT_EXIT_AFTER_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPYCACHEPREFIX=bytecode)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, str(root / "main.py")], env=env, cwd=root, capture_output=True, timeout=120)
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.time()
            done = subprocess.run([sys.executable, str(root / "main.py")], env=env, cwd=root, capture_output=True,
                                  text=True, timeout=120)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            stamp = [line for line in done.stdout.splitlines() if line.startswith("first_frame_at:")]
            if done.returncode != 0 or not stamp:
                return {"start_to_menu": float("nan")}
            walls.append((float(stamp[-1].split(":", 1)[1]) - start) * 1000)
            cpus.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return {"start_to_menu": statistics.median(walls), "start_to_menu_spread": max(walls) - min(walls),
            "start_to_menu_cpu": statistics.median(cpus)}


def bench_ui_frame(content, frames: int = 60) -> float:
    """Median milliseconds of one board frame (events, update, draw) at 1920x1080, headless: a 48x48 map, 8
    survivors, 60 zombies, every overlay on (reach bands, a path and its danger, engagement, line of sight, the
    odds card, every zombie's next move, the minimap, edge markers, the ticker)."""
    import dataclasses
    import os
    from types import MappingProxyType

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.tools.previews import move_reach
    from game.ui.board.game_scene import GameScene
    from game.ui.widgets.app import App
    from game.world.saves import GameRecord

    team = ("soldier", "hunter", "police_officer", "doctor", "firefighter", "courier", "mechanic", "prepper")
    scenario = dataclasses.replace(content.scenarios["pharmacy_run"], team_max=len(team))
    content = dataclasses.replace(content, scenarios=MappingProxyType({**content.scenarios,
                                                                       "pharmacy_run": scenario}))
    app = App((1920, 1080), headless=True)
    scene = GameScene(content, GameRecord("pharmacy_run", 3, team))
    app.push(scene)
    s = scene.session
    soldier = s.survivors()[0]
    taken = {c for sv in s.survivors() for c in s.board.contact_cells(s.cell(sv))}
    for sv in s.survivors()[4:7]:       # a few zombies in base contact: engagement lines and slots
        free = [c for c in sorted(s.board.contact_cells(s.cell(sv))) if s.board.walkable(c) and c not in s.occupant]
        if free:
            s.place_zombie("shambler", free[0], "benchmark", count=False)
    free = [c for c in range(s.board.size) if s.board.walkable(c) and c not in s.occupant and c not in taken]
    for cell in free[::max(1, len(free) // 60)]:
        if len(s.zombies()) >= 60:
            break
        s.place_zombie("shambler", cell, "benchmark", count=False)
    scene.pick_survivor(soldier)
    reach = move_reach(s, soldier, 3)
    scene.debug_path_dest = max((c for c, b in reach.band.items() if b == 2), key=lambda c: (reach.band[c], c))
    here = s.cell(soldier)
    scene.debug_target = min((z for z in s.zombies() if not s.board.in_contact(here, s.cell(z))),
                             key=lambda z: (s.dist(here, s.cell(z)), z))
    scene.view.cam.centre_on(*(v + 0.5 for v in s.xy(soldier)))
    scene.show_intents = True
    scene.hud.show_banner("Director Phase - Spending Heat", "Spawn Hunter at Loading Bay (4 Heat): 3 dice 19\" "
                          "from the Firefighter, there in 3 rounds.")
    for z in s.zombies()[:6]:           # arrows for things out of sight: the newest few are kept
        scene.offscreen.add(s.xy(z), f"{s.name(z)} appears")
    for _ in range(5):
        app.step(1 / 60)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    s.close()
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    parser.add_argument("--games", type=int, default=60, help="random games to time (default 60)")
    parser.add_argument("--start-only", action="store_true", help="only the start_to_menu figure")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each game panel (default 3)")
    parser.add_argument("--batch", type=int, default=0, metavar="N",
                        help="also time N veteran games per scenario on 2 processes, as simulate does (slow)")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="also count instructions per veteran and per expert game over N games per scenario "
                             "(callgrind: slow)")
    args = parser.parse_args(argv)
    # Start-up is timed first, in its own processes, and printed on its own line after the engine figures.
    start_up = {name: (value, "ms") for name, value in bench_start_to_menu().items()}
    if args.start_only:
        _print(start_up, args.json)
        return 0
    content = load_content()
    load, load_spread = bench_content_load()
    figures: dict[str, tuple[float, str]] = {"content_load": (load * 1000, "ms"),
                                             "content_load_spread": (load_spread * 1000, "ms")}
    figures["sight_and_cover_query"] = (bench_sight_and_cover(content) * 1e6, "us")
    figures["move_range_6in"] = (bench_move_range(content) * 1e6, "us")
    games = bench_random_games(content, args.games)
    figures["random_game_12_rounds"] = (games["random_game_12_rounds"] * 1000, "ms")
    figures["random_game_round"] = (games["random_game_round"] * 1000, "ms")
    figures["random_game_mean_rounds"] = (games["random_game_mean_rounds"], "rounds")
    for scenario, (seconds, spread) in bench_ai_games(content, max(10, args.games // 2), args.repeats).items():
        figures[f"ai_game_{scenario}"] = (seconds * 1000, "ms")
        figures[f"ai_game_{scenario}_spread"] = (spread * 1000, "ms")
    decision, slow = bench_expert_decisions(content)
    figures["expert_decision"] = (decision * 1000, "ms")
    figures["expert_decision_95th_percentile"] = (slow * 1000, "ms")
    if args.instructions > 0:
        for level, prefix in (("veteran", "ai_game"), ("expert", "expert_game")):
            counter, counts = bench_instructions(content, args.instructions, level)
            for scenario, count in counts.items():
                figures[f"{prefix}_{scenario}_instructions_{counter}"] = (count / 1e6, "M")
    figures["director_decisions_60_zombies"] = (bench_director_decisions(content) * 1000, "ms")
    if args.batch > 0:
        for scenario, seconds in bench_batch(content, args.batch, 2).items():
            figures[f"batch_{args.batch}_games_2_jobs_{scenario}"] = (seconds, "s")
    figures["ui_frame_full_board"] = (bench_ui_frame(content), "ms")
    if args.json:
        _print({**figures, **start_up}, True)
    else:
        _print(figures, False)
        _print(start_up, False)
    return 0


def _print(figures: dict[str, tuple[float, str]], as_json: bool) -> None:
    if as_json:
        print(json.dumps({k: {"value": round(v, 3), "unit": u} for k, (v, u) in figures.items()}))
    else:
        for name, (value, unit) in figures.items():
            print(f"{name}: {value:.3f} {unit}")


if __name__ == "__main__":
    sys.exit(main())
