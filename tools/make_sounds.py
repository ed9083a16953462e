"""Synthesise every sound the game plays into sounds/ (OGG Vorbis, 22,050 Hz mono), from noise, filters and
envelopes (tools/synth.py). Nothing is recorded or downloaded: change a recipe and run this again.

    python tools/make_sounds.py [--only CUE ...] [--check DIR]

Each effect is made in a few takes (other seeds, a slightly other pitch) so a swarm never repeats one sample; the
ambience and the music are seamless loops. `--check DIR` also writes each sound's `sox stats` and spectrogram PNG
there, to listen to with the eyes. Needs numpy and sox (with Vorbis; `apt-get install sox libsox-fmt-base`).
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import (  # noqa: E402  (a script beside its kit, not a package)
    RATE,
    Kit,
    band,
    bell,
    env,
    fade_ends,
    formants,
    glide,
    highpass,
    level,
    lowpass,
    place,
    repitch,
    resonance,
    reverb,
    samples,
    seamless,
    silence,
    soft,
    swell,
    t_axis,
    tail_fade,
    tone,
    trim_head,
    trim_tail,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sounds"
PITCHES = (1.0, 0.955, 1.045, 0.93, 1.07)        # take 1, 2, 3...: the same sound a little lower, a little higher

# mouths for the groans: (centre Hz, width Hz, gain)
UH = ((420, 160, 1.0), (900, 260, 0.5), (2300, 500, 0.15))
AH = ((700, 200, 1.0), (1150, 300, 0.6), (2500, 600, 0.2))
OO = ((320, 120, 1.0), (760, 200, 0.35), (2200, 500, 0.1))


# --- pieces shared by the recipes ----------------------------------------------------------------------------------

def thud(k: Kit, depth: float = 90.0, decay: float = 0.06, seconds: float = 0.4) -> np.ndarray:
    """A body or a boot meeting something solid: a low knock and a puff of low noise."""
    n = samples(seconds)
    knock = tone(seconds, glide(seconds, depth * 1.6, depth)) * env(n, 0.002, decay)
    puff = lowpass(k.noise(seconds), 400) * env(n, 0.001, decay * 0.6)
    return knock + 0.6 * puff


def step(k: Kit, hard: float = 1.0) -> np.ndarray:
    """One footstep on grit: heel thud and a short crunch."""
    n = samples(0.25)
    grit = band(k.crackle(0.25, 900, 0.0015), 500, 3500) * env(n, 0.003, 0.04)
    return hard * thud(k, k.uniform(70, 95), 0.03, 0.25) * 0.8 + 0.5 * grit + \
        0.25 * band(k.noise(0.25), 200, 1200) * env(n, 0.002, 0.025)


def groan(k: Kit, seconds: float, f_start: float, f_end: float, mouth=UH, rough: float = 0.5) -> np.ndarray:
    """A dead throat: a jittery pulse through a mouth, with breath."""
    n = samples(seconds)
    voice = formants(k.glottal(seconds, glide(seconds, f_start, f_end), 0.06), mouth)
    breath = formants(k.noise(seconds), mouth) * rough
    return lowpass(voice + breath, 3200) * swell(n, 0.3)


def whoosh(k: Kit, seconds: float, low: float, high: float) -> np.ndarray:
    return band(k.noise(seconds), low, high) * swell(samples(seconds), 0.6)


def gunshot(k: Kit, crack: float, body_fc: float, body_decay: float, boom: float, tail: float) -> np.ndarray:
    """A shot in a street: the crack, the body of the blast, a low boom, and the echo off the buildings."""
    seconds = 0.6
    n = samples(seconds)
    out = crack * highpass(k.noise(seconds), 1500) * env(n, 0.0005, 0.004)
    out += lowpass(k.noise(seconds), body_fc) * env(n, 0.001, body_decay)
    out += boom * tone(seconds, glide(seconds, 120, 45)) * env(n, 0.001, body_decay * 1.5)
    return reverb(out, tail, 0.55, k, dark=2000)


def clink(k: Kit, base: float, decay: float = 0.05) -> np.ndarray:
    """Metal on metal: a few inharmonic rings."""
    seconds = 0.3
    n = samples(seconds)
    out = sum(tone(seconds, base * r) * env(n, 0.0005, decay / r) * g
              for r, g in ((1.0, 1.0), (2.76, 0.5), (5.4, 0.25)))
    return out + 0.3 * highpass(k.noise(seconds), 3000) * env(n, 0.0005, 0.003)


def rummage(k: Kit, seconds: float) -> np.ndarray:
    """Hands through boxes and shelves: rustle in bursts, little knocks."""
    n = samples(seconds)
    gate = np.clip(lowpass(k.noise(seconds), 9) * 3, 0, 1)
    rustle = band(k.noise(seconds), 700, 5000) * gate * 0.5
    knocks = band(k.crackle(seconds, 14, 0.006), 150, 1500) * 2
    return (rustle + knocks) * swell(n, 0.2)


def drone(seconds: float, notes, k: Kit, bright: float = 500.0) -> np.ndarray:
    """Detuned saws on a slow-moving low-pass: the music bed."""
    n = samples(seconds)
    out = np.zeros(n)
    for f in notes:
        for detune in (-0.15, 0.0, 0.17):
            phase = np.cumsum(np.full(n, f + detune)) / RATE + k.uniform(0, 1)
            out += 2 * (phase % 1.0) - 1
    return lowpass(out, bright) / len(notes)


# --- the effects ---------------------------------------------------------------------------------------------------

def dice(k: Kit) -> np.ndarray:
    out = silence(0.7)
    at, strength = 0.0, 1.0
    for _ in range(int(k.uniform(5, 8))):
        n = samples(0.06)
        hit = band(k.noise(0.06), 1500, 6000) * env(n, 0.0004, 0.004)
        hit += 0.5 * tone(0.06, k.uniform(1400, 2600)) * env(n, 0.0005, 0.012)
        place(out, hit, at, strength)
        at += k.uniform(0.03, 0.11)
        strength *= k.uniform(0.6, 0.9)
    place(out, thud(k, 120, 0.02, 0.2), 0.0, 0.5)          # the cup on the table
    return reverb(out, 0.3, 0.15, k, dark=4000)


def steps(k: Kit) -> np.ndarray:
    out = silence(1.0)
    for i in range(3):
        place(out, step(k, k.uniform(0.7, 1.0)), i * 0.3 + k.uniform(0, 0.03))
    return reverb(out, 0.5, 0.2, k)


def run(k: Kit) -> np.ndarray:
    out = silence(1.0)
    for i in range(5):
        place(out, step(k, 1.2), i * 0.17 + k.uniform(0, 0.02), 1.0 - i * 0.08)
    return reverb(out, 0.5, 0.2, k)


def shuffle(k: Kit) -> np.ndarray:
    """A dead foot dragged over grit, twice."""
    out = silence(1.3)
    for i in range(2):
        n = samples(0.5)
        drag = band(k.noise(0.5), 250, 1400) * swell(n, 0.35) * 0.6
        drag += band(k.crackle(0.5, 300, 0.002), 600, 3000) * swell(n, 0.5) * 0.5
        place(out, drag + thud(k, 70, 0.05, 0.5) * 0.4, i * 0.6 + k.uniform(0, 0.05))
    return reverb(out, 0.5, 0.25, k)


def lunge(k: Kit) -> np.ndarray:
    out = whoosh(k, 0.35, 400, 2500) * 0.8
    out = np.concatenate([soft(out), silence(0.6)])
    place(out, groan(k, 0.5, 130, 90, AH, 0.9), 0.05, 0.9)
    place(out, thud(k, 80, 0.05), 0.3)
    return reverb(out, 0.6, 0.3, k)


def drag(k: Kit) -> np.ndarray:
    n = samples(1.2)
    out = lowpass(k.noise(1.2), 700) * swell(n, 0.5) * 0.7
    out += band(k.crackle(1.2, 200, 0.002), 800, 3000) * swell(n, 0.4) * 0.4
    return reverb(out, 0.5, 0.2, k)


def swing_blade(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(whoosh(k, 0.16, 1200, 6000)), silence(0.45)])
    n = samples(0.2)
    place(out, highpass(k.noise(0.2), 2500) * env(n, 0.001, 0.02) * 0.6, 0.14)
    place(out, band(k.noise(0.2), 300, 1200) * env(n, 0.002, 0.05), 0.15)     # into flesh
    place(out, thud(k, 100, 0.04), 0.15, 0.5)
    return reverb(out, 0.4, 0.2, k)


def swing_blunt(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(whoosh(k, 0.2, 300, 1800)), silence(0.45)])
    place(out, thud(k, 75, 0.08, 0.45), 0.17, 1.2)
    n = samples(0.1)
    place(out, band(k.noise(0.1), 1200, 4000) * env(n, 0.0005, 0.01) * 0.5, 0.17)   # a bone gives
    return reverb(out, 0.4, 0.2, k)


def punch(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(whoosh(k, 0.1, 300, 1500) * 0.5), silence(0.35)])
    place(out, thud(k, 110, 0.04, 0.3), 0.08)
    return reverb(out, 0.3, 0.15, k)


def shot_quiet(k: Kit) -> np.ndarray:
    n = samples(0.4)
    out = lowpass(k.noise(0.4), 1200) * env(n, 0.001, 0.025)
    place(out, clink(k, 2100, 0.02) * 0.25, 0.06)          # the slide
    return reverb(out, 0.4, 0.2, k)


def shot_pistol(k: Kit) -> np.ndarray:
    return gunshot(k, 0.7, 2500, 0.05, 0.7, 1.0)


def shot_rifle(k: Kit) -> np.ndarray:
    return gunshot(k, 1.0, 3200, 0.07, 0.9, 1.6)


def shot_shotgun(k: Kit) -> np.ndarray:
    return gunshot(k, 0.6, 1800, 0.11, 1.3, 1.5)


def shot_smg(k: Kit) -> np.ndarray:
    out = silence(1.6)
    for i in range(4):
        place(out, gunshot(k, 0.6, 2600, 0.035, 0.5, 0.5), i * 0.085, 1.0 - 0.1 * i)
    return out


def throw_blast(k: Kit) -> np.ndarray:
    n = samples(2.0)
    out = lowpass(k.noise(2.0), 900) * env(n, 0.002, 0.35)
    out += 1.2 * tone(2.0, glide(2.0, 70, 32)) * env(n, 0.003, 0.45)
    out += tail_fade(band(k.crackle(2.0, 60, 0.004), 500, 4000) * env(n, 0.05, 0.6), 0.8) * 0.8   # debris
    return reverb(out, 2.2, 0.6, k, dark=1500)


def throw_fire(k: Kit) -> np.ndarray:
    out = silence(1.8)
    glass = highpass(k.crackle(0.3, 120, 0.0015), 2500) + 0.4 * clink(k, 3300, 0.03) + 0.3 * clink(k, 4100, 0.02)
    place(out, glass, 0.0)
    n = samples(1.5)
    roar = lowpass(k.brown(1.5), 600) * swell(n, 0.25) * 1.3 + band(k.crackle(1.5, 90, 0.003), 800, 3500) * 0.3
    roar = tail_fade(roar, 0.6)
    place(out, roar, 0.12)
    return reverb(out, 0.8, 0.3, k)


def snarls(k: Kit, seconds: float, count: int) -> np.ndarray:
    out = silence(seconds)
    for _ in range(count):
        length = k.uniform(0.25, 0.55)
        place(out, groan(k, length, k.uniform(100, 150), k.uniform(70, 100), AH, 1.0), k.uniform(0, seconds - 0.55),
              k.uniform(0.5, 1.0))
    return out


def swarm(k: Kit) -> np.ndarray:
    out = snarls(k, 1.1, 4)
    for _ in range(3):
        n = samples(0.15)
        place(out, band(k.noise(0.15), 400, 2500) * env(n, 0.002, 0.04), k.uniform(0.1, 0.8), 0.7)   # tearing
    return reverb(out, 0.6, 0.3, k)


def frenzy(k: Kit) -> np.ndarray:
    out = snarls(k, 1.8, 7)
    for _ in range(6):
        n = samples(0.2)
        place(out, band(k.noise(0.2), 300, 2000) * env(n, 0.002, 0.06), k.uniform(0.1, 1.5), 0.8)
    return reverb(out, 0.8, 0.35, k)


def hurt(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(thud(k, 85, 0.05, 0.3)), silence(0.3)])
    n = samples(0.3)
    grunt = formants(k.glottal(0.3, glide(0.3, 140, 100), 0.03), UH) + 0.5 * formants(k.noise(0.3), UH)
    place(out, lowpass(grunt, 2500) * swell(n, 0.15) * 0.6, 0.04)
    return reverb(out, 0.4, 0.2, k)


def hit_zombie(k: Kit) -> np.ndarray:
    out = thud(k, 70, 0.05, 0.45)
    n = samples(0.25)
    place(out, band(k.noise(0.25), 300, 900) * env(n, 0.01, 0.05), 0.03, 0.8)    # wet
    return reverb(out, 0.4, 0.2, k)


def downed(k: Kit) -> np.ndarray:
    out = silence(1.5)
    place(out, thud(k, 65, 0.09, 0.5), 0.0, 1.0)             # knees
    place(out, thud(k, 55, 0.12, 0.6), 0.22, 1.2)            # the body
    place(out, band(k.noise(0.4), 500, 3000) * swell(samples(0.4), 0.2) * 0.3, 0.2)   # cloth
    for at in (0.8, 1.05):                                   # a heartbeat
        place(out, thud(k, 45, 0.07, 0.4), at, 0.6)
    return reverb(out, 0.8, 0.3, k)


def death_toll(k: Kit) -> np.ndarray:
    out = bell(3.5, k.uniform(108, 112)) + 0.3 * lowpass(k.brown(3.5), 150) * env(samples(3.5), 0.5, 1.0)
    return reverb(lowpass(out, 1800), 2.5, 0.5, k, dark=1200)


def zombie_down(k: Kit) -> np.ndarray:
    out = silence(1.3)
    place(out, groan(k, 0.6, 95, 55, OO, 0.8), 0.0, 0.6)
    place(out, thud(k, 60, 0.1, 0.5), 0.35, 1.1)
    place(out, thud(k, 70, 0.06, 0.4), 0.55, 0.5)
    return reverb(out, 0.6, 0.3, k)


def burst(k: Kit) -> np.ndarray:
    n = samples(1.4)
    out = lowpass(k.noise(1.4), 700) * env(n, 0.003, 0.2) + tone(1.4, glide(1.4, 90, 40)) * env(n, 0.003, 0.25)
    splat = tail_fade(band(k.crackle(1.4, 150, 0.006), 200, 1500) * env(n, 0.02, 0.35), 0.5)
    return reverb(out + splat * 1.2, 1.0, 0.4, k, dark=1500)


def door_open(k: Kit) -> np.ndarray:
    """A hinge: stick-slip friction through the door's wooden body, then it settles."""
    seconds = 0.9
    n = samples(seconds)
    rate = 35 + 40 * swell(n, 0.6) + 8 * np.sin(2 * np.pi * 3 * t_axis(n))
    out = resonance(k.glottal(seconds, rate, 0.1), k.uniform(650, 900), 250) * swell(n, 0.4) * 0.7
    out = np.concatenate([soft(clink(k, 1800, 0.02) * 0.3), soft(out)])
    return reverb(out, 0.6, 0.25, k)


