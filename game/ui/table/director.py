"""Turns the engine's events into animations, one event after another.

Each event gets its animation (cards flying, a パス bubble, a banner, the
trick sweeping away) and is applied to the shown ``TableModel`` when its
blocking part ends, so the screen follows the game step by step however fast
the engine went.  Everything runs on tweens advanced by ``update(dt)``.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.cards import iter_ids
from game.engine.events import (
    Ambulance,
    Dealt,
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
    MatchOver,
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

from .. import theme
from ..card_art import card_height
from ..tween import EASE_IN_OUT, EASE_OUT, EASE_OUT_BACK, Animator, Timer, Tween
from .banners import Words, banner_for
from .celebrate import Burst, Flash, burst, confetti
from .dispatch import EventTable
from .hand import HandView
from .layout import TableLayout
from .log import PlayLog
from .model import TableModel

# Seconds at normal speed.
DEAL_FLIGHT = 0.32
DEAL_STAGGER = 0.018
PLAY_FLIGHT = 0.3
PASS_PAUSE = 0.32
DRAW_FLIGHT = 0.28
CLEAR_PAUSE = 0.3
CLEAR_SWEEP = 0.35
EXCHANGE_FLIGHT = 0.65
BANNER_HOLD = 0.75
BANNER_SHOW = 1.4
BIG_BANNER_HOLD = 1.0
BIG_BANNER_SHOW = 1.8
"""A revolution, an 8-cut, going out 1st: longer, and the words spring in."""
FLASH_TIME = 0.55
BURST_TIME = 1.5
GAME_OVER_HOLD = 1.1
TOAST_SHOW = 2.6

APPLY_AT_START = frozenset({
    Passed, Started, Revolution, JBack, Locked, Finished, ForbiddenFinish, HopelessHand, MiyakoOchi, Gekokujo,
    EightCut, Spade3Return, Sandstorm, Ambulance, FiveSkip, NineReverse, GameOver, MatchOver,
})
"""The events shown on the table as their animation starts (the others when it ends: cards land)."""


@dataclass
class Flight:
    """Cards moving across the table (``None`` for a card back)."""

    cards: list[int | None]
    starts: list[tuple[float, float]]
    ends: list[tuple[float, float]]
    width: int
    tween: Tween
    fade: bool = False
    under: bool = False
    """Drawn under the trick (the old trick sweeping away)."""

    def positions(self) -> list[tuple[int, int]]:
        t = self.tween.value
        return [
            (round(sx + (ex - sx) * t), round(sy + (ey - sy) * t))
            for (sx, sy), (ex, ey) in zip(self.starts, self.ends)
        ]


@dataclass
class Banner:
    """Big text across the table for a rule event."""

    text: str
    color: tuple[int, int, int]
    tween: Tween
    big: bool = False
    """Springs in (an overshooting scale tween) and is drawn larger."""

    @property
    def grow(self) -> float:
        """The banner's scale now."""
        p = min(1.0, self.tween.progress * (4.0 if self.big else 5.0))
        if self.big:
            return 0.45 + 0.55 * EASE_OUT_BACK(p)
        return 0.85 + 0.15 * p


@dataclass
class Toast:
    """A short message (who leads, what the exchange moved)."""

    text: str
    tween: Tween


