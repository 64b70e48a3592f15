"""The one cached loader of the game's data files (fonts, sounds, images).

Everything is found through ``importlib.resources.files("assets")`` so it works from a
source checkout, an installed wheel and a PyInstaller bundle alike; nothing depends on
the current directory.  Nothing is loaded at import time: each file is read on first use
and kept.

``missing_glyphs`` (re-exported from :mod:`game.ui.fonts`) tells which characters of a
text the bundled font cannot draw.
"""

from __future__ import annotations

import io
import logging
import os
from collections import OrderedDict
from importlib import resources
from typing import Final

import pygame

from game.ui.fonts import (
    BOLD_FILE,
    REGULAR_FILE,
    FontPath,
    Traversable,
    bundled_font_paths,
    font_resource,
    missing_glyphs,
)

__all__ = ["Assets", "FontPath", "bundled_font_paths", "missing_glyphs"]

log = logging.getLogger(__name__)

ASSET_PACKAGE: Final = "assets"
SOUND_DIR: Final = "sounds"
SOUND_SUFFIX: Final = ".wav"

SOUND_NAMES: Final = (
    "deal",
    "play",
    "pass",
    "clear",
    "revolution",
    "eight_cut",
    "win",
    "lose",
    "click",
    "error",
    "exchange",
)
"""Every sound effect in ``assets/sounds`` (``<name>.wav``)."""

MAX_FONTS: Final = 48
"""Font objects kept (by size and weight); window resizes ask for new sizes."""


class Assets:
    """Cached access to the bundled data files.

    ``font`` and ``image`` need ``pygame`` (``pygame.font`` is initialised on demand);
    ``sound`` returns ``None`` whenever audio is unavailable and never raises.
    """

    def __init__(self, package: str = ASSET_PACKAGE) -> None:
        self._package = package
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._font_bytes: dict[bool, bytes] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._images: dict[str, pygame.Surface] = {}
        self._warned: set[str] = set()

    # -- files -------------------------------------------------------------------------

    def root(self) -> Traversable:
        """The ``assets`` folder."""
        return resources.files(self._package)

    def resource(self, relative: str) -> Traversable:
        """A file under ``assets/`` by its ``/``-separated relative path (``"icon/daifugo.png"``).

        The first folder is looked up as a subpackage (``assets.icon``), which also works
        when ``assets`` itself is only visible as a namespace package (some editable installs).
        """
        parts = [part for part in relative.replace("\\", "/").split("/") if part and part != "."]
        if not parts:
            return self.root()
        node: Traversable | None = None
        if len(parts) > 1 and parts[0].isidentifier():
            try:
                node = resources.files(f"{self._package}.{parts[0]}")
                parts = parts[1:]
            except ModuleNotFoundError:
                node = None
        if node is None:
            node = self.root()
        for part in parts:
            node = node / part
        return node

    def font_path(self, *, bold: bool = False) -> Traversable:
        """The bundled font file (a ``pathlib.Path`` in normal installs): for tests and fontTools."""
        if self._package == ASSET_PACKAGE:
            return font_resource(bold=bold)
        return self.resource(f"fonts/{BOLD_FILE if bold else REGULAR_FILE}")

    # -- fonts -------------------------------------------------------------------------

    def font(self, size: int, *, bold: bool = False) -> pygame.font.Font:
        """The bundled Japanese font at ``size`` pixels, cached per (size, bold)."""
        size = max(1, int(size))
        key = (size, bold)
        cached = self._fonts.get(key)
        if cached is not None:
            self._fonts.move_to_end(key)
            return cached
        if not pygame.font.get_init():
            pygame.font.init()
        path = self.font_path(bold=bold)
        if isinstance(path, os.PathLike):
            font = pygame.font.Font(os.fspath(path), size)
        else:  # a resource inside an archive: load from memory
            data = self._font_bytes.get(bold)
            if data is None:
                data = self._font_bytes[bold] = path.read_bytes()
            font = pygame.font.Font(io.BytesIO(data), size)
        self._fonts[key] = font
        while len(self._fonts) > MAX_FONTS:
            self._fonts.popitem(last=False)
        return font

    # -- sounds ------------------------------------------------------------------------

    def sound_path(self, name: str) -> Traversable:
        filename = name if name.endswith(SOUND_SUFFIX) else name + SOUND_SUFFIX
        return self.resource(f"{SOUND_DIR}/{filename}")

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The sound effect ``name`` (e.g. ``"deal"``), or ``None`` when audio is unavailable.

        Returns ``None`` (and logs once) when the mixer is not initialised, cannot load the
        file or the file is missing; never raises.  Loaded sounds are cached.
        """
        if name in self._sounds:
            return self._sounds[name]
        try:
            if not pygame.mixer.get_init():
                return None  # not cached: the mixer may start later
        except pygame.error:
            return None
        sound: pygame.mixer.Sound | None
        try:
            path = self.sound_path(name)
            if isinstance(path, os.PathLike):
                sound = pygame.mixer.Sound(os.fspath(path))
            else:
                sound = pygame.mixer.Sound(file=io.BytesIO(path.read_bytes()))
        except (pygame.error, OSError, ValueError) as exc:
            self._warn_once(f"sound:{name}", "cannot load sound %r: %s", name, exc)
            sound = None
        self._sounds[name] = sound
        return sound

    # -- images ------------------------------------------------------------------------

    def image(self, relative: str) -> pygame.Surface:
        """An image under ``assets/`` (e.g. ``"icon/daifugo.png"``), cached.

        Converted for fast blitting when a display surface exists.
        """
        cached = self._images.get(relative)
        if cached is not None:
            return cached
        path = self.resource(relative)
        with path.open("rb") as fh:
            surface = pygame.image.load(fh, path.name)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        self._images[relative] = surface
        return surface

    def clear(self) -> None:
        """Forget every cached object (e.g. after the mixer was restarted)."""
        self._fonts.clear()
        self._sounds.clear()
        self._images.clear()

    def _warn_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)