def door_close(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(thud(k, 85, 0.08, 0.5)), silence(0.1)])
    place(out, resonance(k.noise(0.3), 220, 90) * env(samples(0.3), 0.001, 0.05) * 1.5, 0.0)
    place(out, clink(k, 1600, 0.02) * 0.35, 0.05)            # the latch
    return reverb(out, 0.6, 0.3, k)


def hammer(k: Kit) -> np.ndarray:
    n = samples(0.3)
    wood = resonance(k.noise(0.3), k.uniform(260, 360), 120) * env(n, 0.0005, 0.04) * 2
    return wood + highpass(k.noise(0.3), 2000) * env(n, 0.0003, 0.003) + thud(k, 110, 0.03, 0.3) * 0.5


def barricade(k: Kit) -> np.ndarray:
    out = silence(1.4)
    for i in range(3):
        place(out, hammer(k), i * 0.36 + k.uniform(0, 0.04), 1.0 - 0.1 * i)
    return reverb(out, 0.6, 0.3, k)


def unbarricade(k: Kit) -> np.ndarray:
    out = silence(1.3)
    n = samples(0.5)
    creak = resonance(k.glottal(0.5, glide(0.5, 40, 90), 0.2), 500, 200) * swell(n, 0.7) * 0.6
    place(out, creak, 0.0)
    place(out, highpass(k.crackle(0.1, 400, 0.002), 1000), 0.45)     # the nails give
    place(out, thud(k, 90, 0.06, 0.4), 0.7, 0.8)                    # the plank drops
    place(out, thud(k, 100, 0.05, 0.4), 0.85, 0.5)
    return reverb(out, 0.6, 0.25, k)


