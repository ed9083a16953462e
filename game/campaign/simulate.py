"""`campaign --simulate`: many whole campaigns AI against AI, and a report for tuning the layer: how far bands get,
what kills them, how scars and stress build up. Campaign i uses seed S+i; records come back in order whatever the
number of worker processes."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from game.campaign.autoplay import MAX_DAYS, run_campaign
from game.content.loader import load_content


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


def stream(jobs: list[CampaignJob], workers: int = 1) -> Iterator[dict]:
    if workers <= 1:
        yield from map(run_one, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(run_one, jobs, chunksize=4)


def report(records: list[dict], level: str, seed: int) -> str:
    n = len(records)
    ends = Counter(r["over"] for r in records)
    fates: Counter = Counter()
    for r in records:
        fates.update(r["fates"])
    won = Counter(r["won"] for r in records)
    horror: Counter = Counter()
    for r in records:
        horror.update(r["horror"])

    def mean(key: str) -> float:
        return sum(r[key] for r in records) / n if n else 0.0

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
