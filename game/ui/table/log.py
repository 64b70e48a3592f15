"""The play log: what happened this game, a line per event, as the table showed it.

The director adds each event when its animation starts, so the log never
tells more than the table has shown.  Lines are worded when drawn (the
language may change); ``scroll`` counts lines up from the newest one (0
follows the game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engine import Play
from game.engine.cards import RANK_LABELS, card_symbol, format_symbols, iter_ids
from game.engine.events import (
    Ambulance,
    DrawSource,
    Drew,
    EightCut,
    Event,
    Exchanged,
    Finished,
    FiveSkip,
    ForbiddenFinish,
    GameOver,
    Gekokujo,
    HopelessHand,
    JBack,
    Locked,
    MiyakoOchi,
    NineReverse,
    Passed,
    Played,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    Started,
    TenDiscard,
    TrickCleared,
)

from . import banners

LOGGED = (Started, Played, Passed, TrickCleared, Revolution, JBack, Locked, EightCut, Spade3Return, Finished,
          ForbiddenFinish, HopelessHand, MiyakoOchi, Gekokujo, Exchanged, Drew, GameOver, Sandstorm, Ambulance,
          FiveSkip, NineReverse, SevenPass, TenDiscard)
"""The events that make a line (a refill from one's own stock does not: the stock's count shows it)."""


def joker_text(play: Play) -> str:
    """What the jokers of ``play`` stand for (``♠7``, ``♠7 ♥7``); empty for a play without one or a lone joker."""
    if not play.jokers or play.is_lone_joker:
        return ""
    stand = [card_symbol(c) for c in iter_ids(play.stand_ins)]
    if not stand:
        stand = [RANK_LABELS[play.rank]]
    return " ".join(stand)


def play_text(play: Play, t: Callable[..., str]) -> str:
    """The cards of a play, with what its jokers stand for: ``♠5 ♠6 JOKER (JOKER = ♠7)``."""
    cards = format_symbols(play.cards)
    stand = joker_text(play)
    return t("log.joker", cards=cards, stand=stand) if stand else cards


def line_for(event: Event, t: Callable[..., str], names: Callable[[int], str]) -> tuple[str, str]:
    """(text, tone) of an event's line; tone is ``play``, ``pass``, ``rule``, ``clear`` or ``info``."""
    if isinstance(event, Played):
        return t("log.played", name=names(event.seat), cards=play_text(event.play, t)), "play"
    if isinstance(event, Passed):
        return t("log.passed", name=names(event.seat)), "pass"
    if isinstance(event, TrickCleared):
        return t(f"log.cleared.{event.reason.value}", name=names(event.leader)), "clear"
    if isinstance(event, Started):
        return t(f"table.leader.{event.reason.value}", name=names(event.leader)), "info"
    if isinstance(event, Exchanged):
        return t("log.exchanged", giver=names(event.giver), receiver=names(event.receiver), count=event.count), "info"
    if isinstance(event, Drew):
        return t("log.drew", name=names(event.seat), count=event.count), "info"
    if isinstance(event, GameOver):
        return t("banner.game_over"), "rule"
    spec = banners.banner_for(event, t, names)
    return (spec[0] if spec else type(event).__name__), "rule"


@dataclass
class PlayLog:
    events: list[Event] = field(default_factory=list)
    scroll: int = 0
    """Lines scrolled up from the newest (0: the newest line is at the bottom)."""
    visible: int = 6
    """Lines the panel showed last (set when drawn; bounds the scrolling)."""

    def add(self, event: Event) -> None:
        if not isinstance(event, LOGGED):
            return
        if isinstance(event, Drew) and event.source is not DrawSource.PILE:
            return
        if isinstance(event, Exchanged) and not event.count:
            return
        if isinstance(event, FiveSkip) and not event.skipped:
            return
        self.events.append(event)
        if self.scroll:
            self.scroll += 1  # the reader keeps the lines in view

    def add_history(self, events: Iterable[Event]) -> None:
        """The lines of a game already under way (a resumed match): the events its history makes
        again (``Game.replayed_events``, as the player saw them), each as it was added live."""
        for event in events:
            self.add(event)

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.events) - self.visible)

    def scroll_by(self, lines: int) -> None:
        """Up (positive) or down (negative) by ``lines``."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines))

    def window(self, lines: int) -> list[Event]:
        """The ``lines`` events in view, oldest first."""
        self.visible = max(1, lines)
        self.scroll = min(self.scroll, self.max_scroll)
        end = len(self.events) - self.scroll
        return self.events[max(0, end - self.visible):end]