def door_smash(k: Kit) -> np.ndarray:
    n = samples(1.2)
    out = thud(k, 70, 0.12, 1.2) * 1.2
    out += band(k.crackle(1.2, 500, 0.003), 600, 4500) * env(n, 0.002, 0.15)
    out += resonance(k.noise(1.2), 300, 150) * env(n, 0.001, 0.1) * 1.5
    return reverb(out, 0.9, 0.35, k)


def door_slam(k: Kit) -> np.ndarray:
    out = silence(1.8)
    for i, (at, g) in enumerate(((0.0, 1.0), (0.25, 0.55), (0.55, 0.7), (0.8, 0.35))):
        slam = thud(k, 80 - 5 * i, 0.09, 0.5) + resonance(k.noise(0.5), 230, 90) * env(samples(0.5), 0.001, 0.05)
        place(out, lowpass(slam, 2500 / (1 + i)), at, g)
    return reverb(out, 1.6, 0.5, k, dark=1500)


def search(k: Kit) -> np.ndarray:
    return reverb(rummage(k, 1.0), 0.4, 0.2, k)


def search_find(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(rummage(k, 0.8)), silence(0.4)])
    place(out, clink(k, k.uniform(1300, 1700), 0.06) * 0.6, 0.8)
    return reverb(out, 0.4, 0.2, k)


