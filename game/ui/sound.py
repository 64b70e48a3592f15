"""Sound effects and the background music: plays the bundled WAV files, quietly does nothing without audio.

``pygame.mixer`` is started on the first ``play`` (not at import, not in ``__init__``).
If it cannot start (no audio device, a headless machine, SDL without audio) a warning
is logged once and every later ``play`` is a no-op.
"""

from __future__ import annotations

import io
import logging
import os
from typing import Final

import pygame

from game.ui.assets import Assets

log = logging.getLogger(__name__)

MIXER_FREQUENCY: Final = 44100
MIXER_SIZE: Final = -16
MIXER_CHANNELS: Final = 2
MIXER_BUFFER: Final = 512
PLAYBACK_CHANNELS: Final = 16
MUSIC_FILE: Final = "music/table.wav"
MUSIC_LEVEL: Final = 0.35
"""The music plays this much quieter than the effects at the same volume setting."""
MUSIC_FADE_MS: Final = 1200


class SoundPlayer:
    """Plays named sound effects (``"deal"``, ``"play"``, ... see ``assets.SOUND_NAMES``)."""

    def __init__(self, assets: Assets, enabled: bool = True, volume: float = 0.8) -> None:
        self._assets = assets
        self._enabled = bool(enabled)
        self._volume = _clamp(volume)
        self._mixer_failed = False
        self._started_mixer = False
        self._music = False
        self._music_loaded = False

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def available(self) -> bool:
        """False once the mixer failed to start (then nothing will ever play)."""
        return not self._mixer_failed

    def set_enabled(self, enabled: bool) -> None:
        self._enabled = bool(enabled)
        if not self._enabled and self._mixer_ready(start=False):
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        """Volume 0.0 .. 1.0 (clamped) for every sound played from now on, and the music at once."""
        self._volume = _clamp(volume)
        if self._music and self._mixer_ready(start=False):
            pygame.mixer.music.set_volume(self._volume * MUSIC_LEVEL)

    @property
    def music_playing(self) -> bool:
        """Is the background music looping now?"""
        return self._music and self._mixer_ready(start=False) and bool(pygame.mixer.music.get_busy())

    def set_music(self, on: bool) -> bool:
        """Loop the background music (fading in) or fade it out; True if it plays now.  Never raises."""
        self._music = bool(on)
        if not self._music:
            if self._music_loaded and self._mixer_ready(start=False):
                pygame.mixer.music.fadeout(MUSIC_FADE_MS // 2)
            return False
        if not self._mixer_ready(start=True):
            return False
        try:
            if not self._music_loaded:
                path = self._assets.resource(MUSIC_FILE)
                if isinstance(path, os.PathLike):
                    pygame.mixer.music.load(os.fspath(path))
                else:  # inside an archive
                    pygame.mixer.music.load(io.BytesIO(path.read_bytes()), "wav")
                self._music_loaded = True
            pygame.mixer.music.set_volume(self._volume * MUSIC_LEVEL)
            if not pygame.mixer.music.get_busy():
                pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_MS)
        except (pygame.error, OSError) as exc:
            log.warning("the music could not play: %s", exc)
            return False
        return True

    def play(self, name: str) -> bool:
        """Play ``name`` once; True if it started.  Never raises."""
        if not self._enabled or self._volume <= 0.0:
            return False
        if not self._mixer_ready(start=True):
            return False
        sound = self._assets.sound(name)
        if sound is None:
            return False
        try:
            channel = sound.play()
            if channel is None:
                return False
            channel.set_volume(self._volume)
        except pygame.error as exc:  # pragma: no cover - device lost mid-game
            log.warning("sound %r could not play: %s", name, exc)
            return False
        return True

    def stop(self) -> None:
        if self._mixer_ready(start=False):
            pygame.mixer.stop()

    def close(self) -> None:
        """Stop the mixer if this player started it."""
        if self._music_loaded and self._mixer_ready(start=False):
            pygame.mixer.music.stop()
            pygame.mixer.music.unload()
            self._music_loaded = False
        if self._started_mixer and self._mixer_ready(start=False):
            pygame.mixer.quit()
            self._started_mixer = False
            self._assets.clear()

    def _mixer_ready(self, *, start: bool) -> bool:
        if self._mixer_failed:
            return False
        try:
            if pygame.mixer.get_init():
                return True
            if not start:
                return False
            pygame.mixer.init(MIXER_FREQUENCY, MIXER_SIZE, MIXER_CHANNELS, MIXER_BUFFER)
            pygame.mixer.set_num_channels(PLAYBACK_CHANNELS)
        except (pygame.error, NotImplementedError, OSError) as exc:
            self._mixer_failed = True
            log.warning("sound disabled: the audio mixer could not start (%s)", exc)
            return False
        self._started_mixer = True
        return True


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return min(1.0, max(0.0, value))
