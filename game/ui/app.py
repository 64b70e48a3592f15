"""The application: window, services, the frame loop and navigation between screens.

``App.step(dt)`` runs one frame (events → intents → the top scene, update,
draw), so headless tests and the benchmarks drive the same loop the player
does.  An unexpected exception is logged and shown on an error screen.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from game.engine import RuleSet
from game.session import GameSummary, Session, SessionSetup
from game.storage.autosave import clear_autosave, load_autosave, save_autosave
from game.storage.background import BackgroundWriter
from game.storage.logs import setup_logging
from game.storage.paths import AppPaths, app_paths
from game.storage.settings import Settings, load_settings, save_settings
from game.storage.stats import GameRow, MatchRow, StatsStore, utc_now

from . import theme
from .assets import Assets
from .card_art import CardArt
from .context import Context
from .intents import Command, Quit, Resize, to_intents
from .scene import SceneStack
from .sound import SoundPlayer
from .text import TextRenderer

log = logging.getLogger(__name__)

FPS = 60
WARM_UNTIL = 0.005
"""Card faces are drawn ahead of need only while a frame has taken less than this (seconds)."""


@dataclass
class AppOptions:
    """What the command line asked for."""

    windowed_size: tuple[int, int] | None = None
    worker_mode: str = "process"
    paths: AppPaths | None = None
    headless: bool = False
    """No real window (SDL's dummy video driver); used by tests, screenshots and the self-test."""


class App:
    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.paths = (self.options.paths or app_paths()).ensure()
        self.log_file = setup_logging(self.paths)
        settings, warnings = load_settings(self.paths.settings_file)
        for warning in warnings:
            log.warning("settings: %s", warning)
        if self.options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        size = self.options.windowed_size or settings.window_size
        self.screen = self._open_window(size, settings.fullscreen and not self.options.headless)
        from ai.worker import DecisionWorker

        assets = Assets()
        self.stack = SceneStack()
        self.ctx = Context(
            assets=assets,
            text=TextRenderer(assets),
            art=CardArt(assets),
            sound=SoundPlayer(assets, enabled=settings.sound, volume=settings.volume),
            settings=settings,
            save_settings=self._save_settings,
            worker=DecisionWorker(mode=self.options.worker_mode),
            paths=self.paths,
            stack=self.stack,
            stats=StatsStore(self.paths.stats_db),
            size=self.screen.get_size(),
        )
        self.ctx.actions.update(self._actions())
        if settings.music and settings.sound:
            self.ctx.sound.set_music(True)
        self.writer = BackgroundWriter()
        """Autosaves and statistics are written off the frame loop, in order."""
        self.session: Session | None = None
        self.running = True
        self.clock = pygame.time.Clock()
        self._caption = ""
        self._frame_error: BaseException | None = None
        self._warmed: tuple[tuple[int, int], bool] | None = None

    # --- window ----------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        width = max(theme.MIN_SIZE[0], size[0])
        height = max(theme.MIN_SIZE[1], size[1])
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        screen = pygame.display.set_mode((0, 0) if fullscreen else (width, height), flags)
        if not fullscreen:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = theme.MIN_SIZE
            except (AttributeError, pygame.error):
                pass
        try:
            pygame.display.set_icon(Assets().image("icon/daifugo.png"))
        except (FileNotFoundError, pygame.error):
            log.warning("no window icon")
        return screen

    def _resize(self, size: tuple[int, int]) -> None:
        width, height = max(theme.MIN_SIZE[0], size[0]), max(theme.MIN_SIZE[1], size[1])
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (width, height):
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        else:
            self.screen = surface
        self.ctx.size = self.screen.get_size()
        self.stack.relayout(self.ctx.size)
        if not self.ctx.settings.fullscreen:
            self.ctx.update_settings(window_size=self.ctx.size)

    def toggle_fullscreen(self) -> None:
        full = not self.ctx.settings.fullscreen
        self.ctx.update_settings(fullscreen=full)
        if self.options.headless:
            return
        self.screen = self._open_window(self.ctx.settings.window_size, full)
        self.ctx.size = self.screen.get_size()
        self.stack.relayout(self.ctx.size)

    def _save_settings(self, settings: Settings) -> None:
        save_settings(self.paths.settings_file, settings)

    # --- navigation ---------------------------------------------------------------------

    def _actions(self) -> dict[str, Callable[..., Any]]:
        return {
            "title": self.show_title,
            "new_game": self.show_new_game,
            "start": self.start_match,
            "restart": self.restart_match,
            "resume": self.resume_match,
            "rules": self.show_rules,
            "settings": self.show_settings,
            "stats": self.show_stats,
            "replays": self.show_replays,
            "replay": self.show_replay,
            "quit": self.quit,
            "fullscreen": self.toggle_fullscreen,
            "has_autosave": self.has_autosave,
        }

    def show_title(self) -> None:
        from .scenes.title import TitleScene

        self._close_session(save=True)
        self.stack.reset(TitleScene(self.ctx))

    def show_new_game(self) -> None:
        from .scenes.new_game import NewGameScene

        self.stack.push(NewGameScene(self.ctx))

    def show_rules(self, rules: RuleSet | None = None) -> None:
        from .scenes.rules import RulesScene

        self.stack.push(RulesScene(self.ctx, rules))

    def show_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.stack.push(SettingsScene(self.ctx))

    def show_stats(self) -> None:
        from .scenes.stats import StatsScene

        self.writer.flush()  # the last game's row may still be on its way
        self.stack.push(StatsScene(self.ctx))

    def show_replays(self) -> None:
        from .scenes.replays import ReplaysScene

        self.writer.flush()
        self.stack.push(ReplaysScene(self.ctx))

    def show_replay(self, record: dict[str, Any], human_seat: int | None = None) -> None:
        from .scenes.replay_viewer import ReplayViewerScene

        self.stack.push(ReplayViewerScene(self.ctx, record, human_seat))

    def start_match(self, setup: SessionSetup) -> None:
        """Start a new match with ``setup`` (remembered as the last setup)."""
        self._close_session(save=False)
        self.writer.submit(lambda: clear_autosave(self.paths.autosave_file), key="autosave")
        self.ctx.update_settings(last_setup=setup.to_json())
        self._open_table(self._session(setup))

    def restart_match(self, setup: SessionSetup) -> None:
        """A new match like the last one (fresh deal)."""
        if self.session is not None:
            setup = self.session.next_setup()
        else:
            setup = replace(setup, seed=int(time.time()) & 0x7FFFFFFF)
        self.start_match(setup)

    def has_autosave(self) -> bool:
        self.writer.flush()
        return load_autosave(self.paths.autosave_file) is not None

    def resume_match(self) -> bool:
        """Continue the autosaved match; False (and the autosave set aside) if it cannot be resumed."""
        self.writer.flush()
        data = load_autosave(self.paths.autosave_file)
        if data is None:
            return False
        try:
            session = Session.resume(data, self.ctx.worker, on_autosave=self._autosave, on_game_over=self._game_over)
        except Exception:
            log.exception("the autosave cannot be resumed")
            clear_autosave(self.paths.autosave_file)
            return False
        self._close_session(save=False)
        self._open_table(session)
        return True

    def _open_table(self, session: Session) -> None:
        """Play ``session`` on the table."""
        from .scenes.table import TableScene

        # The decision process starts while the table opens, not on the first decision's frame.
        self.ctx.worker.start()
        self.session = session
        self.stack.reset(TableScene(self.ctx, session))

    def _session(self, setup: SessionSetup) -> Session:
        return Session(setup, self.ctx.worker, on_autosave=self._autosave, on_game_over=self._game_over)

    def _close_session(self, *, save: bool) -> None:
        if self.session is None:
            return
        if save and not self.session.over:
            self._autosave(self.session.autosave_data())
        self.session.close()
        self.session = None

    def quit(self) -> None:
        self.running = False

    # --- storage sinks ---------------------------------------------------------------------

    def _autosave(self, data: dict[str, Any]) -> None:
        session = self.session
        path = self.paths.autosave_file
        if session is not None and session.over:
            self.writer.submit(lambda: clear_autosave(path), key="autosave")
        else:
            self.writer.submit(lambda: save_autosave(path, data), key="autosave")

    def _game_over(self, summary: GameSummary) -> None:
        run = self.ctx.run
        if summary.place == 0:
            run.wins += 1
        else:
            run.losses += 1
        stats = self.ctx.stats
        if stats is None or summary.setup.seats[0].kind != "human":
            return
        row = game_row(summary)
        match = match_row(summary, self.session) if summary.match_over is not None and self.session else None

        def write() -> None:  # errors are logged by the writer: statistics never stop the game
            game_id = stats.add_game(row)
            if match is not None:
                stats.add_match(match, [game_id])

        self.writer.submit(write)

    # --- the loop ----------------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One frame: input, update, draw."""
        try:
            self._frame(dt)
        except Exception as error:
            log.exception("unexpected error")
            if self._frame_error is not None:
                raise
            self._frame_error = error
            self._show_error(error)

    def _warm_card_art(self, started: float) -> None:
        """Draw card faces for this window size in the frame's spare time (from the title screen on)."""
        key = (self.ctx.size, self.ctx.settings.four_color)
        if self._warmed == key:
            return
        spare = WARM_UNTIL - (time.perf_counter() - started)
        if spare <= 0:
            return
        from .table.layout import table_layout

        layout = table_layout(self.ctx.size, 4, 0)
        if self.ctx.art.warm((layout.card_w, layout.trick_w), four_color=key[1], budget=spare):
            self._warmed = key

    def _frame(self, dt: float) -> None:
        started = time.perf_counter()
        top = self.stack.top
        editing = getattr(getattr(top, "widgets", None), "editing", False)
        text_mode = bool(top is not None and (top.text_mode or editing))
        for event in pygame.event.get():
            for intent in to_intents(event, text_mode=text_mode):
                if isinstance(intent, Quit):
                    self.quit()
                elif isinstance(intent, Resize):
                    self._resize(intent.size)
                elif isinstance(intent, Command) and intent.name == "fullscreen":
                    self.toggle_fullscreen()
                elif self.stack.top is not None:
                    self.stack.top.handle(intent)
        self.stack.update(dt)
        self.stack.draw(self.screen)
        self._update_caption()
        self._warm_card_art(started)
        pygame.display.flip()
        self._frame_error = None

    def _update_caption(self) -> None:
        t, run = self.ctx.t, self.ctx.run
        if run.wins or run.losses:
            caption = t("app.record", name=t("app.name"), wins=run.wins, losses=run.losses)
        else:
            caption = t("app.name")
        if caption != self._caption:
            pygame.display.set_caption(caption)
            self._caption = caption

    def _show_error(self, error: BaseException) -> None:
        from .scenes.error import ErrorScene

        self._close_session(save=True)
        self.stack.reset(ErrorScene(self.ctx, error, Path(self.log_file)))

    def run(self) -> int:
        """Play until the window closes; the exit status."""
        self.show_title()
        recovered = self.ctx.stats.take_recovered() if self.ctx.stats is not None else None
        if recovered:
            log.warning("statistics: %s", recovered)
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
        self.close()
        return 0

    def close(self) -> None:
        self._close_session(save=True)
        self.ctx.worker.close()
        self.ctx.sound.close()
        if self.ctx.stats is not None:
            self.ctx.stats.close()
        pygame.quit()


def game_row(summary: GameSummary) -> GameRow:
    return GameRow(
        played_at=utc_now(),
        preset=summary.rules.preset,
        rules=summary.rules.switches(),
        players=summary.rules.players,
        opponents=list(summary.opponents),
        human_seat=summary.human_seat,
        place=summary.place,
        title=summary.title.value,
        points=summary.points,
        duration_s=summary.duration_s,
        forbidden_finish=summary.forbidden_finish,
        miyako_ochi=summary.miyako_ochi,
        revolution=summary.revolution,
        record=summary.record,
        match_id=None,
    )


def match_row(summary: GameSummary, session: Session) -> MatchRow:
    outcome = summary.match_over
    assert outcome is not None
    from game.engine.record import match_record_json

    return MatchRow(
        started_at=utc_now(),
        finished_at=utc_now(),
        preset=summary.rules.preset,
        players=summary.rules.players,
        games=len(session.match.results),
        human_total=outcome.totals[0],
        human_rank=outcome.ranking.index(0),
        totals=list(outcome.totals),
        record=match_record_json(session.match),
    )
