"""The balance report drawn with matplotlib (the designer extra): win rate with its 95% interval, rounds played as a
distribution, causes of defeat as stacked bars; for one batch (`simulate --plot`) or a sweep's cells (`sweep
--report`). Drawn on matplotlib's Figure directly (no pyplot, no window): headless, and nothing kept between plots.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

# Colour-blind safe colours: the "clear" palette of ui/widgets/theme.py (Okabe and Ito), copied as hex because game/sim
# may not import game/ui. Lines also differ by marker and dash, so nothing rests on colour alone.
SKY_BLUE = "#56B4E9"       # theme SURVIVOR
VERMILLION = "#D55E00"     # theme DANGER
ORANGE = "#E69F00"         # theme HEAT
PURPLE = "#CC79A7"         # theme DOOM
BLUE = "#3C96E6"           # theme GOOD
OLIVE = "#C4BA50"          # theme ZOMBIE
INK = "#222222"
WON = "#D9D9D9"            # the share of games the survivors won, behind the causes of defeat
LINES = (VERMILLION, SKY_BLUE, INK, ORANGE, PURPLE, OLIVE)
MARKERS = ("o", "s", "^", "D", "v", "P")
DASHES = ("-", "--", "-.", ":", "-", "--")
DEFEAT_COLOURS = {"doom": PURPLE, "casualties": VERMILLION, "no survivors left": ORANGE}
DEFEAT_HATCHES = {"doom": "", "casualties": "//", "no survivors left": ".."}
DPI = 110


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    fig.set_facecolor("white")
    return fig


def _style(ax) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=10)
    ax.grid(axis="both", color="#E6E6E6", linewidth=0.8)
    ax.set_axisbelow(True)


def _percent(ax, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


def _save(fig: Figure, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)


def win_rate_lines(ax, xs: Sequence[float], series: Sequence[tuple[str, Sequence[dict]]], x_name: str) -> None:
    """Win rate against a swept number, its 95% interval as a band, one line per level (label, reports by x)."""
    for i, (label, reports) in enumerate(series):
        colour = LINES[i % len(LINES)]
        rates = [r["survivor_win_rate"] for r in reports]
        ax.fill_between(xs, [r["win_rate_95"][0] for r in reports], [r["win_rate_95"][1] for r in reports],
                        color=colour, alpha=0.18, linewidth=0)
        ax.plot(xs, rates, color=colour, marker=MARKERS[i % len(MARKERS)], linestyle=DASHES[i % len(DASHES)],
                linewidth=2, markersize=6, label=label)
    _style(ax)
    _percent(ax)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xticks(list(xs))
    ax.set_xlabel(x_name, fontsize=11)
    ax.set_ylabel("Survivor win rate (band: 95% interval)", fontsize=11)


def rounds_boxes(ax, labels: Sequence[str], reports: Sequence[dict]) -> None:
    """Rounds played per cell: a box (the middle half of the games), whiskers to the shortest and longest game."""
    stats = []
    for label, rep in zip(labels, reports, strict=True):
        by_round = sorted((int(k), v) for k, v in rep["rounds"]["games_by_round"].items())
        stats.append({"label": label, "med": rep["rounds"]["median"], "q1": _quantile(by_round, 0.25),
                      "q3": _quantile(by_round, 0.75), "whislo": by_round[0][0], "whishi": by_round[-1][0],
                      "mean": rep["rounds"]["mean"], "fliers": []})
    ax.bxp(stats, orientation="horizontal", showmeans=True, patch_artist=True,
           boxprops={"facecolor": SKY_BLUE, "edgecolor": INK}, medianprops={"color": INK, "linewidth": 2},
           meanprops={"marker": "D", "markerfacecolor": ORANGE, "markeredgecolor": INK})
    ax.invert_yaxis()       # the first cell on top, as in the table
    _style(ax)
    ax.set_xlabel("Rounds played (box: middle half of the games, line: median, diamond: mean)", fontsize=11)


def rounds_histogram(ax, rep: dict) -> None:
    by_round = sorted((int(k), v) for k, v in rep["rounds"]["games_by_round"].items())
    ax.bar([r for r, _ in by_round], [v for _, v in by_round], color=SKY_BLUE, edgecolor=INK, width=0.8)
    ax.axvline(rep["rounds"]["median"], color=VERMILLION, linewidth=2, linestyle="--",
               label=f"median {rep['rounds']['median']:g}")
    _style(ax)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("Rounds played", fontsize=11)
    ax.set_ylabel("Games", fontsize=11)
    ax.legend(fontsize=9, frameon=False)


def defeat_bars(ax, labels: Sequence[str], reports: Sequence[dict]) -> None:
    """One bar per cell: the share of games lost to each cause, stacked, then the share won, to 100%."""
    known = list(DEFEAT_COLOURS)
    causes = sorted({c for rep in reports for c in rep["defeats"]},
                    key=lambda c: (known.index(c) if c in known else len(known), c))
    left = [0.0] * len(reports)
    rows = range(len(reports))
    for cause in causes:
        shares = [rep["defeats"].get(cause, 0) / rep["games"] for rep in reports]
        bars = ax.barh(rows, shares, left=left, color=DEFEAT_COLOURS.get(cause, OLIVE), edgecolor=INK,
                       linewidth=0.6, hatch=DEFEAT_HATCHES.get(cause, "xx"), label=f"lost: {cause}")
        _shares(ax, bars, shares)
        left = [a + b for a, b in zip(left, shares, strict=True)]
    won = [rep["survivor_win_rate"] for rep in reports]
    _shares(ax, ax.barh(rows, won, left=left, color=WON, edgecolor=INK, linewidth=0.6, label="survivors won"), won)
    ax.set_yticks(list(rows), labels)
    ax.set_ylim(len(reports) - 0.5, -0.5)       # the first cell on top, as in the table
    ax.set_xlim(0, 1)
    _style(ax)
    _percent(ax, "x")
    ax.set_xlabel("Share of games", fontsize=11)
    ax.figure.legend(*ax.get_legend_handles_labels(), fontsize=10, frameon=False, loc="outside lower center",
                     ncols=len(causes) + 1)


def _shares(ax, bars, shares: Sequence[float]) -> None:
    """Each segment's share written on it, where it is wide enough to hold the figure."""
    ax.bar_label(bars, labels=[f"{v:.0%}" if v >= 0.07 else "" for v in shares], label_type="center", fontsize=9,
                 color=INK, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none",
                                  "alpha": 0.8})


