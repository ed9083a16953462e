"""`campaign --simulate`: many whole campaigns AI against AI, and a report for tuning the layer: how far bands get,
what kills them, how scars and stress build up. Campaign i uses seed S+i; records come back in order whatever the
number of worker processes. Jobs, records and the report are streams (game.sim.batch): memory stays flat however
many campaigns a batch plays."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from game.campaign.autoplay import MAX_DAYS, run_campaign
from game.content.loader import load_content
from game.sim.batch import stream_batch

MAX_CAMPAIGNS = 1_000_000       # a campaign takes seconds: a million is days of work for a core


@dataclass(frozen=True)
class CampaignJob:
    seed: int
    level: str


def run_one(job: CampaignJob) -> dict:
    seen: Counter = Counter()

    def observe(s) -> None:
        for e in s.events:
            if e.kind == "horror":
                seen["horror checks"] += 1
                seen["horror failed"] += bool(e.data["stress"])
                seen["stress taken"] += e.data["stress"]
            elif e.kind == "wound" and e.data.get("exact") is not None and s.is_survivor(e.data["who"]):
                seen["exact blows"] += e.data["exact"]
    camp = run_campaign(load_content(), job.seed, job.level, observe=observe)
    lost = [m for m in camp.members if not m.alive]
    breaks = sum(1 for line in camp.log if " breaks: " in line)
    return {
        "seed": job.seed, "over": camp.over or ("stalled" if camp.day > MAX_DAYS else "unfinished"),
        "days": camp.day, "missions": camp.missions_played, "won": camp.missions_won,
        "fates": dict(Counter(m.fate for m in lost)), "recruited": len(camp.members),
        "scars": sum(len(m.scars) for m in camp.members), "breaks": breaks,
        "stress_left": sum(m.stress for m in camp.alive()), "survivors": len(camp.alive()),
        "supplies": camp.supplies, "turned": sum(1 for m in lost if m.fate == "turned"),
        "horror": dict(seen),
    }


def jobs_for(games: int, seed: int, level: str) -> Iterator[CampaignJob]:
    """The jobs one at a time: a long batch costs no memory before it starts."""
    return (CampaignJob(seed + i, level) for i in range(games))


def stream(jobs: Iterable[CampaignJob], workers: int = 1) -> Iterator[dict]:
    """The records in job order, as they come (batch.stream_batch: a bounded number of jobs in flight)."""
    return stream_batch(jobs, workers, run=run_one, chunk=1)      # a campaign is seconds of work: one at a time


SUMMED = ("missions", "days", "recruited", "survivors", "supplies", "scars", "breaks", "stress_left")


def report(records: Iterable[dict], level: str, seed: int) -> str:
    """The report of a batch's records (a list, or a stream read once: only sums and counts are kept)."""
    n = 0
    ends: Counter = Counter()
    fates: Counter = Counter()
    won: Counter = Counter()
    horror: Counter = Counter()
    sums: Counter = Counter()
    for r in records:
        n += 1
        ends[r["over"]] += 1
        fates.update(r["fates"])
        won[r["won"]] += 1
        horror.update(r["horror"])
        sums.update({key: r[key] for key in SUMMED})

    def mean(key: str) -> float:
        return sums[key] / n if n else 0.0

    lines = [f"{n} campaigns, survivor AI {level}, seeds {seed}..{seed + n - 1}",
             "endings: " + ", ".join(f"{k} {v} ({100 * v / n:.0f}%)" for k, v in ends.most_common()),
             "missions won per band: " + ", ".join(f"{k}: {won[k]}" for k in sorted(won)),
             f"per band (mean): {mean('missions'):.1f} missions, {mean('days'):.1f} days, "
             f"{mean('recruited'):.1f} survivors ever, {mean('survivors'):.1f} alive at the end, "
             f"{mean('supplies'):.1f} supplies left",
             f"scars per band: {mean('scars'):.2f}; Stressful Events per band: {mean('breaks'):.2f}; "
             f"stress left on the living: {mean('stress_left'):.1f}",
             "per band in play (mean): " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(horror.items())),
             "what killed them: " + (", ".join(f"{k} {v}" for k, v in fates.most_common()) or "nothing")]
    return "\n".join(lines)
