"""Sound files and the sound player (dummy audio driver; no real device needed)."""

from __future__ import annotations

import itertools
import logging
import struct
import wave
from importlib import resources
from pathlib import Path

import pygame
import pytest

from game.ui.assets import SOUND_NAMES, Assets
from game.ui.scenes.settings import SettingsScene
from game.ui.scripted import headless_app
from game.ui.sound import SoundPlayer


def read_wav(name: str) -> tuple[wave._wave_params, tuple[int, ...]]:
    with (resources.files("assets.sounds") / f"{name}.wav").open("rb") as fh, wave.open(fh) as wav:
        params = wav.getparams()
        frames = wav.readframes(params.nframes)
    return params, struct.unpack(f"<{params.nframes}h", frames)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_file_is_short_mono_16_bit_and_not_clipped(name: str) -> None:
    params, samples = read_wav(name)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert 0.05 <= params.nframes / params.framerate <= 1.2
    peak = max(abs(s) for s in samples)
    assert 0.2 * 32767 < peak < 0.95 * 32767
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # faded ends, no clicks


def test_sound_set_is_complete_and_small() -> None:
    folder = resources.files("assets.sounds")
    wavs = {item.name for item in folder.iterdir() if item.name.endswith(".wav")}
    assert wavs == {f"{name}.wav" for name in SOUND_NAMES}
    assert sum(len((folder / name).read_bytes()) for name in wavs) < 1024 * 1024


def test_sounds_load_with_the_mixer(assets: Assets, dummy_mixer: None) -> None:
    fresh = Assets()
    for name in SOUND_NAMES:
        sound = fresh.sound(name)
        assert isinstance(sound, pygame.mixer.Sound), name
        params, _ = read_wav(name)
        assert sound.get_length() == pytest.approx(params.nframes / params.framerate, abs=0.01)
    assert fresh.sound("deal") is fresh.sound("deal")
    assert fresh.sound("no-such-sound") is None


def test_no_mixer_means_no_sound(no_mixer: None) -> None:
    assert Assets().sound("deal") is None


def test_player_plays_on_the_dummy_driver(assets: Assets, no_mixer: None) -> None:
    player = SoundPlayer(Assets(), enabled=True, volume=0.5)
    assert pygame.mixer.get_init() is None  # lazily started
    assert player.play("click") is True
    assert pygame.mixer.get_init() is not None
    assert player.play("no-such-sound") is False
    player.close()
    assert pygame.mixer.get_init() is None


def test_disabled_or_silent_player_does_not_start_the_mixer(no_mixer: None) -> None:
    player = SoundPlayer(Assets(), enabled=False, volume=1.0)
    assert player.play("deal") is False
    player.set_enabled(True)
    player.set_volume(0.0)
    assert player.play("deal") is False
    assert pygame.mixer.get_init() is None


def test_volume_is_clamped() -> None:
    player = SoundPlayer(Assets(), enabled=True, volume=3.0)
    assert player.volume == 1.0
    player.set_volume(-2)
    assert player.volume == 0.0
    player.set_volume(float("nan"))
    assert player.volume == 0.0
    player.set_volume(0.25)
    assert player.volume == 0.25


def test_player_degrades_silently_when_the_mixer_cannot_start(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    player = SoundPlayer(Assets(), enabled=True, volume=0.8)
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        assert player.play("deal") is False
        assert player.play("play") is False
        player.set_enabled(False)
        player.stop()
    warnings = [r for r in caplog.records if r.name == "game.ui.sound"]
    assert len(warnings) == 1
    assert not player.available


def test_music_is_a_quiet_seamless_loop() -> None:
    with (resources.files("assets.music") / "table.wav").open("rb") as fh, wave.open(fh) as wav:
        params = wav.getparams()
        samples = struct.unpack(f"<{params.nframes}h", wav.readframes(params.nframes))
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert 15 <= params.nframes / params.framerate <= 40
    assert 0.4 * 32767 < max(abs(s) for s in samples) < 0.95 * 32767
    step = max(abs(b - a) for a, b in itertools.pairwise(samples))
    assert abs(samples[0] - samples[-1]) <= step  # the end runs into the beginning without a click


def test_the_music_setting_starts_and_stops_the_loop(tmp_path: Path) -> None:
    app = headless_app(home=tmp_path, language="en")
    try:
        assert app.ctx.settings.music is False  # off until the player turns it on
        app.show_settings()
        app.step(1 / 60)
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        toggle = scene.control("music")
        for want in (True, False):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=toggle.rect.center, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=toggle.rect.center, button=1))
            app.step(1 / 60)
            assert app.ctx.settings.music is want
            if not app.ctx.sound.available:
                pytest.skip("no audio")
            assert app.ctx.sound.music_playing is want
    finally:
        app.close()
