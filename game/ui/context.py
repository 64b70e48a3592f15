"""What every scene may use: assets, text, card art, sound, settings, translations, storage.

One ``Context`` is made by the app and passed to each scene; nothing here is a
module-level global.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import Translator
from game.storage.notices import Notices
from game.storage.paths import AppPaths
from game.storage.settings import Settings

from .assets import Assets
from .card_art import CardArt
from .sound import SoundPlayer
from .text import TextRenderer
from .theme import ui_scale
from .zoom import effective_zoom

if TYPE_CHECKING:
    from game.storage.stats import StatsStore
    from game.worker import DecisionWorker

    from .navigator import Navigator
    from .scene import SceneStack


@dataclass
class RunRecord:
    """The games of the current run and how many the player won (shown in the window title).

    A win is 1st place; any other place is not counted as a loss (2nd of four is a good game).
    """

    wins: int = 0
    games: int = 0


@dataclass
class Context:
    assets: Assets
    text: TextRenderer
    art: CardArt
    sound: SoundPlayer
    settings: Settings
    save_settings: Callable[[Settings], None]
    worker: DecisionWorker
    paths: AppPaths
    stack: SceneStack
    nav: Navigator
    """Where a screen can send the player (the app)."""
    stats: StatsStore | None = None
    size: tuple[int, int] = (1280, 720)
    run: RunRecord = field(default_factory=RunRecord)
    cache: dict[str, Any] = field(default_factory=dict)
    """Drawings scenes share and keep between screens (the felt for the window size...), by a key of their choice."""
    chosen_programs: set[str] = field(default_factory=set)
    """External program command lines the player typed in the new-game screen or confirmed, in this run of the
    game: only these start without asking first (a setup from a file names any program it likes)."""
    notices: Notices = field(default_factory=Notices)
    """What the player must be told about the files (the app shows them)."""
    t: Translator = field(init=False)

    def __post_init__(self) -> None:
        self.t = Translator(self.settings.language)

    @property
    def zoom(self) -> float:
        """The player's size of text and of the table, as far as the window takes it (1.0 to 2.0)."""
        return effective_zoom(self.size, self.settings.ui_scale) / 100

    @property
    def scale(self) -> float:
        return ui_scale(self.size, self.zoom)

    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply what takes effect at once, and save them."""
        self.settings = self.settings.replace(**changes)
        if "language" in changes:
            self.t = Translator(self.settings.language)
        if "sound" in changes:
            self.sound.set_enabled(self.settings.sound)
        if "volume" in changes:
            self.sound.set_volume(self.settings.volume)
        if "music" in changes or "sound" in changes:
            self.sound.set_music(self.settings.music and self.settings.sound)
        self.save_settings(self.settings)

    def speed(self) -> float:
        """How long animations take relative to normal (slow mode and the speed setting)."""
        factor = {"slow": 1.5, "normal": 1.0, "fast": 0.55}.get(self.settings.animation_speed, 1.0)
        if self.settings.slow_mode:
            factor *= 1.6
        return factor