def search_jackpot(k: Kit) -> np.ndarray:
    out = np.concatenate([soft(rummage(k, 0.8)), silence(0.7)])
    place(out, thud(k, 100, 0.05), 0.75, 0.7)                            # a lid comes up
    place(out, clink(k, 1250, 0.07) * 0.6, 0.85)
    place(out, clink(k, 1660, 0.07) * 0.5, 1.0)
    return reverb(out, 0.5, 0.2, k)


def hazard(k: Kit) -> np.ndarray:
    out = silence(1.2)
    for _ in range(6):                                                    # cans and junk coming down
        place(out, clink(k, k.uniform(700, 1600), 0.04) * 0.5, k.uniform(0, 0.5))
    place(out, thud(k, 60, 0.1, 0.5), 0.0, 1.0)
    return reverb(out, 0.7, 0.3, k)


def work(k: Kit) -> np.ndarray:
    out = silence(1.2)
    for i in range(5):                                                    # a ratchet
        place(out, clink(k, 2400, 0.01) * 0.4, 0.1 + i * 0.09)
    place(out, clink(k, 900, 0.08) * 0.6 + thud(k, 120, 0.03, 0.3) * 0.4, 0.65)
    return reverb(out, 0.5, 0.2, k)


def objective(k: Kit) -> np.ndarray:
    """Something heavy engages: a breaker thrown, then its hum."""
    out = silence(2.0)
    place(out, thud(k, 70, 0.08, 0.5), 0.0)
    place(out, clink(k, 700, 0.06), 0.0, 0.5)
    n = samples(1.8)
    hum = sum(tone(1.8, 55 * h) / h for h in (1, 2, 3, 5)) * swell(n, 0.35) * 0.4
    place(out, lowpass(hum, 600), 0.1)
    return reverb(out, 1.0, 0.3, k)


