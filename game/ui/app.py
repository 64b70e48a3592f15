"""The application: window, services, the frame loop and navigation between screens.

``App.step(dt)`` runs one frame (events → intents → the top scene, update,
draw), so headless tests and the benchmarks drive the same loop the player
does.  An unexpected exception is logged and shown on an error screen.

Storage never stops the game.  A folder that cannot be used, a statistics
file that cannot be opened, results the disk refuses: the game goes on (in
memory where it must) and the player is told once, by a notice shown on the
next screen that takes notices (the title, the result screen, the menus).
Only one copy of the game runs on a data folder: a second copy shows why it
cannot and closes when the player has read it (``OtherCopyScene``), without
touching any file; so does a copy that finds something other than the game's
lock file at its place (a link, a folder...).
"""

from __future__ import annotations

import contextlib
import logging
import os
import platform
import signal
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import RuleSet
from game.engine.record import Games
from game.levels import Level
from game.network.friends.remote import RemoteSession
from game.recorder import RETRY_S, ResultRecorder
from game.session import GameSummary, Session, SessionSetup
from game.setups import SeatKind
from game.storage.autosave import AutosaveSlot
from game.storage.background import BackgroundWriter
from game.storage.lock import InstanceLock, LockRefused
from game.storage.logs import setup_logging
from game.storage.notices import Notice, NoticeKind, Notices
from game.storage.paths import AppPaths, app_paths
from game.storage.settings import MAX_WINDOW, Settings, load_settings, save_settings
from game.storage.stats import StatsStore

from . import theme
from .assets import Assets
from .card_art import CardArt
from .context import Context
from .intents import Command, DropFile, Intent, Quit, Resize, to_intents
from .scene import SceneStack
from .sound import SoundPlayer
from .text import TextRenderer

if TYPE_CHECKING:
    from game.network.friends.host import FriendsHost
    from game.network.friends.messages import TableSettings
    from game.worker import Mode as WorkerMode

    from .scenes.dialogs import ConfirmDialog

log = logging.getLogger(__name__)

FPS = 60
IDLE_FPS = 10
"""While nothing moves, the loop waits for input up to this many times a second (and draws nothing new)."""
KEY_GRACE = 0.5
"""Seconds during which keys are ignored after the game itself opens a screen (the result, a notice): a key
pressed for the screen before (Enter to skip to the result) must not choose on the new one (Next game)."""
WARM_UNTIL = 0.005
"""Card faces are drawn ahead of need only while a frame has taken less than this (seconds)."""


@dataclass
class AppOptions:
    """What the command line asked for."""

    windowed_size: tuple[int, int] | None = None
    worker_mode: WorkerMode = "process"
    paths: AppPaths | None = None
    headless: bool = False
    """No real window (SDL's dummy video driver); used by tests, screenshots and the self-test."""
    raise_errors: bool = False
    """An unexpected exception in a frame propagates instead of opening the error screen (tests)."""
    handle_signals: bool = False
    """SIGTERM, SIGINT and SIGHUP save and quit at once (the game as a program; not in tests)."""


