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

from .banners import Words, banner_for
from .dispatch import EventTable

FOLLOW_AFTER = 6.0
"""Seconds after the reader last scrolled before the log follows the game again."""


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


def leader_text(event: Started, w: Words) -> str:
    """Who leads the game and why, about the player in its own form (``You hold the ♠3 and lead``)."""
    return w.about(f"table.leader.{event.reason.value}", event.leader, card=w.lead_card)


Line = tuple[str, str]
"""(text, tone); tone is ``play``, ``pass``, ``rule``, ``clear`` or ``info``."""


def _played(event: Played, w: Words) -> Line:
    return w("log.played", name=w.names(event.seat), cards=play_text(event.play, w)), "play"


def _passed(event: Passed, w: Words) -> Line:
    return w("log.passed", name=w.names(event.seat)), "pass"


def _cleared(event: TrickCleared, w: Words) -> Line:
    return w(f"log.cleared.{event.reason.value}", name=w.names(event.leader)), "clear"


def _started(event: Started, w: Words) -> Line:
    return leader_text(event, w), "info"


def _exchanged(event: Exchanged, w: Words) -> Line:
    giver, receiver = w.names(event.giver), w.names(event.receiver)
    if event.cards:  # the player gave or received them
        return w("log.exchanged_cards", giver=giver, receiver=receiver, cards=format_symbols(event.cards)), "info"
    return w("log.exchanged", giver=giver, receiver=receiver, count=event.count), "info"


def _seven_pass(event: SevenPass, w: Words) -> Line:
    giver, receiver = w.names(event.giver), w.names(event.receiver)
    if event.cards:
        return w("log.seven_pass_cards", giver=giver, receiver=receiver, cards=format_symbols(event.cards)), "rule"
    return w("log.seven_pass", giver=giver, receiver=receiver, count=event.count), "rule"


def _ten_discard(event: TenDiscard, w: Words) -> Line:
    return w("log.ten_discard", name=w.names(event.seat), cards=format_symbols(event.cards)), "rule"


def _drew(event: Drew, w: Words) -> Line:
    return w.about("log.drew", event.seat, count=event.count), "info"


def _game_over(event: GameOver, w: Words) -> Line:
    return w("banner.game_over"), "rule"


def _banner_line(event: Event, w: Words) -> Line:
    spec = banner_for(event, w)
    return (spec.text if spec else type(event).__name__), "rule"


LINES: EventTable[Line] = EventTable({
    Played: _played, Passed: _passed, TrickCleared: _cleared, Started: _started, Exchanged: _exchanged,
    SevenPass: _seven_pass, TenDiscard: _ten_discard, Drew: _drew, GameOver: _game_over,
    **dict.fromkeys((Revolution, JBack, Locked, EightCut, Spade3Return, Finished, ForbiddenFinish, HopelessHand,
                     MiyakoOchi, Gekokujo, Sandstorm, Ambulance, FiveSkip, NineReverse), _banner_line),
}, default=_banner_line)
"""The line of each event that makes one (a refill from one's own stock does not: the stock's count shows it)."""


def line_for(event: Event, words: Words) -> Line:
    """(text, tone) of an event's line; tone is ``play``, ``pass``, ``rule``, ``clear`` or ``info``."""
    return LINES(event, words)


def _drawn_from_the_pile(event: Drew) -> bool:
    return event.source is DrawSource.PILE


def _cards_moved(event: Exchanged) -> bool:
    return bool(event.count)


def _someone_skipped(event: FiveSkip) -> bool:
    return bool(event.skipped)


def _has_a_line(event: Event) -> bool:
    return type(event) in LINES


KEPT: EventTable[bool] = EventTable({Drew: _drawn_from_the_pile, Exchanged: _cards_moved, FiveSkip: _someone_skipped},
                                    default=_has_a_line)
"""Whether an event makes a line: a refill from one's own stock does not, nor a 5-skip that skipped nobody."""


@dataclass
class PlayLog:
    events: list[Event] = field(default_factory=list)
    scroll: int = 0
    """Lines scrolled up from the newest (0: the newest line is at the bottom)."""
    visible: int = 6
    """Lines the panel showed last (set when drawn; bounds the scrolling)."""

    held: float = 0.0
    """Seconds the reader's scrolled view is kept before the log follows the game again."""

    def add(self, event: Event) -> None:
        if not KEPT(event):
            return
        self.events.append(event)
        if self.scroll:
            self.scroll += 1  # the reader keeps the lines in view

    def update(self, dt: float) -> None:
        """A view scrolled back follows the game again ``FOLLOW_AFTER`` seconds after the last scroll."""
        if self.scroll and self.held > 0:
            self.held = max(0.0, self.held - dt)
            if not self.held:
                self.follow()

    def follow(self) -> None:
        """Show the newest lines (and keep showing them as the game goes on)."""
        self.scroll = 0
        self.held = 0.0

    def add_history(self, events: Iterable[Event]) -> None:
        """The lines of a game already under way (a resumed match): the events its history makes
        again (``Game.replayed_events``, as the player saw them), each as it was added live."""
        for event in events:
            self.add(event)

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.events) - self.visible)

    def scroll_by(self, lines: int) -> None:
        """Up (positive) or down (negative) by ``lines``; the view is kept a while, then follows the game again."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines))
        self.held = FOLLOW_AFTER if self.scroll else 0.0

    def window(self, lines: int) -> list[Event]:
        """The ``lines`` events in view, oldest first."""
        self.visible = max(1, lines)
        self.scroll = min(self.scroll, self.max_scroll)
        end = len(self.events) - self.scroll
        return self.events[max(0, end - self.visible):end]