def joins(k: Kit) -> np.ndarray:
    out = silence(1.2)
    for i in range(2):
        place(out, step(k, 0.8), i * 0.32)
    n = samples(0.5)
    place(out, formants(k.noise(0.5), AH) * swell(n, 0.3) * 0.25, 0.6)  # a breath let out
    return reverb(out, 0.5, 0.2, k)


def escape(k: Kit) -> np.ndarray:
    out = silence(2.0)
    for i in range(6):
        place(out, lowpass(step(k, 1.0), 3000 - 350 * i), i * 0.17, 1.0 - 0.14 * i)
    for i in range(4):                                                    # a chain-link gate
        place(out, clink(k, k.uniform(900, 1300), 0.05) * 0.4, 1.1 + i * 0.06)
    return reverb(out, 0.9, 0.3, k)


def heat(k: Kit) -> np.ndarray:
    """The city hears it: a low roll off the buildings and something far off answering."""
    n = samples(1.8)
    out = lowpass(k.brown(1.8), 220) * swell(n, 0.2) * 1.5
    place(out, lowpass(groan(k, 0.9, 85, 70, OO, 0.5), 900) * 0.25, 0.5)
    return reverb(out, 1.2, 0.4, k, dark=900)


def doom_bell(k: Kit) -> np.ndarray:
    out = bell(4.0, 62, ((0.5, 0.8, 1.8), (1.0, 1.0, 1.0), (1.19, 0.6, 0.8), (1.5, 0.4, 0.7), (2.0, 0.5, 0.5),
                         (2.5, 0.25, 0.4), (3.0, 0.2, 0.3)))
    return reverb(lowpass(out, 1500), 3.0, 0.55, k, dark=1000)


