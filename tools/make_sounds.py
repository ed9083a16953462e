"""Synthesise every sound the game plays into sounds/ (OGG Vorbis, 22,050 Hz mono), from noise, filters and
envelopes (tools/synth.py). Nothing is recorded or downloaded: change a recipe and run this again.

    python tools/make_sounds.py [--only CUE ...] [--check DIR]

Each effect is made in the takes game/data/sounds.yaml asks for (other seeds, a slightly other pitch) so a swarm
never repeats one sample; the ambience and the music are seamless loops. `--check DIR` also writes each sound's
`sox stats` and spectrogram PNG there, to listen to with the eyes. Needs numpy, pyyaml and sox (with Vorbis;
`apt-get install sox libsox-fmt-base`). The recipes are in tools/effects.py and below (the loops).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import effects as fx  # noqa: E402
from synth import (  # noqa: E402  (a script beside its kit, not a package)
    RATE,
    Kit,
    band,
    fade_ends,
    highpass,
    level,
    lowpass,
    place,
    repitch,
    resonance,
    reverb,
    samples,
    seamless,
    swell,
    t_axis,
    tone,
    trim_head,
    trim_tail,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sounds"
PITCHES = (1.0, 0.955, 1.045, 0.93, 1.07)        # take 1, 2, 3...: the same sound a little lower, a little higher


# --- the loops -----------------------------------------------------------------------------------------------------

def rain(k: Kit) -> np.ndarray:
    seconds = 14.0
    n = samples(seconds)
    hiss = band(k.noise(seconds), 400, 2800) * (0.8 + 0.2 * lowpass(k.noise(seconds), 0.3) * 8)
    drops = band(k.crackle(seconds, 1500, 0.0012), 900, 4500)
    gutter = lowpass(k.brown(seconds), 250) * 0.8
    return seamless(lowpass(hiss * 0.5 + drops * 0.4 + gutter, 5000), 2.0)[:n - samples(2.0)]


def wind(k: Kit) -> np.ndarray:
    seconds = 16.0
    size = samples(0.5)
    gust = 0.5 + 0.5 * np.sin(np.linspace(0, 2 * np.pi * 3, int(seconds / 0.5)) + k.uniform(0, 6))
    x = np.zeros(size * (len(gust) + 1))
    window = np.hanning(2 * size)
    for i, g in enumerate(gust):                            # the filter opens with each gust; blocks overlap-added
        x[i * size:(i + 2) * size] += band(k.noise(1.0), 120, 300 + 700 * g, 1)[:2 * size] * window * (0.4 + 0.6 * g)
    x = lowpass(x[:size * len(gust)], 1200)
    whistle = resonance(k.noise(seconds), 820, 30) * 0.4 * np.repeat(gust, size)[:len(x)] ** 2
    return seamless(x + whistle[:len(x)], 2.0)


def siren(k: Kit) -> np.ndarray:
    seconds = 18.0
    n = samples(seconds)
    wail = 560 + 220 * (0.5 - 0.5 * np.cos(2 * np.pi * t_axis(n) / 4.5))
    s = tone(seconds, wail) + 0.3 * tone(seconds, wail * 2)
    far = lowpass(s, 1300) * (0.6 + 0.4 * lowpass(k.noise(seconds), 0.5) * 6).clip(0.2, 1.0)
    out = reverb(far * swell(n, 0.5), 2.5, 0.8, k, dark=1200)
    out = out + lowpass(k.brown(len(out) / RATE), 150) * 0.15
    return seamless(out[:n + samples(2.0)], 2.0)


BPM = 72
BEAT = 60 / BPM


def bed_calm(k: Kit) -> np.ndarray:
    seconds = 24 * BEAT + 2.0
    n = samples(seconds)
    pad = fx.drone(seconds, (36.7, 55.0, 73.4), k, 320)
    pad *= 0.75 + 0.25 * np.sin(2 * np.pi * t_axis(n) / (12 * BEAT))
    return seamless(pad, 2.0)


def bed_tense(k: Kit) -> np.ndarray:
    seconds = 24 * BEAT + 2.0
    n = samples(seconds)
    cluster = fx.drone(seconds, (73.4, 77.8, 110.0), k, 480) * (0.7 + 0.3 * np.sin(2 * np.pi * 5 * t_axis(n)))
    out = cluster * 0.6
    for i in range(24):                                     # the pulse: a low double beat
        place(out, fx.thud(k, 48, 0.1, 0.5), i * BEAT, 1.0)
        place(out, fx.thud(k, 44, 0.1, 0.5), i * BEAT + 0.22, 0.6)
    return seamless(out, 2.0)


# --- the catalogue: cue -> (recipe, loudness dBFS); how many takes, and which are loops, game/data/sounds.yaml says --

LOOP, EFFECT, LOUD = -30.0, -18.0, -15.0
SOUNDS: dict[str, tuple[Callable[[Kit], np.ndarray], float]] = {
    "dice": (fx.dice, EFFECT), "steps": (fx.steps, EFFECT), "run": (fx.run, EFFECT),
    "shuffle": (fx.shuffle, EFFECT), "lunge": (fx.lunge, EFFECT), "drag": (fx.drag, EFFECT),
    "swing_blade": (fx.swing_blade, EFFECT), "swing_blunt": (fx.swing_blunt, EFFECT),
    "punch": (fx.punch, EFFECT), "shot_quiet": (fx.shot_quiet, EFFECT),
    "shot_pistol": (fx.shot_pistol, LOUD), "shot_rifle": (fx.shot_rifle, LOUD),
    "shot_shotgun": (fx.shot_shotgun, LOUD), "shot_smg": (fx.shot_smg, LOUD),
    "throw_blast": (fx.throw_blast, LOUD), "throw_fire": (fx.throw_fire, LOUD), "swarm": (fx.swarm, EFFECT),
    "frenzy": (fx.frenzy, EFFECT), "hurt": (fx.hurt, EFFECT), "hit_zombie": (fx.hit_zombie, EFFECT),
    "downed": (fx.downed, EFFECT), "death_toll": (fx.death_toll, EFFECT),
    "zombie_down": (fx.zombie_down, EFFECT), "burst": (fx.burst, LOUD), "door_open": (fx.door_open, EFFECT),
    "door_close": (fx.door_close, EFFECT), "barricade": (fx.barricade, EFFECT),
    "unbarricade": (fx.unbarricade, EFFECT), "door_smash": (fx.door_smash, EFFECT),
    "door_slam": (fx.door_slam, EFFECT), "search": (fx.search, EFFECT),
    "search_find": (fx.search_find, EFFECT), "search_jackpot": (fx.search_jackpot, EFFECT),
    "hazard": (fx.hazard, EFFECT), "work": (fx.work, EFFECT), "objective": (fx.objective, EFFECT),
    "joins": (fx.joins, EFFECT), "escape": (fx.escape, EFFECT), "heat": (fx.heat, EFFECT),
    "doom_bell": (fx.doom_bell, EFFECT), "escalate": (fx.escalate, EFFECT), "finale": (fx.finale, EFFECT),
    "doom_event": (fx.doom_event, EFFECT), "director_event": (fx.director_event, EFFECT),
    "blackout": (fx.blackout, EFFECT), "spawn_shambler": (fx.spawn_shambler, EFFECT),
    "spawn_horde": (fx.spawn_horde, EFFECT), "spawn_brute": (fx.spawn_brute, EFFECT),
    "spawn_screamer": (fx.spawn_screamer, EFFECT), "spawn_hunter": (fx.spawn_hunter, EFFECT),
    "spawn_bloater": (fx.spawn_bloater, EFFECT), "shriek": (fx.shriek, LOUD),
    "director_turn": (fx.director_turn, EFFECT), "dread": (fx.dread, EFFECT),
    "victory": (fx.victory, EFFECT), "defeat": (fx.defeat, EFFECT), "click": (fx.click, EFFECT),
    "sting": (fx.sting, EFFECT), "rain": (rain, LOOP), "wind": (wind, LOOP), "siren": (siren, LOOP),
    "bed_calm": (bed_calm, LOOP), "bed_tense": (bed_tense, LOOP),
}
PEAK_DB = -2.0
TABLE = ROOT / "game" / "data" / "sounds.yaml"


def cues() -> dict[str, dict]:
    """The cues of the game's sound table: their takes and whether they loop."""
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))["cues"]