@dataclass
class Director:
    model: TableModel
    hand: HandView
    layout: Callable[[], TableLayout]
    speed: Callable[[], float]
    sound: Callable[[str], object]
    words: Callable[[], Words]
    """How events are worded now (the language may change during a game)."""
    queue: deque[Event] = field(default_factory=deque)
    animator: Animator = field(default_factory=Animator)
    flights: list[Flight] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    toasts: list[Toast] = field(default_factory=list)
    hidden: int = 0
    """Cards of the human's hand not drawn because they are flying."""
    current: Event | None = None
    on_toast: Callable[[Event], str | None] = lambda event: None
    log: PlayLog = field(default_factory=PlayLog)
    bursts: list[Burst] = field(default_factory=list)
    flashes: list[Flash] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    """For the particles of celebrations (seeded by the scene)."""
    reduce_effects: Callable[[], bool] = lambda: False
    """The player asked for no flashes and no particles (banners still say what happened)."""

    def __post_init__(self) -> None:
        self._starts: EventTable[None] = EventTable({
            Dealt: self._deal, Played: self._play, Passed: self._pass, Drew: self._draw,
            TrickCleared: self._clear, Exchanged: self._exchange, SevenPass: self._seven_pass,
            TenDiscard: self._ten_discard, GameOver: self._game_over,
        }, default=self._rule_banner)
        """The animation of each kind of event."""

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue and not self.animator.busy

    def feed(self, events: list[Event]) -> None:
        self.queue.extend(events)

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.log.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        self.banners = [b for b in self.banners if not b.tween.done]
        self.toasts = [t for t in self.toasts if not t.tween.done]
        self.bursts = [b for b in self.bursts if not b.tween.done]
        self.flashes = [f for f in self.flashes if not f.tween.done]
        while not self.animator.busy:
            if self.current is not None:
                if type(self.current) not in APPLY_AT_START:
                    self.model.apply(self.current)
                    self.hand.set_hand(self.model.hand)
                self.current = None
                self.hidden = 0
            if not self.queue:
                return
            self.current = self.queue.popleft()
            if type(self.current) in APPLY_AT_START:
                self.model.apply(self.current)
            self._start(self.current)

    # --- one animation per kind of event -------------------------------------------

    def _wait(self, seconds: float) -> None:
        self.animator.add(Timer(seconds * self.speed()))

    def _fly(self, cards: list[int | None], starts: list[tuple[float, float]], ends: list[tuple[float, float]],
             width: int, seconds: float, *, delay: float = 0.0, fade: bool = False, blocking: bool = True,
             under: bool = False) -> None:
        tween = Tween(seconds * self.speed(), easing=EASE_IN_OUT if fade else EASE_OUT, delay=delay * self.speed())
        self.flights.append(Flight(cards, starts, ends, width, tween, fade, under))
        self.animator.add(tween, blocking=blocking)

    def banner(self, text: str, color: tuple[int, int, int], hold: float = BANNER_HOLD, *, big: bool = False) -> None:
        tween = Tween((BIG_BANNER_SHOW if big else BANNER_SHOW) * self.speed(), easing=EASE_OUT)
        self.banners = self.banners[-1:]
        self.banners.append(Banner(text, color, tween, big and not self.reduce_effects()))
        self.animator.add(tween, blocking=False)
        self._wait(BIG_BANNER_HOLD if big else hold)

    def celebrate(self, kind: str, origin: tuple[float, float], *, own: bool = True) -> None:
        """A big moment: ``revolution``, ``eight_cut`` or ``first`` (going out 1st).

        The player's own moment (``own``) lights the table and throws a big burst (confetti for going out
        1st); a computer's throws a small burst of sparks where it happened, without a flash.  With
        ``reduce_effects`` there is neither.
        """
        if self.reduce_effects():
            return
        scale = self.layout().scale
        speed = self.speed()
        if not own:
            colors = {"revolution": [theme.REVOLUTION, (255, 120, 220)], "eight_cut": [theme.GOLD, (255, 236, 150)]
                      }.get(kind, [theme.GOLD, theme.CREAM])
            self._effect(burst(self.rng, origin, colors, 18, 300, BURST_TIME * 0.6 * speed, scale))
        elif kind == "revolution":
            colors = [theme.REVOLUTION, (255, 120, 220), (170, 110, 255), theme.GOLD]
            self._effect(Flash(theme.REVOLUTION, 150, Tween(FLASH_TIME * speed)))
            self._effect(burst(self.rng, origin, colors, 70, 620, BURST_TIME * speed, scale))
        elif kind == "eight_cut":
            colors = [theme.GOLD, (255, 236, 150), (255, 170, 60), theme.WHITE]
            self._effect(Flash(theme.GOLD, 110, Tween(FLASH_TIME * 0.8 * speed)))
            self._effect(burst(self.rng, origin, colors, 46, 520, BURST_TIME * 0.8 * speed, scale))
        else:
            self._effect(Flash(theme.GOLD, 90, Tween(FLASH_TIME * speed)))
            self._effect(confetti(self.rng, origin, BURST_TIME * 1.4 * speed, scale))

    def _effect(self, item: Burst | Flash) -> None:
        if isinstance(item, Burst):
            self.bursts.append(item)
        else:
            self.flashes.append(item)
        self.animator.add(item.tween, blocking=False)

    def toast(self, text: str) -> None:
        tween = Tween(TOAST_SHOW * self.speed())
        self.toasts = [t for t in self.toasts if t.text != text]
        self.toasts.append(Toast(text, tween))
        self.animator.add(tween, blocking=False)

    def _seat_cards(self, seat: int, cards: int, count: int) -> tuple[list[int | None], list[tuple[float, float]]]:
        """The cards leaving ``seat`` and where they start (the hand's own positions for the human)."""
        layout = self.layout()
        if seat == self.model.human and cards:
            rects = dict(self.hand.rects(layout))
            ids = list(iter_ids(cards))
            self.hidden |= cards
            return list(ids), [(rects[c].x, rects[c].y) if c in rects else layout.seat_point(seat) for c in ids]
        x, y = layout.seat_point(seat)
        w = layout.back_w
        return [None] * count, [(x - w / 2 + i * w * 0.2, y - w * 0.7) for i in range(count)]

    def _start(self, event: Event) -> None:
        self.log.add(event)
        text = self.on_toast(event)
        if text:
            self.toast(text)
        self._starts(event)

    def _deal(self, event: Dealt) -> None:
        layout = self.layout()
        self.sound("deal")
        order = [(event.first + i) % len(event.counts) for i in range(sum(event.counts))]
        remaining = list(event.counts)
        k = 0
        for seat in order:
            if remaining[seat] <= 0:
                continue
            remaining[seat] -= 1
            end = layout.seat_point(seat)
            width = layout.card_w if seat == self.model.human else layout.back_w
            cx, cy = layout.deck_point
            self._fly([None], [(cx - width / 2, cy - width * 0.7)], [(end[0] - width / 2, end[1] - width * 0.7)],
                      width, DEAL_FLIGHT, delay=k * DEAL_STAGGER)
            k += 1

    def _play(self, event: Played) -> None:
        layout = self.layout()
        self.sound("play")
        cards, starts = self._seat_cards(event.seat, event.play.cards, event.play.size)
        if event.seat != self.model.human:
            cards = list(iter_ids(event.play.cards))
        layer_ends = layout.trick_positions(event.play.size, 0)
        self._fly(cards, starts, [(float(x), float(y)) for x, y in layer_ends], layout.trick_w, PLAY_FLIGHT)

    def _pass(self, event: Passed) -> None:
        self.sound("pass")
        self._wait(PASS_PAUSE)

    def _draw(self, event: Drew) -> None:
        layout = self.layout()
        self.sound("deal")
        source = layout.pile_point() if event.source is DrawSource.PILE else layout.stock_point(event.seat)
        end = layout.seat_point(event.seat)
        width = layout.card_w if event.seat == self.model.human else layout.back_w
        shown: list[int | None] = list(iter_ids(event.cards)) or [None] * event.count
        self._fly(shown, [(source[0] - width / 2, source[1] - card_height(width) / 2)] * len(shown),
                  [(end[0] - width / 2 + i * width * 0.3, end[1] - width * 0.7) for i in range(len(shown))],
                  width, DRAW_FLIGHT)

    def _clear(self, event: TrickCleared) -> None:
        layout = self.layout()
        self._wait(CLEAR_PAUSE)
        self.sound("clear")
        # The old trick slides a little to the right and fades, under anything drawn on the table.
        for layer, (_, play) in enumerate(reversed(self.model.trick[-4:])):
            corners = layout.trick_positions(play.size, layer)
            ends = [(x + layout.trick_w * 1.1, y - layout.trick_h * 0.08) for x, y in corners]
            self._fly(list(iter_ids(play.cards)), [(float(x), float(y)) for x, y in corners], ends,
                      layout.trick_w, CLEAR_SWEEP, delay=CLEAR_PAUSE, fade=True, under=True)
        self.model.sweeping = True

    def _exchange(self, event: Exchanged) -> None:
        self.sound("exchange")
        self._hand_over(event.giver, event.receiver, event.cards, event.count)

    def _seven_pass(self, event: SevenPass) -> None:
        self._rule_banner(event)
        self._hand_over(event.giver, event.receiver, event.cards, event.count)

    def _ten_discard(self, event: TenDiscard) -> None:
        layout = self.layout()
        self._rule_banner(event)
        _, starts = self._seat_cards(event.seat, event.cards, event.cards.bit_count())
        shown: list[int | None] = list(iter_ids(event.cards))
        ends = [(x + layout.size[0] * 0.45, y - layout.size[1] * 0.2) for x, y in starts]
        self._fly(shown, starts, ends, layout.trick_w, EXCHANGE_FLIGHT, fade=True)

    def _game_over(self, event: GameOver) -> None:
        self.sound("win" if event.places[0] == self.model.human else "lose")
        self.banner(self.words()("banner.game_over"), (250, 244, 226), GAME_OVER_HOLD)

    def _rule_banner(self, event: Event) -> None:
        spec = banner_for(event, self.words())
        if spec is None:
            return
        self.sound(spec.sound)
        kind = spec.celebration
        if kind is not None:
            layout = self.layout()
            own = spec.seat == self.model.human
            origin = layout.seat_point(spec.seat) if kind == "first" else layout.trick.center
            self.celebrate(kind, origin, own=own)
        self.banner(spec.text, spec.color, big=kind is not None and spec.seat == self.model.human)

    def _hand_over(self, giver: int, receiver: int, cards: int, count: int) -> None:
        """Cards flying from one hand to another (face up only to the two players concerned)."""
        layout = self.layout()
        shown, starts = self._seat_cards(giver, cards, count)
        if giver != self.model.human and receiver == self.model.human:
            shown = list(iter_ids(cards))
        end = layout.seat_point(receiver)
        width = layout.card_w if self.model.human in (giver, receiver) else layout.back_w
        self._fly(shown, starts, [(end[0] - width / 2 + i * width * 0.35, end[1] - width * 0.7)
                                  for i in range(len(shown))], width, EXCHANGE_FLIGHT)