def escalate(k: Kit) -> np.ndarray:
    n = samples(3.5)
    out = tail_fade(doom_bell(k)[:n], 0.8) * 0.8
    cluster = lowpass(sum(tone(3.5, f) for f in (55, 58.3, 82.4)), 300) * swell(n, 0.6) * 0.5
    return out + cluster


def finale(k: Kit) -> np.ndarray:
    out = silence(5.0)
    place(out, doom_bell(k), 0.0)
    place(out, doom_bell(k), 1.2, 0.8)
    brass = drone(4.2, (36.7, 55.0, 73.4, 77.8), k, 420) * swell(samples(4.2), 0.5)
    place(out, brass * 0.7, 0.6)
    return out


def doom_event(k: Kit) -> np.ndarray:
    n = samples(2.6)
    out = tone(2.6, glide(2.6, 60, 38)) * env(n, 0.01, 0.6) + lowpass(k.noise(2.6), 400) * env(n, 0.005, 0.3)
    out += lowpass(sum(tone(2.6, f) for f in (73.4, 77.8)), 400) * swell(n, 0.4) * 0.5
    return reverb(out, 2.0, 0.5, k, dark=1000)


def director_event(k: Kit) -> np.ndarray:
    n = samples(2.0)
    scrape = resonance(k.glottal(2.0, glide(2.0, 30, 60), 0.3), 420, 160) * swell(n, 0.5) * 0.5
    rumble = lowpass(k.brown(2.0), 200) * swell(n, 0.3)
    return reverb(scrape + rumble, 1.5, 0.5, k, dark=1200)


def blackout(k: Kit) -> np.ndarray:
    seconds = 2.0
    n = samples(seconds)
    f = glide(seconds, 60, 20)
    hum = sum(tone(seconds, f * h) / h for h in (1, 2, 3, 4)) * np.exp(-t_axis(n) / 0.6)
    out = np.concatenate([soft(highpass(k.crackle(0.15, 200, 0.001), 2000) * 0.6), soft(hum * 0.8, 0.05)])
    place(out, thud(k, 90, 0.06), 0.05, 0.8)                            # the breaker goes
    return reverb(out, 1.2, 0.3, k)


def spawn_shambler(k: Kit) -> np.ndarray:
    return reverb(groan(k, 1.1, k.uniform(80, 95), k.uniform(60, 70), UH, 0.6), 0.8, 0.35, k)


def spawn_horde(k: Kit) -> np.ndarray:
    out = silence(2.2)
    for _ in range(6):
        length = k.uniform(0.8, 1.4)
        place(out, groan(k, length, k.uniform(70, 120), k.uniform(55, 80), (UH, AH, OO)[int(k.uniform(0, 3))], 0.6),
              k.uniform(0, 0.8), k.uniform(0.4, 0.9))
    return reverb(out, 1.0, 0.4, k)


def spawn_brute(k: Kit) -> np.ndarray:
    out = groan(k, 1.3, 55, 42, AH, 1.2) * 1.2
    out += lowpass(k.noise(1.3), 300) * swell(samples(1.3), 0.3) * 0.5
    out = np.concatenate([soft(out), silence(0.3)])
    place(out, thud(k, 50, 0.12, 0.6), 0.9, 1.0)                        # a fist on a car
    return reverb(out, 1.0, 0.35, k)


def spawn_screamer(k: Kit) -> np.ndarray:
    return reverb(groan(k, 0.9, 170, 240, AH, 0.9), 0.9, 0.35, k)


def spawn_hunter(k: Kit) -> np.ndarray:
    n = samples(0.9)
    hiss = band(k.noise(0.9), 1500, 4500, 3) * swell(n, 0.3) * 0.25
    return reverb(hiss + groan(k, 0.9, 110, 85, OO, 1.2) * 0.7, 0.6, 0.3, k)