class App:
    def __init__(self, options: AppOptions | None = None) -> None:
        self.options = options or AppOptions()
        self.paths = self.options.paths or app_paths()
        self.notices = Notices()
        """What the player must be told about the files, shown once each."""
        unusable = self.paths.prepare()
        self.log_file = setup_logging(self.paths)
        log.info("starting: Python %s, pygame-ce %s (SDL %s), %s; data in %s", platform.python_version(),
                 pygame.version.ver, ".".join(map(str, pygame.get_sdl_version())), platform.platform(),
                 self.paths.data_dir)
        for folder, error in unusable:
            log.error("cannot use the folder %s: %s; what belongs there is kept in memory this session", folder, error)
            self.notices.post(Notice(NoticeKind.FOLDER_UNUSABLE, str(folder), _reason(error)))
        self._data_unusable = any(folder == self.paths.data_dir for folder, _ in unusable)
        self._config_unusable = any(folder == self.paths.config_dir for folder, _ in unusable)
        self.lock = InstanceLock(self.paths.lock_file)
        self.other_copy: str | None = None
        """The process number of the copy that holds the data folder ("?" if unknown); None: this one does."""
        self.lock_refused: LockRefused | None = None
        """Something that is not the game's lock file is at its place: this copy writes nothing and closes."""
        self._take_lock()
        settings, _ = load_settings(self.paths.settings_file, notify=self._settings_notice)  # each warning is logged
        if self.options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.stop_signal: int | None = None
        """The signal that asked the game to save and quit now (set by its handler, read by ``run``)."""
        self._signal_handlers: dict[int, Any] = {}
        if self.options.handle_signals:
            self.install_signal_handlers()  # over SDL's, which pygame.init has just installed
        size = self.options.windowed_size or settings.window_size
        self.screen = self._open_window(size, settings.fullscreen and not self.options.headless)
        from game.worker import DecisionWorker

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
            nav=self,
            stats=None if self.locked_out else StatsStore(self.paths.stats_db, notify=self._stats_notice,
                                                                       alone=self.lock.held),
            size=self.screen.get_size(),
            notices=self.notices,
        )
        if settings.music and settings.sound:
            self.ctx.sound.set_music(True)
        self.writer = BackgroundWriter()
        """Autosaves and statistics are written off the frame loop, in order."""
        self.autosave = AutosaveSlot(self.paths.autosave_file, notify=self.notices.post)
        self.recorder = ResultRecorder(self.ctx.stats, self.writer.submit, self.notices.post,
                                       waiting=None if self.locked_out else self.paths.waiting_file)
        """Finished games and matches go to the statistics through it (kept and retried if the disk refuses)."""
        self.recorder.restore()  # results an earlier session could not write
        self._retry_in = RETRY_S
        self.session: Session | None = None
        self.remote: RemoteSession | None = None
        """A seat at a table for friends (hosted here or elsewhere)."""
        self.hosting: FriendsHost | None = None
        """The table this copy hosts for friends (its server runs in this process)."""
        self.running = True
        self.clock = pygame.time.Clock()
        self._caption = ""
        self._frame_error: BaseException | None = None
        self._warmed: tuple[tuple[int, int], bool] | None = None
        self._held: list[pygame.event.Event] = []
        """Input that arrived while the loop waited, handled by the next frame."""
        self._drawn_stack: tuple[int, ...] = ()
        self._since_draw = 0.0
        self._changed = True
        """The last frame had input or a change of screen (the next ones may animate)."""
        self._rate = 0.0
        """The redraw rate the drawn scenes asked for at the end of the last frame."""
        self._top: int | None = None
        """The top scene as the last frame left it (``id``)."""
        self._mute_keys = 0.0
        """Seconds during which keys are still ignored (the game has just opened a screen)."""
        self.draws = 0
        """Frames drawn so far (the idle benchmark counts them)."""

    # --- window ----------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        width, height = self._window_size(size)
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

    def _window_size(self, size: tuple[int, int], *, on_screen: bool = True) -> tuple[int, int]:
        """``size`` made at least the game's minimum and at most ``MAX_WINDOW`` (and the largest screen)."""
        desktops: list[tuple[int, int]] = []
        if on_screen and not self.options.headless:
            try:
                desktops = list(pygame.display.get_desktop_sizes())
            except pygame.error:
                desktops = []
        return window_size(size, max(desktops, default=None, key=lambda d: d[0] * d[1]))

    def _resize(self, size: tuple[int, int]) -> None:
        width, height = self._window_size(size, on_screen=False)  # the player may span several screens
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
        if not self.locked_out:
            save_settings(self.paths.settings_file, settings)

    # --- storage ------------------------------------------------------------------------------

    @property
    def locked_out(self) -> bool:
        """Another copy holds the data folder, or its lock file is not the game's: nothing is written."""
        return self.other_copy is not None or self.lock_refused is not None

    def _take_lock(self) -> None:
        """Hold the data folder, or learn that another copy of the game does (or that the lock is not ours)."""
        try:
            if self.lock.acquire():
                return
        except LockRefused as refused:
            self.lock_refused = refused
            log.error("%s; this copy saves nothing and closes", refused)
            return
        except OSError as error:  # no lock can be taken: nothing can be written there either
            log.warning("cannot lock %s: %s", self.paths.lock_file, error)
            return
        self.other_copy = self.lock.owner() or "?"
        log.warning("another copy of the game (process %s) uses %s; this one saves nothing and closes",
                    self.other_copy, self.paths.data_dir)

    def _settings_notice(self, notice: Notice) -> None:
        if notice.kind is NoticeKind.SETTINGS_UNREADABLE and self._config_unusable:
            return  # the folder's notice says it already
        self.notices.post(notice)

    def _stats_notice(self, notice: Notice) -> None:
        if notice.kind is NoticeKind.STATS_UNAVAILABLE and self._data_unusable:
            return  # the folder's notice says it already
        self.notices.post(notice)

    def _show_notices(self) -> None:
        """Notices waiting are shown as dialogs over a screen that takes them (never over play)."""
        top = self.stack.top
        if not len(self.notices) or top is None or not getattr(top, "accepts_notices", False):
            return
        from .scenes.notices import notice_dialog

        for notice in reversed(self.notices.take()):
            self.stack.push(notice_dialog(self.ctx, notice))

    # --- navigation ---------------------------------------------------------------------

    def show_title(self) -> None:
        if self.locked_out:
            from .scenes.notices import OtherCopyScene

            self.stack.reset(OtherCopyScene(self.ctx, self.paths.data_dir, self.other_copy or "?", self.lock_refused))
            return
        from .scenes.title import TitleScene

        self._close_session(save=True)
        self._close_friends()
        self.recorder.retry()
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

    def show_replay(self, record: dict[str, Any] | Games, human_seat: int | None = None,
                    at: tuple[int, int] | None = None) -> None:
        from .scenes.replay_viewer import ReplayViewerScene

        self.stack.push(ReplayViewerScene(self.ctx, record, human_seat, at=at))

    def show_lessons(self) -> None:
        from .scenes.lessons import LessonsScene

        self.stack.push(LessonsScene(self.ctx))

    def start_lesson(self, lesson_id: str) -> None:
        """A lesson at the table, over the screen it is started from.

        A lesson keeps nothing: no statistics, no autosave.  A match at the
        table is saved for Continue first (a table of friends is left) and the
        lesson opens over the lessons screen, so that nothing of the match goes
        on underneath.
        """
        from game.lessons.catalog import lesson
        from game.lessons.session import LessonSession

        from .scenes.lesson_table import LessonTableScene

        if self.session is not None or self.remote is not None or self.hosting is not None:
            self.show_title()  # the match saved (a table of friends left), nothing of it goes on under the lesson
            self.show_lessons()
        self.stack.push(LessonTableScene(self.ctx, LessonSession(lesson(lesson_id), self.ctx.worker)))

    def show_review(self, record: dict[str, Any], seat: int, game: int = -1) -> None:
        from .scenes.review import ReviewScene

        self.stack.push(ReviewScene(self.ctx, record, seat, game))

    def drop_file(self, path: str) -> None:
        """A file dropped onto the window is imported as a record on the replays screen (not during play)."""
        from .scenes.replays import ReplaysScene
        from .scenes.table import TableScene

        table = next((s for s in self.stack.scenes if isinstance(s, TableScene)), None)
        if table is not None and self.session is not None and not self.session.over:
            table.say(self.ctx.t("screen.replays.drop_in_play"))
            return
        if not isinstance(self.stack.top, ReplaysScene):
            if table is not None:
                self.show_title()
            self.show_replays()
        top = self.stack.top
        if isinstance(top, ReplaysScene):
            top.import_path(path)

    # --- play with friends ---------------------------------------------------------------

    def _table_settings(self, setup: SessionSetup, level: str) -> TableSettings:
        """A table for friends with ``setup``'s rules and seats (``level``: the computers of empty seats), and the
        turn timer and drop timeout of the settings."""
        from game.network.friends.messages import TableSettings

        return TableSettings(preset=setup.preset.value, players=setup.players, overrides=dict(setup.overrides),
                             games=setup.games, level=Level(level), turn_timer=self.ctx.settings.turn_timer,
                             drop_timeout=self.ctx.settings.drop_timeout)

    def host_table(self, setup: SessionSetup, level: str) -> None:
        """Host a table for friends with ``setup``'s rules and seats (``level``: the computers of empty seats)."""
        self._host(self._table_settings(setup, level), None)

    def choose_server_table(self, address: str, port: int, name: str) -> None:
        """The new-game screen, to choose the rules and seats of a table to create on a (dedicated) server."""
        from .scenes.new_game import NewGameScene

        self.stack.push(NewGameScene(self.ctx, server=(address, port, name)))

    def create_table(self, address: str, port: int, name: str, setup: SessionSetup, level: str) -> None:
        """Open a table on the server at ``address:port`` and take its first seat: its lobby shows the code to
        share (the server's own limits apply: it may refuse, and says why)."""
        from game.network.friends.client import Connection, url_of
        from game.network.friends.messages import Create

        from .scenes.friends import LobbyScene

        self._close_friends()
        conn = Connection(url_of(address, port), Create(name, self._table_settings(setup, level))).start()
        self.remote = RemoteSession(conn, on_game_over=self._game_over)
        self.stack.push(LobbyScene(self.ctx, self.remote, [f"{address}:{port}"]))

    def saved_hosted_match(self) -> Path | None:
        """The newest match saved when this copy's host quit (None: none)."""
        from game.network.friends.host import saved_matches

        found = saved_matches(self.paths.data_dir / "hosted")
        return found[0] if found else None

    def host_saved_match(self) -> None:
        """Host again the match saved when the host quit (its players' seats wait for them by name)."""
        import json

        from game.network.friends.messages import MessageError, read_settings
        from game.storage.files import read_limited

        path = self.saved_hosted_match()
        if path is None:
            return
        try:
            data = json.loads(read_limited(path, 16 << 20).decode("utf-8"))
            settings = read_settings(data.get("table"), "table")
        except (OSError, ValueError, MessageError, AttributeError) as error:
            self.stack.push(_message(self.ctx, "friends.cannot_host", f"{path.name}: {error}"))
            return
        if self._host(settings, data):
            path.unlink(missing_ok=True)  # saved anew if the host quits again

    def _host(self, settings: Any, resume: dict[str, Any] | None) -> bool:
        from game.network.friends.host import FriendsHost

        from .scenes.friends import LobbyScene

        self._close_friends()
        host = FriendsHost(self.ctx.t("friends.host_name"), settings, save_dir=self.paths.data_dir / "hosted",
                           bind=self.friends_bind, port=self.friends_port, announce=self.friends_announce,
                           computer_pause=self.friends_pause, resume=resume, decisions=self.friends_decisions)
        try:
            conn = host.start()
        except OSError as error:
            self.stack.push(_message(self.ctx, "friends.cannot_host", str(error)))
            return False
        self.hosting = host
        self.remote = RemoteSession(conn, on_game_over=self._game_over, host=True)
        self.stack.push(LobbyScene(self.ctx, self.remote, [f"{a}:{host.port}" for a in _addresses()]))
        return True

    friends_bind = "0.0.0.0"
    """Where a hosted table listens (tests: 127.0.0.1)."""
    friends_announce = True
    friends_port = 47652
    friends_pause = 0.8
    """Seconds between two computer moves at a hosted table (people follow each play)."""
    friends_decisions: WorkerMode = "process"
    """Where a hosted table's computers think: the decision worker's processes, off this one's frames
    (``thread``: only to measure what that spares)."""

    def show_join(self) -> None:
        from .scenes.friends import JoinScene

        self.stack.push(JoinScene(self.ctx))

    def join_table(self, address: str, port: int, code: str, name: str) -> None:
        from game.network.friends.client import Connection, url_of
        from game.network.friends.messages import Hello

        from .scenes.friends import LobbyScene

        self._close_friends()
        conn = Connection(url_of(address, port), Hello(name, code)).start()
        self.remote = RemoteSession(conn, on_game_over=self._game_over)
        self.stack.push(LobbyScene(self.ctx, self.remote))

    def open_remote_table(self, remote: RemoteSession) -> None:
        from .scenes.table import TableScene

        self._close_session(save=True)
        self.stack.reset(TableScene(self.ctx, remote))

    def leave_friends(self) -> None:
        """Leave the table for friends, after asking when that loses something (the host's leaving closes it for
        everyone, the match saved; a friend's leaving a match leaves its seat to the computer)."""
        dialog = self._friends_question(self.show_title)
        if dialog is None:
            self.show_title()
        else:
            self.stack.push(dialog)

    def _friends_question(self, on_yes: Callable[[], object]) -> ConfirmDialog | None:
        """The question to ask before leaving the table for friends (None: leaving loses nothing)."""
        from .scenes.dialogs import ConfirmDialog

        remote = self.remote
        if remote is None or remote.closed is not None or remote.over:
            return None
        if self.hosting is not None:
            key = "confirm.close_table" if remote.started else "confirm.close_lobby"
        elif remote.started:
            key = "confirm.leave_table"
        else:
            return None
        t = self.ctx.t
        return ConfirmDialog(self.ctx, lambda: t(f"{key}.title"), lambda: t(f"{key}.text"), on_yes,
                             yes=lambda: t(f"{key}.yes"), danger=self.hosting is not None)

    def friends_ended(self, remote: RemoteSession) -> None:
        """The table closed or refused this seat: say why, then the title."""
        from game.network.friends.messages import Closed, Refused

        closed = remote.closed
        if isinstance(closed, Closed):
            key = "friends.ended.saved" if closed.saved else f"friends.ended.{closed.reason.value}"
            text = self.ctx.t(key)
        elif isinstance(closed, Refused):
            text = self.ctx.t("friends.refused", reason=closed.message)
        else:
            text = self.ctx.t("friends.lost", reason=remote.status.message)
        self._close_friends()
        self.show_title()
        self.stack.push(_message(self.ctx, "friends.ended.title", text))

    def _close_friends(self) -> None:
        remote, host = self.remote, self.hosting
        self.remote = self.hosting = None
        if remote is not None:
            remote.close(leave=host is None)
        if host is not None:
            host.stop()

    def match_in_progress(self) -> bool:
        """A match that starting another one would throw away: at the table, or saved for 続きから."""
        if self.session is not None:
            return not self.session.over
        return self.has_autosave()

    def start_match(self, setup: SessionSetup, *, confirmed: bool = False) -> None:
        """Start a new match with ``setup`` (remembered as the last setup).

        Over a match in progress the player is asked first (unless ``confirmed``);
        an external program the player has not chosen in this run of the game
        is shown, and the match starts only if the player agrees.
        """
        if not confirmed and self.match_in_progress():
            from .scenes.dialogs import ConfirmDialog

            t = self.ctx.t
            self.stack.push(ConfirmDialog(self.ctx, lambda: t("confirm.new_match.title"),
                                          lambda: t("confirm.new_match.text"),
                                          lambda: self.start_match(setup, confirmed=True),
                                          yes=lambda: t("confirm.new_match.yes"), danger=True))
            return
        self.confirm_programs(setup, lambda: self._start_match(setup))

    def _start_match(self, setup: SessionSetup) -> None:
        log.info("new match: %s", setup.to_json())
        self._close_session(save=False)
        self.writer.submit(self.autosave.clear, key="autosave")
        self.ctx.update_settings(last_setup=setup.to_json())
        self._open_table(self._session(setup))

    def confirm_programs(self, setup: SessionSetup, then: Callable[[], object]) -> None:
        """Run ``then`` once the player has agreed to run each external program of ``setup`` not chosen in this run.

        Each such command line is shown in a dialog of its own; Cancel (the
        focused button) stops there and nothing is started.
        """
        seats: dict[str, list[int]] = {}
        for index, seat in enumerate(setup.seats):
            if seat.kind is SeatKind.EXTERNAL and seat.command not in self.ctx.chosen_programs:
                seats.setdefault(seat.command, []).append(index)
        if not seats:
            then()
            return
        from .scenes.dialogs import ConfirmDialog

        command, indexes = next(iter(seats.items()))

        def agreed() -> None:
            self.ctx.chosen_programs.add(command)
            self.confirm_programs(setup, then)

        def text() -> str:
            t = self.ctx.t
            who = t("screen.program.seats_sep").join(t("seat.cpu", n=i) for i in indexes)
            return t("screen.program.text", seats=who, command=visible_command(command))

        self.stack.push(ConfirmDialog(self.ctx, lambda: self.ctx.t("screen.program.title"), text, agreed,
                                      yes=lambda: self.ctx.t("screen.program.run"), danger=True))

    def restart_match(self, setup: SessionSetup) -> None:
        """A new match like the last one (fresh deal)."""
        if self.session is not None:
            setup = self.session.next_setup()
        else:
            setup = replace(setup, seed=int(time.time()) & 0x7FFFFFFF)
        self.start_match(setup)

    def has_autosave(self) -> bool:
        if self.locked_out:
            return False
        self.writer.flush()
        return self.autosave.load() is not None

    def resume_match(self) -> bool:
        """Continue the autosaved match; False if it cannot be resumed (then it is kept under a new name).

        The saved match is checked before anything starts; its external
        programs, if the player has not chosen them in this run, are shown
        for confirmation first (``confirm_programs``; Cancel keeps the autosave).
        """
        if self.locked_out:
            return False
        self.writer.flush()
        data = self.autosave.load()
        if data is None:
            return False
        try:
            setup, match = Session.restore(data)
        except Exception as error:
            log.exception("the autosave cannot be resumed")
            self.autosave.keep_refused(f"{type(error).__name__}: {error}")
            return False

        saved = Session.saved_match(data)
        if "match_key" in saved and self.recorder.resumed_key(saved["match_key"], len(match.results)) is None:
            saved = {"started_at": saved["started_at"]}  # an older copy of a recorded match: a new match

        def resume() -> None:
            self._close_session(save=False)
            log.info("resumed the saved match: %s", setup.to_json())
            self._open_table(Session(setup, self.ctx.worker, match=match, on_autosave=self._autosave,
                                     on_game_over=self._game_over, **saved))

        self.confirm_programs(setup, resume)
        return True

    def _open_table(self, session: Session) -> None:
        """Play ``session`` on the table."""
        from .scenes.table import TableScene

        # The decision processes start while the table opens, not on the first decision's frame.
        self.ctx.worker.start(shared=any(player is not None and player.search_parts for player in session.players))
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

    def request_quit(self) -> None:
        """The window's close button: during a match, ask first (the match is saved either way).

        Results the disk refused that cannot be kept for the next start
        either would be lost: then the question says so, match or not.
        """
        from .scenes.dialogs import ConfirmDialog

        top = self.stack.top
        lost = self.recorder.unkept and not self.recorder.keep()
        asked = isinstance(top, ConfirmDialog) and top.quit_question
        friends = None if asked or lost else self._friends_question(self.quit)
        if friends is not None:
            friends.quit_question = True
            self.stack.push(friends)
            return
        if asked or (not lost and (self.session is None or self.session.over)):
            self.quit()
            return
        t = self.ctx.t
        if lost:
            count = self.recorder.unkept
            dialog = ConfirmDialog(self.ctx, lambda: t("confirm.quit_unsaved.title"),
                                   lambda: t("confirm.quit_unsaved.text", count=count), self.quit,
                                   yes=lambda: t("confirm.quit_unsaved.yes"), danger=True)
        else:
            dialog = ConfirmDialog(self.ctx, lambda: t("confirm.quit.title"), lambda: t("confirm.quit.text"),
                                   self.quit, yes=lambda: t("confirm.quit.yes"))
        dialog.quit_question = True
        self.stack.push(dialog)

    def leave_match(self) -> None:
        """Back to the title from a match in progress, after asking (the match is saved for 続きから)."""
        from .scenes.dialogs import ConfirmDialog

        if self.session is None or self.session.over:
            self.leave_friends()
            return
        t = self.ctx.t
        self.stack.push(ConfirmDialog(self.ctx, lambda: t("confirm.leave.title"), lambda: t("confirm.leave.text"),
                                      self.show_title, yes=lambda: t("confirm.leave.yes")))

    # --- storage sinks ---------------------------------------------------------------------

    def _autosave(self, data: dict[str, Any]) -> None:
        if self.locked_out:
            return
        session = self.session
        slot = self.autosave
        if session is not None and session.over:
            self.writer.submit(slot.clear, key="autosave")
        else:
            self.writer.submit(lambda: slot.save(data), key="autosave")

    def _game_over(self, summary: GameSummary) -> None:
        log.info("game over: %s, %d players, the player placed %d (%s), %s points%s", summary.rules.preset,
                 summary.rules.players, summary.place + 1, summary.title.value, summary.points,
                 "; match over" if summary.match_over is not None else "")
        run = self.ctx.run
        run.games += 1
        run.wins += summary.place == 0
        self.recorder.game_over(summary)

    # --- the loop ----------------------------------------------------------------------------

    def step(self, dt: float, *, always_draw: bool = True) -> None:
        """One frame: input, update, draw.

        With ``always_draw`` False (the real loop) the screen is drawn only
        after input, a change of screen, as often as the drawn scenes ask
        (``Scene.frame_rate``), and once more when they come to rest (the
        update that ended the last animation changed what is shown): an idle
        screen costs next to nothing and never shows a stale moment.
        """
        try:
            self._frame(dt, always_draw)
        except Exception as error:
            log.exception("unexpected error")
            if self._frame_error is not None or self.options.raise_errors:
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

    def _frame(self, dt: float, always_draw: bool = True) -> None:
        """Input, update, then a draw if anything changed on screen (``_present``)."""
        started = time.perf_counter()
        self._retry_in -= dt
        if self._retry_in <= 0:
            self._retry_in = RETRY_S
            self.recorder.retry()
        events, self._held = self._held + pygame.event.get(), []
        self._take_input(events, dt)
        self.stack.update(dt)
        self._show_notices()
        if self._new_top():  # the game opened it (the result, a notice): not a key of the player's yet
            self._mute_keys = KEY_GRACE
        self._present(dt, bool(events), always_draw)
        self._warm_card_art(started)
        self._frame_error = None

    def _take_input(self, events: list[pygame.event.Event], dt: float) -> None:
        """Each event's intents to the app or the top scene; keys pressed before the screen they reach was
        shown are dropped (after a screen opened in this batch, or while the game's new screen is muted)."""
        top = self.stack.top
        editing = getattr(getattr(top, "widgets", None), "editing", False)
        text_mode = bool(top is not None and (top.text_mode or editing))
        if self._new_top():  # opened between frames (by a test, a tool): its keys count at once
            self._mute_keys = 0.0
        self._mute_keys = max(0.0, self._mute_keys - dt)
        opened = False
        for event in events:
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and (opened or self._mute_keys > 0):
                continue  # pressed before this screen was shown: meant for the one before
            for intent in to_intents(event, text_mode=text_mode):
                self._route(intent)
            if self._new_top():  # the player opened it: the rest of this batch was meant for the one before
                opened, self._mute_keys = True, 0.0

    def _route(self, intent: Intent) -> None:
        if isinstance(intent, Quit):
            self.request_quit()
        elif isinstance(intent, Resize):
            self._resize(intent.size)
        elif isinstance(intent, Command) and intent.name == "fullscreen":
            self.toggle_fullscreen()
        elif isinstance(intent, DropFile):
            self.drop_file(intent.path)
        elif self.stack.top is not None:
            self.stack.top.handle(intent)

    def _present(self, dt: float, had_input: bool, always_draw: bool) -> None:
        """Draw and show a frame after input, a change of screen, when the scenes' rate is due, or when they
        have just come to rest (the update that ended an animation changed what is shown)."""
        signature = self.stack.signature()
        changed = had_input or signature != self._drawn_stack
        rate = self.stack.frame_rate()
        self._since_draw += dt
        due = rate > 0 and self._since_draw >= 1 / rate - 0.25 / FPS
        settled = self._rate > 0 and rate == 0
        self._rate = rate
        if always_draw or changed or due or settled:
            self.stack.draw(self.screen)
            self._update_caption()
            pygame.display.flip()
            self.draws += 1
            self._since_draw = 0.0
            self._drawn_stack = signature
        self._changed = changed

    def _new_top(self) -> bool:
        """True if another scene is on top than when last asked."""
        top = id(self.stack.top)
        if top == self._top:
            return False
        self._top = top
        return True

    def frame_rate(self) -> float:
        """How many frames a second the loop needs now: every frame while something moves or just changed."""
        if self._changed or self._warmed != (self.ctx.size, self.ctx.settings.four_color):
            return FPS  # just changed, or card faces still to draw in spare time
        return min(FPS, max(IDLE_FPS, self.stack.frame_rate()))

    def tick(self) -> None:
        """One turn of the real loop: wait for input while nothing moves, then run a frame."""
        rate = self.frame_rate()
        if rate < FPS and not self._held:
            event = pygame.event.wait(max(1, round(1000 / rate - self.clock.get_rawtime())))
            if event.type != pygame.NOEVENT:
                self._held.append(event)
        dt = self.clock.tick(FPS) / 1000.0
        self.step(min(dt, 0.1), always_draw=False)

    def _update_caption(self) -> None:
        t, run = self.ctx.t, self.ctx.run
        caption = t("app.record", name=t("app.name"), wins=run.wins, games=run.games) if run.games else t("app.name")
        if caption != self._caption:
            pygame.display.set_caption(caption)
            self._caption = caption

    def _show_error(self, error: BaseException) -> None:
        from .scenes.error import ErrorScene

        self._close_session(save=True)
        self.stack.reset(ErrorScene(self.ctx, error, Path(self.log_file)))

    def run(self) -> int:
        """Play until the window closes (or a signal asks the game to stop); the exit status.

        The title is shown first unless a screen already is.  With
        ``AppOptions.handle_signals``, SIGTERM (a ``kill``, ``timeout``, the
        system shutting down), SIGINT and SIGHUP mean: save and quit now,
        without a question (``install_signal_handlers``).
        """
        if self.stack.top is None and self.stop_signal is None:
            self.show_title()
        while self.running and self.stop_signal is None:
            self.tick()
        if self.stop_signal is not None:
            log.warning("signal %d: saving and quitting", self.stop_signal)
        self.close()
        return 0

    def install_signal_handlers(self) -> None:
        """SIGTERM, SIGINT and SIGHUP set ``stop_signal``, which the loop reads: it then saves and quits.

        Installed after ``pygame.init``, over the handlers SDL installs there:
        SDL turns SIGTERM into a window close, which during a match only asks
        a question (and the shutdown that sent it then kills the game).  Only
        the main thread can install handlers; elsewhere nothing is done.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is None or signum in self._signal_handlers:
                continue
            try:
                self._signal_handlers[signum] = signal.signal(signum, self._on_signal)
            except (OSError, ValueError):  # not allowed here
                continue

    def restore_signal_handlers(self) -> None:
        for signum, handler in self._signal_handlers.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(signum, handler)
        self._signal_handlers.clear()

    def _on_signal(self, signum: int, frame: object) -> None:
        self.stop_signal = signum

    def close(self) -> None:
        """Save the match in progress and every waiting result, then let go of everything."""
        log.info("closing")
        self._close_session(save=True)
        self._close_friends()
        self.recorder.retry()
        self.writer.close()  # the last autosave and results are written before the database closes
        kept = self.recorder.keep()
        for row in self.recorder.unwritten():
            if kept:
                log.warning("results: kept in %s for the next start: %s", self.paths.waiting_file, row)
            else:
                log.error("results: not saved (the disk refused it until the game closed): %s", row)
        self.ctx.worker.close()
        self.ctx.sound.close()
        if self.ctx.stats is not None:
            self.ctx.stats.close()
        self.lock.release()
        pygame.quit()
        self.restore_signal_handlers()


def _message(ctx: Context, title_key: str, text: str) -> Any:
    from .scenes.dialogs import MessageDialog

    return MessageDialog(ctx, lambda: ctx.t(title_key), lambda: text, error=True)


def _addresses() -> list[str]:
    """This computer's addresses on the local network (what friends type to join)."""
    try:
        import ifaddr

        return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.")][:3]
    except Exception:
        return []


def window_size(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window size from ``theme.MIN_SIZE`` to the desktop's size (if known) and the settings' ``MAX_WINDOW``.

    >>> window_size((16384, 16384), None), window_size((16384, 100), (1920, 1080))
    ((7680, 4320), (1920, 600))
    """
    most = MAX_WINDOW if desktop is None else (min(MAX_WINDOW[0], desktop[0]), min(MAX_WINDOW[1], desktop[1]))
    width = min(max(theme.MIN_SIZE[0], most[0]), max(theme.MIN_SIZE[0], size[0]))
    height = min(max(theme.MIN_SIZE[1], most[1]), max(theme.MIN_SIZE[1], size[1]))
    return width, height


def visible_command(command: str) -> str:
    r"""A command line as it will run, every character visible (controls and invisible ones as escapes).

    >>> print(visible_command("./bot\n-v \u202e"))
    ./bot\n-v \u202e
    """
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in command)


def _reason(error: OSError) -> str:
    """An OS error in the system's words, without the path (the notice names the folder)."""
    return error.strerror or str(error)
