"""Synthesise the game's sound effects into ``assets/sounds/*.wav`` (16-bit mono 44.1 kHz).

Only the standard library is used (``math``, ``random`` with a fixed seed, ``struct``,
``wave``), so the output is identical on every run.  The game does not run this tool:
the generated files are committed.

    .venv/bin/python tools/make_sounds.py [--out-dir assets/sounds]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
SEED = 20240611

Signal = list[float]


# -- building blocks -------------------------------------------------------------------


def silence(seconds: float) -> Signal:
    return [0.0] * round(seconds * RATE)


def n_samples(seconds: float) -> int:
    return round(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def envelope(seconds: float, attack: float, decay: float, *, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay with time constant ``decay``."""
    out: Signal = []
    for i in range(n_samples(seconds)):
        t = i / RATE
        if t < attack:
            out.append(t / attack)
        elif t < attack + hold:
            out.append(1.0)
        else:
            out.append(math.exp(-(t - attack - hold) / decay))
    return out


def adsr(seconds: float, attack: float, release: float) -> Signal:
    """Rise over ``attack``, flat, fall (cosine) over the last ``release`` seconds."""
    n = n_samples(seconds)
    out: Signal = []
    for i in range(n):
        t = i / RATE
        a = min(1.0, t / attack) if attack > 0 else 1.0
        left = seconds - t
        r = 0.5 - 0.5 * math.cos(math.pi * min(1.0, left / release)) if release > 0 else 1.0
        out.append(a * r)
    return out


def multiply(a: Sequence[float], b: Sequence[float]) -> Signal:
    return [x * y for x, y in zip(a, b, strict=False)]


def scale(a: Sequence[float], gain: float) -> Signal:
    return [x * gain for x in a]


def mix_into(target: Signal, source: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    start = n_samples(at)
    need = start + len(source)
    if need > len(target):
        target.extend([0.0] * (need - len(target)))
    for i, x in enumerate(source):
        target[start + i] += x * gain


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    *,
    harmonics: Sequence[tuple[float, float]] = ((1.0, 1.0),),
    vibrato: float = 0.0,
    vibrato_rate: float = 5.5,
) -> Signal:
    """A sum of (ratio, amplitude) partials following ``freq`` (Hz or a function of time)."""
    out: Signal = []
    phase = 0.0
    for i in range(n_samples(seconds)):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        if vibrato:
            f *= 1.0 + vibrato * math.sin(2 * math.pi * vibrato_rate * t)
        phase += 2 * math.pi * f / RATE
        out.append(sum(amp * math.sin(phase * ratio) for ratio, amp in harmonics))
    return out


def decaying_partials(base: float, seconds: float, partials: Sequence[tuple[float, float, float]]) -> Signal:
    """Inharmonic bell/gong: (ratio, amplitude, decay seconds) partials, struck at t=0."""
    out: Signal = []
    for i in range(n_samples(seconds)):
        t = i / RATE
        out.append(
            sum(amp * math.exp(-t / dec) * math.sin(2 * math.pi * base * ratio * t) for ratio, amp, dec in partials)
        )
    return out


def biquad(signal: Sequence[float], kind: str, freq: float | Callable[[float], float], q: float = 0.707) -> Signal:
    """RBJ cookbook biquad: ``lowpass``, ``highpass`` or ``bandpass`` (constant peak gain)."""
    out: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    fixed = None if callable(freq) else _biquad_coeffs(kind, freq, q)
    sweep = freq if callable(freq) else None
    for i, x in enumerate(signal):
        if fixed is not None:
            b0, b1, b2, a1, a2 = fixed
        else:
            assert sweep is not None
            b0, b1, b2, a1, a2 = _biquad_coeffs(kind, sweep(i / RATE), q)
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def _biquad_coeffs(kind: str, freq: float, q: float) -> tuple[float, float, float, float, float]:
    w0 = 2 * math.pi * min(freq, RATE * 0.45) / RATE
    alpha = math.sin(w0) / (2 * q)
    cos_w0 = math.cos(w0)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cos_w0) / 2, 1 - cos_w0, (1 - cos_w0) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cos_w0) / 2, -(1 + cos_w0), (1 + cos_w0) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w0, 1 - alpha
    return b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0