def spawn_bloater(k: Kit) -> np.ndarray:
    out = groan(k, 1.3, 65, 55, OO, 0.4) * 0.7
    for _ in range(9):                                                   # it gurgles
        length = k.uniform(0.04, 0.1)
        m = samples(length)
        place(out, tone(length, glide(length, k.uniform(120, 220), k.uniform(250, 400))) * env(m, 0.004, length / 3),
              k.uniform(0.1, 1.1), 0.6)
    return reverb(lowpass(out, 2500), 0.8, 0.3, k)


def shriek(k: Kit) -> np.ndarray:
    seconds = 1.8
    n = samples(seconds)
    f0 = 300 + 260 * swell(n, 0.35) + 25 * np.sin(2 * np.pi * 7 * t_axis(n))
    voice = formants(k.glottal(seconds, f0, 0.05), ((900, 300, 1.0), (1500, 400, 0.7), (2700, 700, 0.3)))
    voice += formants(k.noise(seconds), AH) * 0.8
    return reverb(lowpass(voice, 4000) * swell(n, 0.2), 2.0, 0.55, k, dark=2500)


def director_turn(k: Kit) -> np.ndarray:
    """A heavy drum far off: the horde's turn."""
    n = samples(1.5)
    out = tone(1.5, glide(1.5, 75, 48)) * env(n, 0.003, 0.25) + lowpass(k.noise(1.5), 500) * env(n, 0.002, 0.05)
    return reverb(out, 1.8, 0.5, k, dark=900)


def dread(k: Kit) -> np.ndarray:
    n = samples(2.5)
    out = lowpass(sum(tone(2.5, f * k.uniform(0.995, 1.005)) for f in (65.4, 69.3, 98.0)), 400) * swell(n, 0.7)
    return reverb(out + 0.3 * lowpass(k.brown(2.5), 200) * swell(n, 0.6), 1.5, 0.4, k)


def victory(k: Kit) -> np.ndarray:
    n = samples(4.0)
    chord = drone(4.0, (55.0, 82.4, 110.0, 138.6), k, 900) * swell(n, 0.35)
    return reverb(chord, 2.0, 0.4, k)


def defeat(k: Kit) -> np.ndarray:
    n = samples(4.5)
    f = glide(4.5, 73.4, 49.0)
    low = sum(np.sin(2 * np.pi * np.cumsum(f * r) / RATE) / (i + 1) for i, r in enumerate((1, 1.5, 2.0, 2.38)))
    out = lowpass(low, 500) * swell(n, 0.2)
    place(out, bell(3.5, 55) * 0.6, 0.0)
    return reverb(out, 2.5, 0.5, k, dark=900)


def click(k: Kit) -> np.ndarray:
    n = samples(0.08)
    return resonance(k.noise(0.08), 900, 300) * env(n, 0.0003, 0.006) + thud(k, 160, 0.01, 0.08) * 0.3


def sting(k: Kit) -> np.ndarray:
    """The Director moved where nobody can see: a low bowed cluster, struck."""
    n = samples(1.8)
    stab = drone(1.8, (61.7, 65.4, 92.5), k, 700) * env(n, 0.01, 0.5)
    return reverb(stab + thud(k, 45, 0.12, 1.8) * 0.6, 1.5, 0.45, k, dark=1200)


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
    pad = drone(seconds, (36.7, 55.0, 73.4), k, 320)
    pad *= 0.75 + 0.25 * np.sin(2 * np.pi * t_axis(n) / (12 * BEAT))
    return seamless(pad, 2.0)


def bed_tense(k: Kit) -> np.ndarray:
    seconds = 24 * BEAT + 2.0
    n = samples(seconds)
    cluster = drone(seconds, (73.4, 77.8, 110.0), k, 480) * (0.7 + 0.3 * np.sin(2 * np.pi * 5 * t_axis(n)))
    out = cluster * 0.6
    for i in range(24):                                     # the pulse: a low double beat
        place(out, thud(k, 48, 0.1, 0.5), i * BEAT, 1.0)
        place(out, thud(k, 44, 0.1, 0.5), i * BEAT + 0.22, 0.6)
    return seamless(out, 2.0)


# --- the catalogue: name -> (recipe, takes, loudness dBFS) -----------------------------------------------------------