def _quantile(by_round: list[tuple[int, int]], q: float) -> float:
    """The q-quantile of the rounds (nearest rank) from (rounds, games) pairs."""
    n = sum(v for _, v in by_round)
    rank, seen = max(1, round(q * n)), 0
    for value, count in by_round:
        seen += count
        if seen >= rank:
            return value
    return by_round[-1][0]


def batch_figure(rep: dict, path: Path) -> None:
    """`simulate --plot`: one batch's win rate, rounds and endings, side by side in one PNG."""
    fig = _figure(13, 4.6)
    win, rounds, defeats = fig.subplots(1, 3, width_ratios=(1, 2, 2))
    lo, hi = rep["win_rate_95"]
    rate = rep["survivor_win_rate"]
    win.bar([0], [rate], color=SKY_BLUE, edgecolor=INK, width=0.6)
    win.errorbar([0], [rate], yerr=[[rate - lo], [hi - rate]], color=INK, capsize=8, linewidth=2)
    win.set_xticks([0], [f"{rep['games']} games"])
    win.set_xlim(-0.8, 0.8)
    win.set_ylim(0, 1)
    _style(win)
    _percent(win)
    win.set_ylabel("Survivor win rate (black line: 95% interval)", fontsize=11)
    win.set_title(f"{rate:.0%} won", fontsize=12)
    rounds_histogram(rounds, rep)
    rounds.set_title("How long games last", fontsize=12)
    defeat_bars(defeats, [""], [rep])
    defeats.tick_params(axis="y", length=0)
    defeats.set_title("How games end", fontsize=12)
    fig.suptitle(f"{rep['scenario']}: survivor AI {rep['level']} against the {rep['director']} Director, "
                 f"seeds {rep['seed']}..{rep['seed'] + rep['games'] - 1}", fontsize=13)
    _save(fig, path)


def sweep_win_rate(path: Path, title: str, note: str, x_name: str, xs: Sequence[float],
                   panels: Sequence[tuple[str, Sequence[tuple[str, Sequence[dict]]]]]) -> None:
    """Win rate against one swept number: a panel per scenario (title, series of (level, reports by x)), the levels'
    legend under them all."""
    columns = min(len(panels), 2)
    rows = -(-len(panels) // columns)
    fig = _figure(max(8.0, 6.4 * columns), 4.2 * rows + 1.2)
    axes = fig.subplots(rows, columns, squeeze=False).ravel()
    for ax, (name, series) in zip(axes, panels, strict=False):
        win_rate_lines(ax, xs, series, x_name)
        ax.set_title(name, fontsize=12)
    for ax in axes[len(panels):]:
        ax.set_visible(False)
    fig.legend(*axes[0].get_legend_handles_labels(), fontsize=10, frameon=False, loc="outside lower center",
               ncols=min(2, len(panels[0][1])))
    fig.suptitle(f"{title}\n{note}", fontsize=12)
    _save(fig, path)


def sweep_cells(path: Path, title: str, labels: Sequence[str], reports: Sequence[dict], draw) -> None:
    """One row per cell (its label on the left): rounds_boxes or defeat_bars."""
    fig = _figure(11, 1.6 + 0.42 * len(labels))
    draw(fig.subplots(), labels, reports)
    fig.suptitle(title, fontsize=13)
    _save(fig, path)
