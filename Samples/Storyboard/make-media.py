#!/usr/bin/env python3
"""Writes the Storyboard's sounds as WAV files, from nothing but arithmetic.

music.wav: 20 s of bass and marimba over D-A-Bm-G at 96 bpm.
chime.wav: 6 s of a bell-like phrase for the clip the storyboard shows, the
sound its video layer plays while the music ducks.

make-media (beside this file) turns them and clip.json into the media the
storyboard uses.
"""
import math
import struct
import sys
import wave

RATE = 48000


def midi(note):
    return 440.0 * 2 ** ((note - 69) / 12)


def write(path, left, right):
    with wave.open(path, "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        frames = bytearray()
        for l, r in zip(left, right):
            frames += struct.pack("<hh", round(max(-1, min(1, l)) * 32767), round(max(-1, min(1, r)) * 32767))
        out.writeframes(bytes(frames))


def music(seconds=20.0):
    """D-A-Bm-G, a bar each at 96 bpm: a bass note on each beat, a
    marimba-like figure in dotted eighths above it, both fading in and out
    with every bar's swell."""
    n = int(seconds * RATE)
    left, right = [0.0] * n, [0.0] * n
    chords = [[62, 66, 69, 74], [57, 61, 64, 69], [59, 62, 66, 71], [55, 59, 62, 67]]
    beat = 60 / 96

    def strike(at, pitch, gain, decay, pan, overtone):
        start = int(at * RATE)
        for i in range(min(int(4 / decay * RATE), n - start)):
            t = i / RATE
            v = gain * math.exp(-decay * t) * min(1.0, t * 600) * (
                math.sin(2 * math.pi * pitch * t) + overtone * math.sin(2 * math.pi * 4 * pitch * t))
            left[start + i] += v * (1 - pan)
            right[start + i] += v * pan

    bar = 0
    while bar * 4 * beat < seconds:
        chord = chords[bar % 4]
        for b in range(4):
            strike((bar * 4 + b) * beat, midi(chord[0] - 24), 0.4, 3.0, 0.5, 0.0)
        for k in range(6):
            note = chord[(k * 3) % 4] + (12 if k >= 3 else 0)
            strike((bar * 4 + k * 0.75) * beat, midi(note), 0.22, 5.0, 0.3 + 0.4 * (k % 2), 0.25)
        bar += 1
    return left, right


def chime(seconds=6.0):
    n = int(seconds * RATE)
    out = [0.0] * n
    phrase = [(0.2, 76), (0.7, 79), (1.2, 84), (2.2, 83), (2.7, 79), (3.2, 81), (4.2, 76)]
    for at, note in phrase:
        f = midi(note)
        start = int(at * RATE)
        for i in range(min(int(1.8 * RATE), n - start)):
            t = i / RATE
            env = math.exp(-2.5 * t) * min(1.0, t * 800)
            # A bell: partials at inharmonic ratios, the upper ones dying sooner.
            v = math.sin(2 * math.pi * f * t) + 0.5 * math.exp(-3 * t) * math.sin(2 * math.pi * 2.76 * f * t) \
                + 0.25 * math.exp(-6 * t) * math.sin(2 * math.pi * 5.4 * f * t)
            out[start + i] += 0.22 * env * v
    return out, out


if __name__ == "__main__":
    directory = sys.argv[1] if len(sys.argv) > 1 else "."
    write(f"{directory}/music.wav", *music())
    write(f"{directory}/chime.wav", *chime())
