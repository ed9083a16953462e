"""The small signal kit tools/make_sounds.py builds every sound from: noise, filters, envelopes, voices, reverb.

Mono float arrays at RATE samples a second, numpy only. Filters work on the spectrum (one FFT each): the sounds are
short, and a smooth magnitude response is all a dark, grounded effect needs.
"""
from __future__ import annotations

import numpy as np

RATE = 22050


class Kit:
    """One take's sources, drawn from its own seeded generator (the same seed makes the same file)."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def uniform(self, low: float, high: float) -> float:
        return float(self.rng.uniform(low, high))

    def noise(self, seconds: float) -> np.ndarray:
        return self.rng.standard_normal(samples(seconds))

    def brown(self, seconds: float) -> np.ndarray:
        """Noise with most of its energy low (integrated white noise, its drift removed)."""
        x = np.cumsum(self.noise(seconds))
        x -= np.convolve(x, np.ones(2048) / 2048, mode="same")
        return x / (np.abs(x).max() + 1e-9)

    def crackle(self, seconds: float, per_second: float, decay: float = 0.002) -> np.ndarray:
        """Sparse clicks of random strength: gravel, rain drops, splinters, debris."""
        n = samples(seconds)
        out = np.zeros(n)
        count = self.rng.poisson(per_second * seconds)
        click = np.exp(-np.arange(samples(decay * 6)) / (decay * RATE)) * self.rng.standard_normal(samples(decay * 6))
        for at in self.rng.integers(0, max(1, n - len(click)), count):
            out[at:at + len(click)] += click * self.rng.uniform(0.2, 1.0)
        return out

    def glottal(self, seconds: float, f0, jitter: float = 0.04) -> np.ndarray:
        """A rough pulse train at pitch f0 (a number or an array over time): the throat of a groan."""
        n = samples(seconds)
        f = np.broadcast_to(np.asarray(f0, dtype=float), (n,)) if np.ndim(f0) == 0 else np.asarray(f0, float)
        wobble = 1 + jitter * lowpass(self.rng.standard_normal(n), 30)
        phase = np.cumsum(f * wobble) / RATE
        saw = 2 * (phase % 1.0) - 1
        return saw * (1 + 0.5 * lowpass(self.rng.standard_normal(n), 60)) + 0.3 * self.rng.standard_normal(n)


def samples(seconds: float) -> int:
    return max(1, int(round(seconds * RATE)))


def t_axis(n: int) -> np.ndarray:
    return np.arange(n) / RATE


def _response(n: int, shape) -> np.ndarray:
    f = np.fft.rfftfreq(n, 1 / RATE)
    return shape(np.maximum(f, 1e-3))


def filtered(x: np.ndarray, shape) -> np.ndarray:
    n = len(x)
    size = 1 << (n - 1).bit_length()
    spec = np.fft.rfft(x, size) * _response(size, shape)
    return np.fft.irfft(spec, size)[:n]


def lowpass(x: np.ndarray, fc: float, order: int = 2) -> np.ndarray:
    return filtered(x, lambda f: 1 / np.sqrt(1 + (f / fc) ** (2 * order)))


def highpass(x: np.ndarray, fc: float, order: int = 2) -> np.ndarray:
    return filtered(x, lambda f: 1 / np.sqrt(1 + (fc / f) ** (2 * order)))


def band(x: np.ndarray, low: float, high: float, order: int = 2) -> np.ndarray:
    return lowpass(highpass(x, low, order), high, order)


def resonance(x: np.ndarray, centre: float, width: float) -> np.ndarray:
    """A peak at centre (Hz) about width wide: a formant, a wooden body, a metal ring."""
    return filtered(x, lambda f: 1 / (1 + ((f - centre) / (width / 2)) ** 2))


def formants(x: np.ndarray, peaks: tuple[tuple[float, float, float], ...]) -> np.ndarray:
    """The throat's pulse through the mouth: a sum of resonances (centre, width, gain)."""
    return sum(g * resonance(x, c, w) for c, w, g in peaks)


def env(n: int, attack: float, decay: float, hold: float = 0.0) -> np.ndarray:
    """Linear attack, a hold, then an exponential decay (decay = seconds to fall by 1/e)."""
    t = t_axis(n)
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    d = np.exp(-np.maximum(t - attack - hold, 0) / max(decay, 1e-4))
    return a * d


def swell(n: int, peak_at: float) -> np.ndarray:
    """Up to full at peak_at (a fraction of the length), then down: a bell-shaped envelope."""
    t = np.linspace(0, 1, n)
    return np.where(t < peak_at, np.sin(np.pi / 2 * t / peak_at) ** 2,
                    np.cos(np.pi / 2 * (t - peak_at) / (1 - peak_at)) ** 2)


def tone(seconds: float, freq, phase: float = 0.0) -> np.ndarray:
    n = samples(seconds)
    f = np.broadcast_to(np.asarray(freq, dtype=float), (n,)) if np.ndim(freq) == 0 else np.asarray(freq, float)
    return np.sin(2 * np.pi * np.cumsum(f) / RATE + phase)


def glide(seconds: float, start: float, end: float) -> np.ndarray:
    """A pitch moving exponentially from start to end (Hz)."""
    return start * (end / start) ** np.linspace(0, 1, samples(seconds))


