"""``--screenshot DIR``: PNGs of every screen at 1280×720 (or ``--size``) in Japanese and English.

Positions are found by playing real games with a seeded autopilot (no state
is faked): a 4-player table mid-trick with the revolution and lock
indicators (and in the four-colour deck), a 7-player table, the exchange, a
game result and the Expert's review of it, the 5-card two-player mode and the
Akita 2-player pile.  The statistics and replays screens are shown with a
year of made-up results (the player getting better), written to the
screenshot app's own throw-away folder.  Play with friends (``friends``, on
127.0.0.1 only) and learning to play (``coach``) have their own modules.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from game.engine import Phase, Play, preset_rules
from game.engine.record import record_json
from game.session import Session, SessionSetup
from game.storage.stats import GameRow, iso_utc

from ..app import App
from ..scenes.replay_viewer import ReplayViewerScene
from ..scenes.review import ReviewScene
from ..scenes.table import TableScene
from ..scripted import Autopilot, find_position, headless_app, play_until, setup_for
from .coach import coach_screens
from .frames import save, settle
from .friends import friends_screens

log = logging.getLogger(__name__)

def _human_turn(session: Session) -> bool:
    game = session.game
    return game.phase is Phase.PLAY and game.turn == session.human_seat and game.result is None


def _can_play(session: Session) -> bool:
    return any(isinstance(m, Play) for m in session.game.move_list())


def _mid_trick_with_indicators(session: Session) -> bool:
    game = session.game
    return _human_turn(session) and game.revolution and game.lock != 0 and len(game.trick) >= 2 and _can_play(session)


def _mid_trick(session: Session) -> bool:
    return _human_turn(session) and len(session.game.trick) >= 2 and _can_play(session)


def _human_gives(session: Session) -> bool:
    game = session.game
    return game.phase.giving and session.human_to_act()


def _show_table(app: App, setup: SessionSetup, want: Callable[[Session], bool], seeds: range) -> TableScene | None:
    for seed in seeds:
        session = find_position(replace(setup, seed=seed), want, worker=app.ctx.worker)
        if session is not None:
            app.session = session
            scene = TableScene(app.ctx, session)
            app.stack.reset(scene)
            settle(app)
            return scene
    log.warning("no position found for %s", setup.preset)
    return None


def _select_a_play(scene: TableScene) -> None:
    """Lift a legal play in the hand so the screenshot shows a selection."""
    plays = [m for m in scene.session.moves() if isinstance(m, Play)]
    if plays:
        scene.hand.selected = max(plays, key=lambda p: p.size).cards
        scene.hand.focus = 0


REVIEW_WORLDS = 48
"""Worlds a decision in the screenshots' review (the app's worker runs inline here: the review is made at once)."""
MADE_UP_GAMES = 360


def _made_up_results(app: App, record: dict[str, Any] | None) -> None:
    """A year of results of a player who gets better, in three groups (the last games with ``record``)."""
    stats = app.ctx.stats
    if stats is None:
        return
    rng = random.Random(7)
    start = datetime(2025, 1, 6, 19, tzinfo=timezone.utc)
    groups = (("standard", 4, "normal"), ("standard", 4, "strong"), ("duel5", 2, "expert"))
    for index in range(MADE_UP_GAMES):
        back = MADE_UP_GAMES - 1 - index  # the newest game is a 4-player one with its record
        preset, players, level = groups[0] if back % 5 < 3 else groups[1 + back % 2]
        rules = preset_rules(preset, players)
        skill = index / MADE_UP_GAMES
        place = rng.choices(range(players), [1 + 2.5 * skill * (players - p) for p in range(players)])[0]
        title = rules.titles[place]
        stats.add_game(GameRow(
            played_at=iso_utc(start + timedelta(hours=24 * index * 365 // MADE_UP_GAMES)), preset=preset,
            rules=rules.switches(), players=players, opponents=[None, *[level] * (players - 1)], human_seat=0,
            place=place, title=title.value, points=rules.points_for(place, title), duration_s=240.0,
            record=record if preset == "standard" and index >= MADE_UP_GAMES - 12 else None))


def _show_review(app: App, folder: Path, language: str, session: Session) -> list[Path]:
    """The review of the result's game: under way, then done."""
    scene = ReviewScene(app.ctx, record_json(session.rules, [session.game]), session.human_seat,
                        worlds=REVIEW_WORLDS)
    app.stack.push(scene)
    written = []
    for _ in range(400):
        app.step(1 / 30)
        if len(scene.ratings) >= 3 or scene.done:
            break
    written.append(save(app, folder, f"review-progress-{language}"))
    for _ in range(2000):
        if scene.done:
            break
        app.step(1 / 30)
    settle(app, 4)
    written.append(save(app, folder, f"review-{language}"))
    app.stack.pop()
    return written


HOUSE_RULES = {"five_skip": True, "nine_reverse": True, "seven_pass": True, "ten_discard": True,
               "sandstorm": True, "ambulance": True}


def _played(app: App, setup: SessionSetup) -> None:
    """Play a one-game match through the real table (the human on autopilot), up to its result."""
    from ..scenes.result import ResultScene

    app.start_match(replace(setup, games=1), confirmed=True)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=setup.seed))
    app.writer.flush()