def take(name: str, number: int, loop: bool) -> np.ndarray:
    """Take `number` (1, 2, ...) of a sound, levelled, its ends faded (a loop's ends already meet)."""
    recipe, target = SOUNDS[name]
    kit = Kit(sum(map(ord, name)) * 100 + number)
    x = recipe(kit)
    x = highpass(x, 28, 2)                                  # nothing below what a speaker can move
    if not loop:
        x = fade_ends(trim_tail(trim_head(repitch(x, PITCHES[number - 1]))))
        pad = np.zeros(samples(0.01))                       # the codec's ringing falls on silence, not a jump
        x = np.concatenate([pad, x, pad])
    return level(x, target, PEAK_DB)


def write_wav(path: Path, x: np.ndarray) -> None:
    pcm = (np.clip(x, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def encode(wav: Path, ogg: Path) -> None:
    subprocess.run(["sox", str(wav), "-C", "3", str(ogg)], check=True)


def check(ogg: Path, folder: Path) -> str:
    """sox stats of the file, and its spectrogram as a PNG in folder."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["sox", str(ogg), "-n", "spectrogram", "-t", ogg.stem, "-x", "800", "-y", "257",
                    "-o", str(folder / f"{ogg.stem}.png")], check=True)
    stats = subprocess.run(["sox", str(ogg), "-n", "stats"], capture_output=True, text=True, check=True).stderr
    wanted = ("Pk lev dB", "RMS lev dB", "Length s")
    return "  ".join(" ".join(line.split()) for line in stats.splitlines() if line.startswith(wanted))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the game's sounds into sounds/.")
    parser.add_argument("--only", nargs="*", metavar="CUE", help="make only these sounds")
    parser.add_argument("--check", type=Path, metavar="DIR", help="write sox stats and spectrograms here")
    args = parser.parse_args(argv)
    table = cues()
    names = args.only or list(table)
    unknown = [n for n in names if n not in table or n not in SOUNDS]
    if unknown:
        where = "game/data/sounds.yaml has no cue" if unknown[0] not in table else "no recipe makes"
        print(f"error: {where} {unknown[0]!r}", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            for number in range(1, table[name]["takes"] + 1):
                wav, ogg = Path(tmp) / f"{name}_{number}.wav", OUT / f"{name}_{number}.ogg"
                write_wav(wav, take(name, number, table[name].get("loop", False)))
                encode(wav, ogg)
                print(f"{ogg.relative_to(ROOT)}" + (f"  {check(ogg, args.check)}" if args.check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