def note(name: str) -> float:
    """Frequency of a note name such as ``C5`` or ``F#4`` (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis, rest = semis + 1, rest[1:]
    elif rest.startswith("b"):
        semis, rest = semis - 1, rest[1:]
    octave = int(rest)
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


def finish(signal: Signal, peak: float, fade: float = 0.004) -> Signal:
    """Remove DC, fade the ends to avoid clicks, and normalise to ``peak`` (< 1)."""
    if not signal:
        return signal
    mean = sum(signal) / len(signal)
    out = [x - mean for x in signal]
    n_fade = max(1, n_samples(fade))
    for i in range(min(n_fade, len(out))):
        g = i / n_fade
        out[i] *= g
        out[-1 - i] *= g
    top = max(abs(x) for x in out) or 1.0
    return [x * peak / top for x in out]


def write_wav(path: Path, signal: Sequence[float]) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(x * 32767)))) for x in signal)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(frames)


# -- the effects -----------------------------------------------------------------------


def flick(rng: random.Random, seconds: float = 0.07, centre: float = 3200.0) -> Signal:
    """A card sliding off the deck: a short band of airy noise with a soft body."""
    burst = biquad(noise(rng, seconds), "bandpass", lambda t: centre * (1.0 - 2.5 * t), q=0.9)
    air = biquad(noise(rng, seconds), "highpass", 5000.0)
    env = envelope(seconds, 0.004, 0.016)
    body = multiply(tone(lambda t: 220.0 - 600 * t, seconds), envelope(seconds, 0.002, 0.012))
    out = multiply(burst, env)
    mix_into(out, multiply(air, envelope(seconds, 0.002, 0.008)), gain=0.25)
    mix_into(out, body, gain=0.25)
    return out


def make_deal(rng: random.Random) -> Signal:
    return finish(flick(rng, 0.075), 0.55)


def make_exchange(rng: random.Random) -> Signal:
    out = flick(rng, 0.07, 2800.0)
    mix_into(out, flick(rng, 0.07, 3600.0), at=0.095, gain=0.9)
    mix_into(out, silence(0.02), at=0.165)
    return finish(out, 0.55)


def make_play(rng: random.Random) -> Signal:
    seconds = 0.16
    slap = biquad(noise(rng, seconds), "lowpass", 2600.0)
    slap = multiply(slap, envelope(seconds, 0.0015, 0.022))
    crack = multiply(biquad(noise(rng, seconds), "bandpass", 1800.0, q=1.2), envelope(seconds, 0.0008, 0.008))
    thump = multiply(tone(lambda t: 150.0 - 250 * t, seconds), envelope(seconds, 0.002, 0.035))
    out = scale(slap, 1.6)
    mix_into(out, crack, gain=1.2)
    mix_into(out, thump, gain=0.3)
    return finish(out, 0.8)


def make_pass(rng: random.Random) -> Signal:
    seconds = 0.09
    body = tone(lambda t: 340.0 - 400 * t, seconds, harmonics=((1, 1.0), (2, 0.15)))
    body = multiply(body, envelope(seconds, 0.002, 0.022))
    tick = multiply(biquad(noise(rng, seconds), "bandpass", 1500.0, q=2.0), envelope(seconds, 0.0005, 0.004))
    out = body
    mix_into(out, tick, gain=0.35)
    return finish(out, 0.5)


def make_click(rng: random.Random) -> Signal:
    seconds = 0.05
    body = multiply(tone(1250.0, seconds, harmonics=((1, 1.0), (2.02, 0.2))), envelope(seconds, 0.0008, 0.009))
    tick = multiply(biquad(noise(rng, seconds), "highpass", 3000.0), envelope(seconds, 0.0003, 0.002))
    out = body
    mix_into(out, tick, gain=0.3)
    return finish(out, 0.45)


def make_clear(rng: random.Random) -> Signal:
    seconds = 0.5

    def sweep(t: float) -> float:
        return 500.0 * math.exp(math.log(9.0) * t / seconds)

    whoosh = biquad(noise(rng, seconds), "bandpass", sweep, q=1.6)
    shape = [math.sin(math.pi * min(1.0, (i / RATE) / seconds)) ** 1.5 for i in range(n_samples(seconds))]
    # the swoosh swells quickly and trails off
    shape = [s * math.exp(-2.5 * (i / RATE)) for i, s in enumerate(shape)]
    out = multiply(whoosh, shape)
    return finish(out, 0.6, fade=0.01)


def make_revolution(rng: random.Random) -> Signal:
    seconds = 1.2
    gong = decaying_partials(
        73.4,  # D2
        seconds,
        (
            (1.0, 1.0, 0.9),
            (1.51, 0.55, 0.7),
            (2.02, 0.45, 0.6),
            (2.74, 0.35, 0.45),
            (3.93, 0.22, 0.3),
            (5.4, 0.12, 0.2),
        ),
    )
    strike = multiply(biquad(noise(rng, seconds), "lowpass", 900.0), envelope(seconds, 0.002, 0.05))
    out = scale(gong, 0.9)
    mix_into(out, strike, gain=0.5)
    brass = ((1, 1.0), (2, 0.5), (3, 0.32), (4, 0.18), (5, 0.1))
    for k, (name, at) in enumerate((("D4", 0.08), ("F#4", 0.2), ("A4", 0.32), ("D5", 0.44))):
        length = seconds - at
        f0 = note(name)

        def rise(t: float, f0: float = f0) -> float:
            return f0 * (0.94 + 0.06 * min(1.0, t / 0.06))  # each note swoops up into pitch

        voice = multiply(tone(rise, length, harmonics=brass, vibrato=0.004), adsr(length, 0.03, length * 0.55))
        mix_into(out, voice, at=at, gain=0.32 + 0.04 * k)
    return finish(out, 0.85, fade=0.02)


def make_eight_cut(rng: random.Random) -> Signal:
    seconds = 0.55
    swish = biquad(noise(rng, 0.12), "bandpass", lambda t: 2500.0 + 60000.0 * t, q=2.5)
    swish = multiply(swish, adsr(0.12, 0.08, 0.04))
    partials = ((1.0, 1.0, 0.22), (2.76, 0.5, 0.1), (5.4, 0.25, 0.05), (2.0, 0.3, 0.15))
    bell = decaying_partials(note("E6"), seconds - 0.08, partials)
    out = scale(swish, 0.6)
    mix_into(out, bell, at=0.08, gain=0.8)
    return finish(out, 0.7, fade=0.01)


def make_win(rng: random.Random) -> Signal:
    del rng
    brass = ((1, 1.0), (2, 0.45), (3, 0.3), (4, 0.15), (5, 0.08))
    out: Signal = []
    steps = (("C5", 0.0, 0.11), ("E5", 0.11, 0.11), ("G5", 0.22, 0.11), ("C6", 0.33, 0.6))
    for name, at, length in steps:
        voice = tone(note(name), length, harmonics=brass, vibrato=0.003)
        voice = multiply(voice, adsr(length, 0.008, min(0.3, length * 0.5)))
        mix_into(out, voice, at=at, gain=0.5)
    for name in ("E5", "G5"):
        voice = multiply(tone(note(name), 0.6, harmonics=brass[:3]), adsr(0.6, 0.01, 0.3))
        mix_into(out, voice, at=0.33, gain=0.28)
    return finish(out, 0.8, fade=0.01)


def make_lose(rng: random.Random) -> Signal:
    del rng
    soft = ((1, 1.0), (3, 0.11), (5, 0.04))  # triangle-like
    out: Signal = []
    steps = (("G4", 0.0, 0.2), ("E4", 0.2, 0.2), ("C#4", 0.4, 0.2), ("C4", 0.6, 0.5))
    for name, at, length in steps:
        f0 = note(name)
        last = name == "C4"

        def droop(t: float, f0: float = f0, last: bool = last) -> float:
            return f0 * (1.0 - (0.03 * t if last else 0.0))

        voice = tone(droop, length, harmonics=soft, vibrato=0.006 if last else 0.0)
        voice = multiply(voice, adsr(length, 0.01, length * 0.6))
        mix_into(out, voice, at=at, gain=0.5)
    return finish(out, 0.45, fade=0.01)


def make_error(rng: random.Random) -> Signal:
    del rng
    buzz_harm = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14))  # square-ish
    out: Signal = []
    for at, f in ((0.0, 196.0), (0.13, 185.0)):
        length = 0.11
        voice = biquad(tone(f, length, harmonics=buzz_harm), "lowpass", 1200.0)
        mix_into(out, multiply(voice, adsr(length, 0.006, 0.04)), at=at)
    return finish(out, 0.3, fade=0.005)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": make_deal,
    "play": make_play,
    "pass": make_pass,
    "clear": make_clear,
    "revolution": make_revolution,
    "eight_cut": make_eight_cut,
    "win": make_win,
    "lose": make_lose,
    "click": make_click,
    "error": make_error,
    "exchange": make_exchange,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for index, (name, make) in enumerate(EFFECTS.items()):
        rng = random.Random(SEED + index)
        signal = make(rng)
        path = args.out_dir / f"{name}.wav"
        write_wav(path, signal)
        size = path.stat().st_size
        total += size
        print(f"{name:11s} {len(signal) / RATE:5.3f} s {size:7,d} bytes")
    print(f"total {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
