"""`simulate` end to end on a few games; same arguments give the same report, with one job or two."""
import json
from concurrent.futures import Future

from game.cli import main
from game.sim import batch
from game.sim.batch import jobs_for, report, run_batch, wilson


def test_simulate_prints_a_report_and_writes_json(tmp_path, capsys):
    out = tmp_path / "report.json"
    code = main(["simulate", "--scenario", "last_train_out", "--games", "3", "--seed", "5", "--no-progress",
                 "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "survivor win rate" in text and "commonest cause of defeat" in text
    rep = json.loads(out.read_text())
    assert rep["games"] == 3 and rep["scenario"] == "last_train_out"
    for key in ("survivor_win_rate", "win_rate_95", "endings", "rounds", "doom_at_end", "survivors_lost",
                "heat_per_round", "escalations_per_game", "spawned_per_game", "commonest_defeat"):
        assert key in rep
    assert sum(rep["endings"].values()) == 3


def test_same_arguments_same_report_with_one_or_two_jobs():
    jobs = list(jobs_for("pharmacy_run", 4, 20, "novice"))
    one = report(run_batch(jobs, 1), "pharmacy_run", "novice", 20)
    two = report(run_batch(jobs, 2), "pharmacy_run", "novice", 20)
    assert one == two


def test_bad_flags_and_unknown_scenarios_give_one_line_and_a_non_zero_exit(capsys):
    assert main(["simulate", "--scenario", "atlantis", "--games", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "unknown scenario 'atlantis'" in err and "Traceback" not in err
    assert main(["simulate", "--scenario", "dead_air", "--games", "0"]) == 2
    assert "must be 1 or more" in capsys.readouterr().err
    assert main(["simulate", "--scenario", "dead_air", "--level", "godlike"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["simulate", "--scenario", "dead_air", "--jobs", "x"]) == 2


def test_wilson_interval_brackets_the_rate():
    low, high = wilson(30, 100)
    assert low < 0.3 < high and 0.2 < low and high < 0.4
    assert wilson(0, 10)[0] == 0.0


def test_a_quickplay_batch_rolls_each_games_scenario_from_its_seed_and_reports_each_objective(capsys):
    from game.content.loader import load_content
    from game.tools.quickplay import content_for, generate

    jobs = list(jobs_for("quickplay", 3, 40, "novice", scenario_content=content_for))
    records = run_batch(jobs, 1)
    content = load_content()
    for r in records:       # each game played the scenario rolled from its own seed, and names its objective
        assert r["objective"] == generate(content, r["seed"]).scenario.name.split(":")[0]
    assert len({generate(content, s).scenario.name for s in (40, 41, 42)}) > 1
    rep = report(records, "quickplay", "novice", 40)
    assert sum(o["games"] for o in rep["objectives"].values()) == 3
    assert sum(o["survivor_wins"] for o in rep["objectives"].values()) == round(rep["survivor_win_rate"] * 3)
    assert run_batch(jobs, 1) == records            # the same seed, the same batch
    assert main(["simulate", "--scenario", "quickplay", "--games", "2", "--seed", "40", "--level", "novice",
                 "--no-progress"]) == 0
    assert "by quick-play objective:" in capsys.readouterr().out
    assert main(["simulate", "--scenario", "quickplay", "--games", "1", "--seed", "-3", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "Traceback" not in err


def test_a_quickplay_batch_on_a_hand_built_map(capsys, tmp_path):
    """--map rolls every game's scenario on that map (its environment row, its map adjustment); bad uses get one
    line naming --map."""
    import functools
    import json

    from game.content.loader import load_content
    from game.tools.quickplay import content_for, generate

    on_map = functools.partial(content_for, map_id="dead_air")
    records = run_batch(list(jobs_for("quickplay", 2, 7, "novice", scenario_content=on_map)), 1)
    content = load_content()
    assert [r["objective"] for r in records] == \
        [generate(content, s, map_id="dead_air").scenario.name.split(":")[0] for s in (7, 8)]
    out = tmp_path / "rep.json"
    assert main(["simulate", "--scenario", "quickplay", "--map", "dead_air", "--games", "2", "--seed", "7",
                 "--level", "novice", "--no-progress", "--json", str(out)]) == 0
    assert "quickplay on dead_air - 2 games" in capsys.readouterr().out
    rep = json.loads(out.read_text())
    assert sum(o["survivor_wins"] for o in rep["objectives"].values()) == \
        sum(r["winner"] == "survivors" for r in records)
    for argv, said in ((["--scenario", "quickplay", "--map", "moon_base"], "unknown map 'moon_base'"),
                       (["--scenario", "dead_air", "--map", "dead_air"], "only with --scenario quickplay")):
        assert main(["simulate", *argv, "--games", "1", "--no-progress"]) == 2
        err = capsys.readouterr().err
        assert said in err and "--map" in err and "Traceback" not in err


class _SlowFirstChunk(batch.Executor):
    """Chunk 0 finishes only when nothing else is out: the worst case for putting records back in order."""
    slots = 2

    def __init__(self):
        self.submitted = []         # chunk sizes, in the order handed out
        self.ahead_of_first = 0     # chunks handed out while chunk 0 was still out
        self.first_done_yet = False

    def submit(self, chunk, run=batch.run_one):
        future = Future()
        future.set_result([{"seed": job.seed} for job in chunk])
        future.number = len(self.submitted)
        self.submitted.append(len(chunk))
        if future.number and not self.first_done_yet:
            self.ahead_of_first += 1
        return future

    def first_done(self, futures):
        others = {f for f in futures if f.number != 0}
        if others:
            return others, futures - others
        self.first_done_yet = True
        return futures, set()

    def close(self, pending):
        pass


def test_records_come_back_in_job_order_and_a_slow_chunk_holds_back_only_a_few():
    executor = _SlowFirstChunk()
    records = list(batch.stream_batch(jobs_for("pharmacy_run", 100, 1, "random"), executor=executor, chunk=5))
    assert [r["seed"] for r in records] == list(range(1, 101))
    assert executor.ahead_of_first <= 2 * executor.slots       # the rest waited: memory stays flat
