"""Batches of AI-vs-AI games and the designer's balance report.

The batch is a plain map over seeds (game i uses seed S+i): `run_one` is a pure function of its arguments, so any
executor (a process pool here, a Dask cluster in game.sim.cluster) takes the map over in chunks of games. Jobs,
records and the report are streams: memory stays flat however many games a batch plays.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from game.ai.director_levels import DEFAULT_DIRECTOR
from game.ai.director_policy import DirectorAI
from game.ai.players import make_player
from game.content.defs import Content
from game.content.loader import Override, load_content
from game.sim.runner import play_game
from game.world.agendas import verdicts
from game.world.components import Status

CHUNK = 16          # games sent to a worker at a time
IN_FLIGHT = 2       # chunks handed out per worker before the first comes back
QUICKPLAY = "quickplay"     # as a batch's scenario: each game plays quickplay_<its own seed>
# The content that holds a generated scenario id (quick play): the quick-play generator lives with the tools, above
# this layer, so the command line hands it down (a module-level function, so a job still pickles to a worker).
ScenarioContent = Callable[[Content, str], Content]


@dataclass(frozen=True)
class GameJob:
    scenario: str
    seed: int
    level: str
    director: str = DEFAULT_DIRECTOR
    agendas: bool = False
    scenario_content: ScenarioContent | None = None
    team: tuple[str, ...] | None = None         # archetype ids; None: the scenario's own team
    overrides: tuple[Override, ...] = ()        # numbers of the data files changed for this game (a sweep's cell)


def game_scenario(job: GameJob) -> str:
    """The scenario one game plays: a batch of `quickplay` rolls a new one for each game from the game's seed."""
    return f"{QUICKPLAY}_{job.seed}" if job.scenario == QUICKPLAY else job.scenario


def run_one(job: GameJob) -> dict:
    """Play one AI-vs-AI game; a small record of how it went."""
    scenario = game_scenario(job)
    content = load_content(overrides=job.overrides)
    if job.scenario_content is not None:
        content = job.scenario_content(content, scenario)
    s = play_game(content, scenario, job.seed, make_player(job.level, job.seed, content),
                  policy=DirectorAI(job.director), team=job.team, agendas=job.agendas)
    winner, cause = s.result
    bought: Counter = Counter()
    heat_bought: Counter = Counter()
    for e in s.events:
        if e.kind == "purchase" and "purchase" in e.data:
            bought[e.data["purchase"]] += 1
            heat_bought[e.data["purchase"]] += e.data["cost"]
    lost = sum(1 for sv in s.survivors(on_board=False) if s.comp(sv, Status).eliminated)
    record = {
        "seed": job.seed, "winner": winner, "cause": cause, "rounds": s.round, "doom": s.doom,
        "survivors_lost": lost, "heat": list(s.heat_history), "escalations": s.escalations,
        "spawned": dict(sorted(s.spawned.items())), "bought": dict(sorted(bought.items())),
        "heat_bought": dict(sorted(heat_bought.items())),
        "heat_lost": sum(e.data.get("lost", 0) for e in s.events if e.kind == "purchase"),
    }
    if scenario.startswith(f"{QUICKPLAY}_"):     # the objective played (a quick-play name is "Objective: Place")
        record["objective"] = content.scenarios[scenario].name.split(":")[0]
    if job.agendas:
        record["agendas"] = [[v.agenda.id, v.kept] for v in verdicts(s)]
    s.close()
    return record


def jobs_for(scenario: str, games: int, seed: int, level: str, director: str = DEFAULT_DIRECTOR,
             agendas: bool = False, scenario_content: ScenarioContent | None = None) -> Iterator[GameJob]:
    """The jobs one at a time: a batch of 10**23 games costs no memory before it starts."""
    return (GameJob(scenario, seed + i, level, director, agendas, scenario_content) for i in range(games))


def run_chunk(jobs: list, run: Callable = run_one) -> list[dict]:
    """One task of a batch: `run` (by default: play the game) of CHUNK jobs on one worker (its content is loaded
    once and kept for the next ones). `run` is a module-level function: it goes to the workers by name."""
    return [run(job) for job in jobs]


class Executor:
    """Where a batch's chunks run: submit(chunks) -> futures, first_done(futures) -> (done, pending) and close()
    (pending work cancelled, no worker left). The process pool here, a Dask cluster in game.sim.cluster."""
    slots = 1       # chunks handed out at a time

    def submit(self, chunk: list, run: Callable = run_one):
        raise NotImplementedError

    def first_done(self, futures: set) -> tuple[set, set]:
        raise NotImplementedError

    def close(self, pending: set) -> None:
        raise NotImplementedError


class InlineExecutor(Executor):
    """One worker: each chunk is played here when it is handed out."""

    def submit(self, chunk: list, run: Callable = run_one):
        future: Future = Future()
        future.set_result(run_chunk(chunk, run))
        return future

    def first_done(self, futures: set) -> tuple[set, set]:
        return futures, set()

    def close(self, pending: set) -> None:
        pass


