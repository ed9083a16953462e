"""The recipes of every effect the board plays (tools/make_sounds.py writes them): each a function of a seeded Kit
returning one take, mono, at synth.RATE. The pieces at the top (a thud, a step, a groan, a shot...) are shared.
"""
from __future__ import annotations

import numpy as np
from synth import (
    RATE,
    Kit,
    band,
    bell,
    env,
    formants,
    glide,
    highpass,
    lowpass,
    place,
    resonance,
    reverb,
    samples,
    silence,
    soft,
    swell,
    t_axis,
    tail_fade,
    tone,
)

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


