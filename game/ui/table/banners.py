"""Which banner, colour, sound and celebration each rule event gets, and how the table words its events.

``Words`` is what wording an event needs: the translations, the seats'
names, which seat is the player (a sentence about the player takes its
``.you`` form) and the card that names the first game's leader under the
rules in force.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.engine.errors import suit_text
from game.engine.events import (
    Ambulance,
    EightCut,
    Event,
    Finished,
    FiveSkip,
    ForbiddenFinish,
    Gekokujo,
    HopelessHand,
    JBack,
    Locked,
    MiyakoOchi,
    NineReverse,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    TenDiscard,
)
from game.engine.rules import FirstLeader
from game.i18n import Translator

from .. import theme
from .dispatch import EventTable, nothing

LEAD_CARDS = {FirstLeader.DIAMOND3: "♦3", FirstLeader.SPADE3: "♠3", FirstLeader.RANDOM: "♦3"}
"""The card whose holder leads the first game (a random first leader leaves later games to the ♦3 too)."""


@dataclass(frozen=True)
class Words:
    """What wording an event needs."""

    t: Translator
    names: Callable[[int], str]
    human: int = -1
    """The player's seat: sentences about it take their ``.you`` form."""
    lead_card: str = "♦3"
    """The card whose holder leads the first game under these rules (``LEAD_CARDS``)."""

    def __call__(self, key: str, **params: Any) -> str:
        return self.t(key, **params)

    def about(self, key: str, seat: int, **params: Any) -> str:
        """A sentence whose subject is ``seat`` (named ``name``)."""
        return self.t.about(key, seat == self.human, name=self.names(seat), **params)


class BannerSpec(NamedTuple):
    text: str
    color: tuple[int, int, int]
    sound: str
    celebration: str | None = None
    """The big moments: ``revolution``, ``eight_cut``, ``first`` (going out 1st); None for the others."""
    seat: int = -1
    """Whose moment it is (-1: nobody's in particular)."""


def _revolution(event: Revolution, w: Words) -> BannerSpec:
    key = "banner.revolution" if event.active else "banner.counter_revolution"
    return BannerSpec(w(key), theme.REVOLUTION, "revolution", "revolution", event.seat)


def _eight_cut(event: EightCut, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.eight_cut"), theme.GOLD, "eight_cut", "eight_cut", event.seat)


def _j_back(event: JBack, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.j_back" if event.active else "banner.j_back_off"), theme.J_BACK, "eight_cut")


def _locked(event: Locked, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.lock", suits=suit_text(event.suits)), theme.LOCK, "click")


def _spade3(event: Spade3Return, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.spade3"), theme.CREAM, "eight_cut")


def _sandstorm(event: Sandstorm, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.sandstorm"), theme.GOLD, "eight_cut")


def _ambulance(event: Ambulance, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.ambulance"), theme.RED, "eight_cut")


def _five_skip(event: FiveSkip, w: Words) -> BannerSpec | None:
    if not event.skipped:
        return None
    return BannerSpec(w("banner.five_skip", names=", ".join(w.names(s) for s in event.skipped)), theme.LOCK, "click")


def _nine_reverse(event: NineReverse, w: Words) -> BannerSpec:
    key = "banner.nine_reverse" if event.backwards else "banner.nine_reverse_back"
    return BannerSpec(w(key), theme.J_BACK, "exchange")


def _seven_pass(event: SevenPass, w: Words) -> BannerSpec:
    text = w("banner.seven_pass", name=w.names(event.giver), receiver=w.names(event.receiver), count=event.count)
    return BannerSpec(text, theme.CREAM, "exchange")


def _ten_discard(event: TenDiscard, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.ten_discard", name=w.names(event.seat), count=event.cards.bit_count()), theme.CREAM,
                      "clear")


def _finished(event: Finished, w: Words) -> BannerSpec:
    text = w("banner.finished", name=w.names(event.seat), place=w(f"place.{event.place + 1}"))
    return BannerSpec(text, theme.GOLD, "clear", "first" if event.place == 0 else None, event.seat)


def _forbidden(event: ForbiddenFinish, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.forbidden", name=w.names(event.seat)), theme.RED, "error")


def _hopeless(event: HopelessHand, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.hopeless", name=w.names(event.seat)), theme.RED, "lose")


def _miyako(event: MiyakoOchi, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.miyako", name=w.names(event.seat)), theme.RED, "lose")


def _gekokujo(event: Gekokujo, w: Words) -> BannerSpec:
    return BannerSpec(w("banner.gekokujo"), theme.REVOLUTION, "revolution")


BANNERS: EventTable[BannerSpec | None] = EventTable({
    Revolution: _revolution, EightCut: _eight_cut, JBack: _j_back, Locked: _locked, Spade3Return: _spade3,
    Sandstorm: _sandstorm, Ambulance: _ambulance, FiveSkip: _five_skip, NineReverse: _nine_reverse,
    SevenPass: _seven_pass, TenDiscard: _ten_discard, Finished: _finished, ForbiddenFinish: _forbidden,
    HopelessHand: _hopeless, MiyakoOchi: _miyako, Gekokujo: _gekokujo,
}, default=nothing)
"""The banner of each rule event (the handler may still say None: a 5-skip that skipped nobody)."""


def banner_for(event: Event, words: Words) -> BannerSpec | None:
    """The banner of a rule event, None for events without one."""
    return BANNERS(event, words)