LOOP, EFFECT, LOUD = -30.0, -18.0, -15.0
SOUNDS: dict[str, tuple[Callable[[Kit], np.ndarray], int, float]] = {
    "dice": (dice, 3, EFFECT), "steps": (steps, 3, EFFECT), "run": (run, 3, EFFECT),
    "shuffle": (shuffle, 3, EFFECT), "lunge": (lunge, 3, EFFECT), "drag": (drag, 2, EFFECT),
    "swing_blade": (swing_blade, 3, EFFECT), "swing_blunt": (swing_blunt, 3, EFFECT), "punch": (punch, 3, EFFECT),
    "shot_quiet": (shot_quiet, 3, EFFECT), "shot_pistol": (shot_pistol, 3, LOUD), "shot_rifle": (shot_rifle, 3, LOUD),
    "shot_shotgun": (shot_shotgun, 3, LOUD), "shot_smg": (shot_smg, 3, LOUD), "throw_blast": (throw_blast, 2, LOUD),
    "throw_fire": (throw_fire, 2, LOUD), "swarm": (swarm, 3, EFFECT), "frenzy": (frenzy, 2, EFFECT),
    "hurt": (hurt, 3, EFFECT), "hit_zombie": (hit_zombie, 3, EFFECT), "downed": (downed, 2, EFFECT),
    "death_toll": (death_toll, 1, EFFECT), "zombie_down": (zombie_down, 3, EFFECT), "burst": (burst, 2, LOUD),
    "door_open": (door_open, 3, EFFECT), "door_close": (door_close, 3, EFFECT), "barricade": (barricade, 2, EFFECT),
    "unbarricade": (unbarricade, 2, EFFECT), "door_smash": (door_smash, 3, EFFECT), "door_slam": (door_slam, 1, EFFECT),
    "search": (search, 3, EFFECT), "search_find": (search_find, 3, EFFECT),
    "search_jackpot": (search_jackpot, 2, EFFECT), "hazard": (hazard, 2, EFFECT), "work": (work, 3, EFFECT),
    "objective": (objective, 1, EFFECT), "joins": (joins, 1, EFFECT), "escape": (escape, 2, EFFECT),
    "heat": (heat, 3, EFFECT), "doom_bell": (doom_bell, 1, EFFECT), "escalate": (escalate, 1, EFFECT),
    "finale": (finale, 1, EFFECT), "doom_event": (doom_event, 1, EFFECT), "director_event": (director_event, 2, EFFECT),
    "blackout": (blackout, 1, EFFECT), "spawn_shambler": (spawn_shambler, 3, EFFECT),
    "spawn_horde": (spawn_horde, 2, EFFECT), "spawn_brute": (spawn_brute, 2, EFFECT),
    "spawn_screamer": (spawn_screamer, 2, EFFECT), "spawn_hunter": (spawn_hunter, 2, EFFECT),
    "spawn_bloater": (spawn_bloater, 2, EFFECT), "shriek": (shriek, 2, LOUD),
    "director_turn": (director_turn, 1, EFFECT),
    "dread": (dread, 1, EFFECT), "victory": (victory, 1, EFFECT), "defeat": (defeat, 1, EFFECT),
    "click": (click, 2, EFFECT), "sting": (sting, 2, EFFECT),
    "rain": (rain, 1, LOOP), "wind": (wind, 1, LOOP), "siren": (siren, 1, LOOP),
    "bed_calm": (bed_calm, 1, LOOP), "bed_tense": (bed_tense, 1, LOOP),
}
LOOPS = {"rain", "wind", "siren", "bed_calm", "bed_tense"}
PEAK_DB = -2.0


def take(name: str, number: int) -> np.ndarray:
    """Take `number` (1, 2, ...) of a sound, levelled, its ends faded (a loop's ends already meet)."""
    recipe, _, target = SOUNDS[name]
    kit = Kit(sum(map(ord, name)) * 100 + number)
    x = recipe(kit)
    x = highpass(x, 28, 2)                                  # nothing below what a speaker can move
    if name not in LOOPS:
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
    names = args.only or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        print(f"error: unknown sound {unknown[0]!r}", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            for number in range(1, SOUNDS[name][1] + 1):
                wav, ogg = Path(tmp) / f"{name}_{number}.wav", OUT / f"{name}_{number}.ogg"
                write_wav(wav, take(name, number))
                encode(wav, ogg)
                print(f"{ogg.relative_to(ROOT)}" + (f"  {check(ogg, args.check)}" if args.check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
