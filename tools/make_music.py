"""Synthesise the table's background music into ``assets/music/table.wav`` (16-bit mono 22.05 kHz).

A calm loop of eight bars in the Japanese yo scale (D E G A B): koto-like
plucked notes over a soft pad and a low bass, written so that the end runs
into the beginning without a seam (the tails of the last notes are folded
into the first beat).  Only the standard library is used, so every run gives
the same file; the game does not run this tool, the generated file is
committed (it is our own work, CC0).

    .venv/bin/python tools/make_music.py [--out assets/music/table.wav]
"""

from __future__ import annotations

import argparse
import math
import struct
import wave
from pathlib import Path

RATE = 22050
BPM = 84
BARS = 8
BEAT = 60 / BPM
LOOP = round(BARS * 4 * BEAT * RATE)
OUT = Path(__file__).resolve().parent.parent / "assets" / "music" / "table.wav"

NOTES = {"D3": 146.83, "E3": 164.81, "G3": 196.0, "A3": 220.0, "B3": 246.94, "D4": 293.66, "E4": 329.63,
         "G4": 392.0, "A4": 440.0, "B4": 493.88, "D5": 587.33, "E5": 659.26, "G2": 98.0, "A2": 110.0, "B2": 123.47,
         "D2": 73.42, "E2": 82.41, "F#4": 369.99, "C4": 261.63}

CHORDS = [("D2", ["D4", "A4", "F#4"]), ("B2", ["B3", "D4", "F#4"]), ("G2", ["G3", "B3", "D4"]),
          ("A2", ["A3", "C4", "E4"]), ("D2", ["D4", "F#4", "A4"]), ("E2", ["E4", "G4", "B4"]),
          ("G2", ["G3", "B3", "D4"]), ("A2", ["A3", "D4", "E4"])]
"""(bass, pad) for each bar."""

MELODY = [
    # (beat within the loop, note, length in beats)
    (0, "A4", 1), (1, "B4", 0.5), (1.5, "A4", 0.5), (2, "G4", 1), (3, "E4", 1),
    (4, "D4", 1.5), (5.5, "E4", 0.5), (6, "G4", 2),
    (8, "G4", 1), (9, "A4", 0.5), (9.5, "G4", 0.5), (10, "E4", 1), (11, "D4", 1),
    (12, "E4", 3),
    (16, "A4", 1), (17, "B4", 0.5), (17.5, "D5", 0.5), (18, "E5", 1.5), (19.5, "D5", 0.5),
    (20, "B4", 1), (21, "A4", 1), (22, "G4", 2),
    (24, "E4", 1), (25, "G4", 1), (26, "A4", 1), (27, "B4", 0.5), (27.5, "A4", 0.5),
    (28, "D4", 3),
]


def add(buffer: list[float], start: int, samples: list[float]) -> None:
    """Mix ``samples`` into the loop from ``start``, wrapping past the end to the beginning."""
    for i, x in enumerate(samples):
        buffer[(start + i) % LOOP] += x


def pluck(freq: float, seconds: float, gain: float) -> list[float]:
    """A koto-like note: bright partials that die away, the higher ones sooner."""
    partials = ((1.0, 1.0, 0.9), (2.0, 0.45, 0.45), (3.0, 0.22, 0.25), (4.01, 0.1, 0.15))
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        attack = min(1.0, t / 0.004)
        value = sum(a * math.exp(-t / d) * math.sin(2 * math.pi * freq * r * t) for r, a, d in partials)
        out.append(gain * attack * value)
    return out


def pad(freqs: list[float], seconds: float, gain: float) -> list[float]:
    """A soft chord that swells and fades (slightly detuned sines)."""
    n = round(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        envelope = math.sin(math.pi * i / n) ** 2
        value = sum(math.sin(2 * math.pi * f * t) + 0.5 * math.sin(2 * math.pi * f * 1.003 * t) for f in freqs)
        out.append(gain * envelope * value / len(freqs))
    return out


def bass(freq: float, seconds: float, gain: float) -> list[float]:
    n = round(seconds * RATE)
    return [gain * min(1.0, i / 300) * math.exp(-i / RATE / 1.2) * (math.sin(2 * math.pi * freq * i / RATE)
            + 0.3 * math.sin(4 * math.pi * freq * i / RATE)) for i in range(n)]


def music() -> list[float]:
    buffer = [0.0] * LOOP
    bar = 4 * BEAT
    for index, (low, chord) in enumerate(CHORDS):
        start = round(index * bar * RATE)
        add(buffer, start, pad([NOTES[n] for n in chord], bar * 1.15, 0.16))
        add(buffer, start, bass(NOTES[low], bar * 0.9, 0.28))
        add(buffer, start + round(2 * BEAT * RATE), bass(NOTES[low], bar * 0.45, 0.18))
        for beat in (1, 3):  # a quiet lower pluck on the off-beats
            add(buffer, start + round(beat * BEAT * RATE), pluck(NOTES[chord[0]] / 2, 1.0, 0.08))
    for beat, note, length in MELODY:
        add(buffer, round(beat * BEAT * RATE), pluck(NOTES[note], max(1.2, length * BEAT * 1.6), 0.3))
    peak = max(abs(x) for x in buffer)
    return [x * 0.7 / peak for x in buffer]


def write(path: Path, samples: list[float]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(b"".join(struct.pack("<h", round(max(-1.0, min(1.0, x)) * 32767)) for x in samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    write(args.out, music())
    print(args.out, f"{LOOP / RATE:.1f} s")


if __name__ == "__main__":
    main()