def bell(seconds: float, base: float, partials=((0.5, 0.6, 1.6), (1.0, 1.0, 1.0), (1.19, 0.5, 0.7),
                                               (1.5, 0.35, 0.6), (2.0, 0.4, 0.45), (2.74, 0.2, 0.3))) -> np.ndarray:
    """A struck bell: inharmonic partials (ratio, level, decay scale), the low hum lasting longest."""
    n = samples(seconds)
    out = np.zeros(n)
    for ratio, level, scale in partials:
        out += level * tone(seconds, base * ratio) * env(n, 0.004, seconds * 0.3 * scale)
    return tail_fade(out, seconds * 0.25)


def tail_fade(x: np.ndarray, seconds: float) -> np.ndarray:
    """The last `seconds` eased to zero: a sound cut short (a bell still humming) must not end in a click."""
    m = min(len(x), samples(seconds))
    x = x.copy()
    x[len(x) - m:] *= 0.5 * (1 + np.cos(np.linspace(0, np.pi, m)))
    return x


def soft(x: np.ndarray, seconds: float = 0.004) -> np.ndarray:
    """Both ends eased in and out over a few milliseconds: a filtered segment (whose zero-phase filter leaves it
    non-zero at its cut ends) joins silence or another sound without a click."""
    m = min(len(x) // 2, samples(seconds))
    if m < 2:
        return x
    x = x.copy()
    ramp = 0.5 * (1 - np.cos(np.linspace(0, np.pi, m)))
    x[:m] *= ramp
    x[len(x) - m:] *= ramp[::-1]
    return x


def place(out: np.ndarray, x: np.ndarray, at: float, gain: float = 1.0) -> np.ndarray:
    """Add x (its ends eased) into out starting at `at` seconds, cut at out's end."""
    i = samples(at) if at > 0 else 0
    if i >= len(out):
        return out
    m = min(len(x), len(out) - i)
    out[i:i + m] += gain * soft(x[:m])
    return out


def silence(seconds: float) -> np.ndarray:
    return np.zeros(samples(seconds))


def reverb(x: np.ndarray, seconds: float, wet: float, kit: Kit, dark: float = 2500.0) -> np.ndarray:
    """A dark room or street: the signal convolved with decaying filtered noise, its tail added after it."""
    x = soft(x)
    ir_n = samples(seconds)
    ir = lowpass(kit.rng.standard_normal(ir_n), dark) * np.exp(-t_axis(ir_n) / (seconds / 6.9))
    ir[:samples(0.012)] = 0                     # the first echo comes back after a few metres
    ir /= np.sqrt((ir ** 2).sum()) + 1e-9
    n = len(x) + ir_n
    size = 1 << (n - 1).bit_length()
    tail = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[:n]
    dry = np.concatenate([x, np.zeros(ir_n)])
    return dry + wet * tail * (np.abs(x).max() / (np.abs(tail).max() + 1e-9))


def repitch(x: np.ndarray, factor: float) -> np.ndarray:
    """Played faster (factor > 1: higher and shorter) by resampling."""
    if abs(factor - 1) < 1e-6:
        return x
    positions = np.arange(0, len(x) - 1, factor)
    return np.interp(positions, np.arange(len(x)), x)


def fade_ends(x: np.ndarray, fade_in: float = 0.004, fade_out: float = 0.03) -> np.ndarray:
    """No click at either end: a short ramp up and a raised-cosine ramp to exact zero."""
    x = x.copy()
    a, b = min(samples(fade_in), len(x) // 4), min(samples(fade_out), len(x) // 2)
    x[:a] *= np.linspace(0, 1, a)
    x[len(x) - b:] *= 0.5 * (1 + np.cos(np.linspace(0, np.pi, b)))
    return x


def trim_head(x: np.ndarray, floor_db: float = -50.0) -> np.ndarray:
    """Cut the silence before the first sample above floor_db (relative to the peak), keeping 5 ms."""
    level = np.abs(x) / (np.abs(x).max() + 1e-12)
    loud = np.nonzero(level > 10 ** (floor_db / 20))[0]
    return x[max(0, (loud[0] if len(loud) else 0) - samples(0.005)):]


def trim_tail(x: np.ndarray, floor_db: float = -60.0) -> np.ndarray:
    """Cut the silence after the last sample above floor_db (relative to the peak), keeping 50 ms."""
    level = np.abs(x) / (np.abs(x).max() + 1e-12)
    loud = np.nonzero(level > 10 ** (floor_db / 20))[0]
    end = min(len(x), (loud[-1] if len(loud) else 0) + samples(0.05))
    return x[:end]


def seamless(x: np.ndarray, overlap: float) -> np.ndarray:
    """A loop without a seam: the last `overlap` seconds cross-faded (equal power) into the beginning."""
    m = samples(overlap)
    body, tail = x[:-m].copy(), x[-m:]
    ramp = np.linspace(0, np.pi / 2, m)
    body[:m] = body[:m] * np.sin(ramp) + tail * np.cos(ramp)
    return body


def loudness(x: np.ndarray, window: float = 0.2) -> float:
    """The RMS of the loudest `window` seconds: how loud the sound is at its loudest moment."""
    w = min(len(x), samples(window))
    power = np.convolve(x ** 2, np.ones(w) / w, mode="valid")
    return float(np.sqrt(power.max()))


def level(x: np.ndarray, target_db: float, peak_db: float) -> np.ndarray:
    """Scaled to a short-term loudness of target_db (dBFS), but never above peak_db at its peak."""
    gain = 10 ** (target_db / 20) / (loudness(x) + 1e-12)
    gain = min(gain, 10 ** (peak_db / 20) / (np.abs(x).max() + 1e-12))
    return x * gain