def _match_won(app: App) -> bool:
    """A result screen of a match the player won (its confetti in the air)."""
    from ..scenes.result import ResultScene

    for seed in range(1, 40):
        setup = replace(setup_for("standard", 4, "beginner", seed=seed), games=1)
        session = find_position(setup, lambda s: s.game.result is not None and s.over, worker=app.ctx.worker)
        outcome = session.match.outcome if session is not None else None
        if session is not None and outcome is not None and outcome.ranking[0] == 0:
            app.session = session
            app.stack.reset(TableScene(app.ctx, session))
            play_until(app, lambda a: isinstance(a.stack.top, ResultScene))
            for _ in range(20):  # the confetti in the air
                app.step(1 / 30)
            return True
    return False


def _more_screens(app: App, out: Path, language: str) -> list[Path]:
    """The in-game menu, a custom game (its table, its rules; then played, for the statistics and the replays),
    the record picker, and a match won."""
    from ..scenes.menu import MenuScene
    from ..scenes.replays import ReplaysScene

    written: list[Path] = []
    custom = replace(setup_for("standard", 4, "beginner", seed=5), overrides=HOUSE_RULES)
    scene = _show_table(app, custom, _mid_trick, range(5, 40))
    if scene is not None:
        written.append(save(app, out, f"custom-table-{language}"))
        app.stack.push(MenuScene(app.ctx, scene))
        settle(app, 5)
        written.append(save(app, out, f"menu-{language}"))
        app.stack.pop()
        app.show_rules(scene.session.rules)
        settle(app, 5)
        written.append(save(app, out, f"rules-custom-{language}"))
    _played(app, setup_for("standard", 4, "beginner", seed=3))
    _played(app, custom)  # in the statistics and the replays below, beside the preset's games
    app.show_title()
    app.show_replays()
    settle(app, 5)
    replays = app.stack.top
    if isinstance(replays, ReplaysScene):
        replays.export_selected()
        app.stack.pop()  # the dialog saying where it went
        replays.choose_file()
        settle(app, 5)
        written.append(save(app, out, f"import-{language}"))
    if _match_won(app):
        written.append(save(app, out, f"match-won-{language}"))
    return written


def write_screenshots(folder: str, size: tuple[int, int] = (1280, 720)) -> int:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for language in ("ja", "en"):
        app = headless_app(size, language=language)
        try:
            app.show_title()
            settle(app, 40)
            written.append(save(app, out, f"title-{language}"))
            app.show_new_game()
            settle(app, 20)
            written.append(save(app, out, f"new-game-{language}"))
            scene = _show_table(app, setup_for("standard", 4), _mid_trick_with_indicators, range(1, 400))
            if scene is not None:
                _select_a_play(scene)
                app.step(1 / 30)
                written.append(save(app, out, f"table-4p-{language}"))
                app.ctx.update_settings(show_tracker=True)
                settle(app, 2)
                written.append(save(app, out, f"tracker-{language}"))
                app.ctx.update_settings(show_tracker=False, four_color=True)
                settle(app, 2)
                written.append(save(app, out, f"table-4p-four-colour-{language}"))
                app.ctx.update_settings(four_color=False)
                app.request_quit()
                settle(app, 2)
                written.append(save(app, out, f"confirm-quit-{language}"))
                app.stack.pop()
            if _show_table(app, setup_for("standard", 7), _mid_trick, range(1, 50)) is not None:
                written.append(save(app, out, f"table-7p-{language}"))
            scene = _show_table(app, setup_for("standard", 4), _human_gives, range(1, 60))
            if scene is not None:
                gift = scene.session.human_gift_count()
                scene.hand.selected = sum(1 << c for c in scene.hand.cards[:gift])
                app.step(1 / 30)
                written.append(save(app, out, f"exchange-{language}"))
            house = replace(setup_for("standard", 4), overrides=HOUSE_RULES)
            scene = _show_table(app, house, lambda s: s.game.phase is Phase.HANDOFF and _human_gives(s), range(1, 80))
            if scene is not None:
                app.step(1 / 30)
                written.append(save(app, out, f"handoff-{language}"))
            if _show_table(app, setup_for("standard", 4), lambda s: s.game.result is not None, range(1, 10)):
                settle(app, 120)
                written.append(save(app, out, f"result-{language}"))
                session = app.session
                assert session is not None
                written += _show_review(app, out, language, session)
                app.show_replay(record_json(session.rules, [session.game]), session.human_seat)
                viewer = app.stack.top
                assert isinstance(viewer, ReplayViewerScene)
                for _ in range(12):
                    viewer.step(1)
                settle(app, 2)
                written.append(save(app, out, f"replay-{language}"))
                _made_up_results(app, record_json(session.rules, [session.game]))
            written.extend(_more_screens(app, out, language))
            written.extend(friends_screens(app, out, language))
            written.extend(coach_screens(app, out, language))
            app.show_title()
            app.show_settings()
            settle(app, 20)
            written.append(save(app, out, f"settings-{language}"))
            app.show_title()
            app.show_stats()
            settle(app, 20)
            written.append(save(app, out, f"stats-{language}"))
            app.show_title()
            app.show_replays()
            settle(app, 20)
            written.append(save(app, out, f"replays-{language}"))
            if _show_table(app, setup_for("duel5", 2, first_leader=0), _mid_trick, range(1, 60)):
                written.append(save(app, out, f"duel5-{language}"))
            if _show_table(app, setup_for("akita", 2), _mid_trick, range(1, 60)):
                written.append(save(app, out, f"akita-2p-{language}"))
        finally:
            app.close()
    for path in written:
        print(path)
    return 0