class PoolExecutor(Executor):
    def __init__(self, workers: int) -> None:
        self.pool = ProcessPoolExecutor(max_workers=workers)
        self.slots = workers * IN_FLIGHT

    def submit(self, chunk: list, run: Callable = run_one):
        return self.pool.submit(run_chunk, chunk, run)

    def first_done(self, futures: set) -> tuple[set, set]:
        done, pending = wait(futures, return_when=FIRST_COMPLETED)
        return done, pending

    def close(self, pending: set) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def finished_chunks(jobs: Iterable, executor: Executor, chunk: int = CHUNK,
                    run: Callable = run_one) -> Iterator[tuple[int, list, list[dict]]]:
    """(chunk number, its jobs, their records) for each chunk of `chunk` jobs as soon as it is done, in any order.
    At most executor.slots chunks are out at a time, none more than twice that many past the oldest unfinished one
    (so a reader putting the records back in order holds at most that many), and the jobs are read as the batch
    goes. Stopped early (an error, Ctrl+C, a reader that stops), the executor is closed: no task or worker outlives
    the batch."""
    todo = iter(jobs)
    chunks = enumerate(iter(lambda: list(itertools.islice(todo, chunk)), []))   # lists of `chunk` jobs, until none
    out: dict = {}          # future -> (number, jobs)
    ahead: list = []        # the next chunk, read but not handed out yet

    def hand_out() -> None:
        while len(out) < executor.slots:
            if not ahead:
                ahead.extend(itertools.islice(chunks, 1))
                if not ahead:       # every chunk handed out
                    return
            oldest = min((number for number, _ in out.values()), default=ahead[0][0])
            if ahead[0][0] >= oldest + 2 * executor.slots:
                return
            number, part = ahead.pop()
            out[executor.submit(part, run)] = number, part
    try:
        hand_out()
        while out:
            done, _ = executor.first_done(set(out))
            for future in done:
                number, part = out.pop(future)
                yield number, part, future.result()     # heard before the next is handed out (inline, it is played)
            hand_out()
    finally:
        executor.close(set(out))


def in_order(finished: Iterator[tuple[int, list[GameJob], list[dict]]],
             done: Callable[[int], None] | None = None) -> Iterator[dict]:
    """The records of finished chunks in job order (a chunk done early waits for the ones before it: at most twice
    the executor's slots of them); done(n) hears of every n games finished, in whatever order."""
    waiting: dict[int, list[dict]] = {}
    following = 0
    for number, _, records in finished:
        if done is not None:
            done(len(records))
        waiting[number] = records
        while following in waiting:
            yield from waiting.pop(following)
            following += 1


def stream_batch(jobs: Iterable, workers: int = 1, done: Callable[[int], None] | None = None,
                 executor: Executor | None = None, chunk: int = CHUNK, run: Callable = run_one) -> Iterator[dict]:
    """Records in job order, whatever the executor and its number of workers, each as soon as it and those before it
    are done. No executor: the process pool of `workers`, or for one worker the games are played here."""
    if executor is None:
        executor = PoolExecutor(workers) if workers > 1 else InlineExecutor()
    yield from in_order(finished_chunks(jobs, executor, chunk, run), done)


