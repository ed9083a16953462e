"""A sweep's table, from its results file: one row per cell (win rate with its 95% Wilson interval, rounds, causes
of defeat, Heat spent by kind), printed, and with `--report DIR` written as CSV, JSON, plots and one HTML page."""
from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Iterable
from pathlib import Path

from game.content.files import atomic_write
from game.sim.batch import Tally
from game.sim.sweep import Cell, Sweep
from game.sim.sweep_store import SweepStore


def cell_report(store: SweepStore, sweep: Sweep, cells: Iterable[Cell]) -> dict:
    """The balance report of the cells' games taken together (one cell, or the cells a plot pools)."""
    tally = Tally()
    for cell in cells:
        for record in store.records(cell.key):
            tally.add(record)
    return tally.report("", "", sweep.seed)


def table(store: SweepStore, sweep: Sweep) -> list[tuple[Cell, dict]]:
    return [(cell, cell_report(store, sweep, [cell])) for cell in sweep.cells()]


def format_table(sweep: Sweep, rows: list[tuple[Cell, dict]]) -> str:
    labels = [cell.label(sweep) for cell, _ in rows]
    width = max(len("cell"), *map(len, labels))
    lines = [f"{'cell':<{width}}  games  survivor win rate (95% interval)  rounds  commonest defeat"]
    for label, (_, rep) in zip(labels, rows, strict=True):
        lo, hi = rep["win_rate_95"]
        rate = f"{rep['survivor_win_rate']:6.1%} ({lo:5.1%} - {hi:5.1%})"
        rounds = f"{rep['rounds'].get('mean', 0):6.1f}"
        lines.append(f"{label:<{width}}  {rep['games']:5d}  {rate:<32}  {rounds}  {rep['commonest_defeat'] or '-'}")
    return "\n".join(lines)


def flat_row(cell: Cell, rep: dict, causes: list[str], kinds: list[str]) -> dict:
    """One CSV row: the cell's grid values, then its figures."""
    lo, hi = rep["win_rate_95"]
    return {**cell.as_row(), "games": rep["games"], "survivor_win_rate": rep["survivor_win_rate"],
            "win_rate_low": lo, "win_rate_high": hi, "rounds_mean": rep["rounds"].get("mean"),
            "rounds_median": rep["rounds"].get("median"),
            **{f"lost_to_{c.replace(' ', '_')}": rep["defeats"].get(c, 0) for c in causes},
            **{f"heat_spent_per_game_{k}": rep["heat_bought_per_game"].get(k, 0.0) for k in kinds}}


def write_report(directory: Path, store: SweepStore, sweep: Sweep, rows: list[tuple[Cell, dict]]) -> list[Path]:
    """table.csv, table.json, the plots and index.html in `directory`; the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    causes = sorted({c for _, rep in rows for c in rep["defeats"]})
    kinds = sorted({k for _, rep in rows for k in rep["heat_bought_per_game"]})
    flat = [flat_row(cell, rep, causes, kinds) for cell, rep in rows]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(flat[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(flat)
    written = [_write(directory / "table.csv", out.getvalue())]
    doc = {"sweep": json.loads(sweep.identity()), "cells": [{**cell.as_row(), "report": rep} for cell, rep in rows]}
    written.append(_write(directory / "table.json", json.dumps(doc, indent=2) + "\n"))
    pictures = draw(directory, store, sweep, rows)
    written += pictures
    written.append(_write(directory / "index.html", page(sweep, flat, pictures)))
    return written


def _write(path: Path, text: str) -> Path:
    atomic_write(path, text.encode("utf-8"))
    return path


def draw(directory: Path, store: SweepStore, sweep: Sweep, rows: list[tuple[Cell, dict]]) -> list[Path]:
    """The plots: win rate against each swept number (and team size), rounds, causes of defeat."""
    from game.sim import plots
    paths = []
    swept = [(p.name, p.words, values) for p, values in sweep.params if len(values) > 1]
    if len(sweep.team_sizes) > 1:
        swept.append(("team_size", "Team size (survivors)", sweep.team_sizes))
    cells = sweep.cells()
    for name, words, xs in swept:
        groups: dict[tuple, list[Cell]] = {}       # (scenario, survivors, director, x) -> the cells it pools
        for cell in cells:
            x = cell.team_size if name == "team_size" else dict(cell.values)[name]
            groups.setdefault((cell.scenario, cell.survivors, cell.director, x), []).append(cell)
        panels = [(scenario, [(f"{survivors} survivors against the {director} Director",
                               [cell_report(store, sweep, groups[scenario, survivors, director, x]) for x in xs])
                              for survivors in sweep.survivors for director in sweep.directors])
                  for scenario in sweep.scenarios]
        others = len(cells) // (len(sweep.scenarios) * len(sweep.survivors) * len(sweep.directors) * len(xs))
        pooled = f"; each point pools the {others} cells of the other swept numbers" if others > 1 else ""
        path = directory / f"win_rate_by_{name.replace('.', '_')}.png"
        plots.sweep_win_rate(path, f"Survivor win rate against {words[0].lower()}{words[1:]}",
                             f"{sweep.games} games a cell{pooled}", words, list(xs), panels)
        paths.append(path)
    labels = [cell.label(sweep) for cell, _ in rows]
    reports = [rep for _, rep in rows]
    paths.append(directory / "rounds.png")
    plots.sweep_cells(paths[-1], "Rounds played, per cell", labels, reports, plots.rounds_boxes)
    paths.append(directory / "causes_of_defeat.png")
    plots.sweep_cells(paths[-1], "How games end, per cell", labels, reports, plots.defeat_bars)
    return paths


def page(sweep: Sweep, flat: list[dict], pictures: list[Path]) -> str:
    """One HTML page with every plot and the table (no script, no external file but the pictures beside it)."""
    e = html.escape
    head = "".join(f"<th>{e(str(k)).replace('_', ' ')}</th>" for k in flat[0])
    body = "".join("<tr>" + "".join(f"<td>{e(_shown(k, v))}</td>" for k, v in row.items()) + "</tr>" for row in flat)
    images = "".join(f'<figure><a href="{e(p.name)}"><img src="{e(p.name)}" alt="{e(p.stem.replace("_", " "))}">'
                     f'</a></figure>' for p in pictures)     # a tap opens the picture whole (a phone)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sweep: {e(Path(sweep.source).name)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 1400px; }}
h1 {{ font-size: 1.4rem; }} p {{ color: #444; }}
figure {{ margin: 1rem 0; }} img {{ max-width: 100%; height: auto; border: 1px solid #ddd; }}
.table {{ overflow-x: auto; }}
table {{ border-collapse: collapse; font-size: 0.85rem; }}
th, td {{ border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; white-space: nowrap; }}
th {{ background: #f2f2f2; position: sticky; top: 0; }}
td:first-child, th:first-child {{ text-align: left; }}
</style></head><body>
<h1>Balance sweep: {e(Path(sweep.source).name)}</h1>
<p>{e(sweep.summary())}.</p>
<p>Every cell plays the same seeds; win rates with their 95% Wilson interval.
The table is also in <a href="table.csv">table.csv</a> and <a href="table.json">table.json</a>.</p>
{images}
<h2>Every cell</h2>
<div class="table"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>
</body></html>
"""


PERCENT = ("survivor_win_rate", "win_rate_low", "win_rate_high")


def _shown(key: str, value: object) -> str:
    if key in PERCENT:
        return f"{value:.1%}"
    if key == "team_size" and value is None:
        return "own"
    return f"{value:.4g}" if isinstance(value, float) else str(value)
