"""Sound effects (16-bit mono 44.1 kHz WAV) synthesised by tools/make_sounds.py."""