def run_batch(jobs: Iterable[GameJob], workers: int = 1,
              progress: Callable[[Iterable], Iterator] | None = None) -> list[dict]:
    """Every record of stream_batch, in job order."""
    records = stream_batch(jobs, workers)
    return list(progress(records) if progress else records)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Tally:
    """The balance report's sums, taken one record at a time (a long batch keeps no list of records)."""

    def __init__(self) -> None:
        self.games = self.wins = self.doom = self.lost = self.escalations = 0
        self.heat_sum = self.heat_count = 0
        self.rounds: Counter = Counter()
        self.endings: Counter = Counter()
        self.defeats: Counter = Counter()
        self.spawned: Counter = Counter()
        self.bought: Counter = Counter()
        self.heat_bought: Counter = Counter()
        self.heat_lost = 0
        self.dealt: Counter = Counter()       # agenda card -> times dealt
        self.kept: Counter = Counter()        # agenda card -> times kept
        self.by_objective: Counter = Counter()      # quick-play objective -> games
        self.objective_wins: Counter = Counter()    # quick-play objective -> survivor wins

    def add(self, r: dict) -> None:
        self.games += 1
        self.wins += r["winner"] == "survivors"
        self.endings[r["cause"]] += 1
        if r["winner"] == "director":
            self.defeats[r["cause"]] += 1
        self.rounds[r["rounds"]] += 1
        self.doom += r["doom"]
        self.lost += r["survivors_lost"]
        self.escalations += r["escalations"]
        self.heat_sum += sum(r["heat"])
        self.heat_count += len(r["heat"])
        self.spawned.update(r["spawned"])
        self.bought.update(r.get("bought", {}))
        self.heat_bought.update(r.get("heat_bought", {}))
        self.heat_lost += r.get("heat_lost", 0)
        if "objective" in r:
            self.by_objective[r["objective"]] += 1
            self.objective_wins[r["objective"]] += r["winner"] == "survivors"
        for card, kept in r.get("agendas", ()):
            self.dealt[card] += 1
            self.kept[card] += bool(kept)

    def report(self, scenario: str, level: str, seed: int, director: str = DEFAULT_DIRECTOR) -> dict:
        """The balance report (its keys are documented in the README)."""
        n = self.games
        low, high = wilson(self.wins, n)

        def mean(total: int) -> float:
            return round(total / n, 2) if n else 0.0
        return {
            "scenario": scenario, "level": level, "director": director, "seed": seed, "games": n,
            "survivor_win_rate": round(self.wins / n, 4) if n else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "endings": dict(sorted(self.endings.items())),
            "defeats": dict(sorted(self.defeats.items())),
            "rounds": {"mean": mean(sum(k * v for k, v in self.rounds.items())), "median": _median(self.rounds),
                       "min": min(self.rounds), "max": max(self.rounds),
                       "games_by_round": {str(k): v for k, v in sorted(self.rounds.items())}} if n else {},
            "doom_at_end": mean(self.doom),
            "survivors_lost": mean(self.lost),
            "heat_per_round": round(self.heat_sum / self.heat_count, 2) if self.heat_count else 0.0,
            "escalations_per_game": mean(self.escalations),
            "spawned_per_game": {k: round(v / n, 2) for k, v in sorted(self.spawned.items())},
            "bought_per_game": {k: round(v / n, 2) for k, v in sorted(self.bought.items())},
            "heat_bought_per_game": {k: round(v / n, 2) for k, v in sorted(self.heat_bought.items())},
            "heat_lost_per_game": mean(self.heat_lost),
            "commonest_defeat": self.defeats.most_common(1)[0][0] if self.defeats else None,
            **({"agendas_kept": {card: {"dealt": n_card, "kept_rate": round(self.kept[card] / n_card, 4)}
                                 for card, n_card in sorted(self.dealt.items())}} if self.dealt else {}),
            **({"objectives": {name: {"games": g, "survivor_wins": self.objective_wins[name],
                                      "win_rate_95": [round(x, 4) for x in wilson(self.objective_wins[name], g)]}
                               for name, g in sorted(self.by_objective.items())}} if self.by_objective else {}),
        }


def _median(counts: Counter) -> float:
    """statistics.median of the values counted in `counts` (value -> how often)."""
    n = sum(counts.values())
    middle, seen = [], 0
    for value in sorted(counts):
        middle += [value] * sum(seen <= i < seen + counts[value] for i in ((n - 1) // 2, n // 2))
        seen += counts[value]
    return middle[0] if n % 2 else (middle[0] + middle[1]) / 2


def report(records: Iterable[dict], scenario: str, level: str, seed: int, director: str = DEFAULT_DIRECTOR) -> dict:
    """The balance report of a batch's records (a list, or a stream read once)."""
    tally = Tally()
    for r in records:
        tally.add(r)
    return tally.report(scenario, level, seed, director)


def format_report(rep: dict) -> str:
    lo, hi = rep["win_rate_95"]
    lines = [
        f"{rep['scenario']} - {rep['games']} games, survivor AI {rep['level']} against the {rep['director']} "
        f"Director, seeds {rep['seed']}..{rep['seed'] + rep['games'] - 1}",
        f"survivor win rate: {rep['survivor_win_rate']:.1%} (95% interval {lo:.1%} - {hi:.1%})",
        "endings: " + ", ".join(f"{k} {v}" for k, v in rep["endings"].items()),
        f"rounds: mean {rep['rounds']['mean']}, median {rep['rounds']['median']}, "
        f"range {rep['rounds']['min']}-{rep['rounds']['max']}",
        f"Doom at the end: {rep['doom_at_end']}",
        f"survivors lost per game: {rep['survivors_lost']}",
        f"Heat per round: {rep['heat_per_round']}",
        f"escalations per game: {rep['escalations_per_game']}",
        "zombies spawned per game: " + (", ".join(f"{k} {v}" for k, v in rep["spawned_per_game"].items()) or "none"),
        "Director purchases per game: " + (", ".join(f"{k} {v}" for k, v in rep["bought_per_game"].items())
                                           or "none") + f"; Heat lost {rep['heat_lost_per_game']}",
        "Heat spent per game: " + (", ".join(f"{k} {v}" for k, v in rep["heat_bought_per_game"].items()) or "none"),
        f"commonest cause of defeat: {rep['commonest_defeat'] or 'none'}",
    ]
    if rep.get("objectives"):
        lines.append("by quick-play objective:")
    for name, o in rep.get("objectives", {}).items():
        lo, hi = o["win_rate_95"]
        lines.append(f"  {name}: {o['survivor_wins']}/{o['games']} survivor wins = "
                     f"{o['survivor_wins'] / o['games']:.1%} (95% interval {lo:.1%} - {hi:.1%})")
    if rep.get("agendas_kept"):
        lines.append("secret agendas kept: " + ", ".join(f"{card} {v['kept_rate']:.0%} of {v['dealt']}"
                                                         for card, v in rep["agendas_kept"].items()))
    return "\n".join(lines)
