"""Which banner, colour and sound each rule event gets."""

from __future__ import annotations

from collections.abc import Callable

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
    Played,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    TenDiscard,
)

from .. import theme

BannerSpec = tuple[str, tuple[int, int, int], str]
"""(text, colour, sound name)."""


def banner_for(event: Event, t: Callable[..., str], names: Callable[[int], str]) -> BannerSpec | None:
    """The banner of a rule event, None for events without one."""
    if isinstance(event, Revolution):
        key = "banner.revolution" if event.active else "banner.counter_revolution"
        return t(key), theme.REVOLUTION, "revolution"
    if isinstance(event, EightCut):
        return t("banner.eight_cut"), theme.GOLD, "eight_cut"
    if isinstance(event, JBack):
        return t("banner.j_back" if event.active else "banner.j_back_off"), theme.J_BACK, "eight_cut"
    if isinstance(event, Locked):
        return t("banner.lock", suits=suit_text(event.suits)), theme.LOCK, "click"
    if isinstance(event, Spade3Return):
        return t("banner.spade3"), theme.CREAM, "eight_cut"
    if isinstance(event, Sandstorm):
        return t("banner.sandstorm"), theme.GOLD, "eight_cut"
    if isinstance(event, Ambulance):
        return t("banner.ambulance"), theme.RED, "eight_cut"
    if isinstance(event, FiveSkip):
        if not event.skipped:
            return None
        return t("banner.five_skip", names=", ".join(names(s) for s in event.skipped)), theme.LOCK, "click"
    if isinstance(event, NineReverse):
        key = "banner.nine_reverse" if event.backwards else "banner.nine_reverse_back"
        return t(key), theme.J_BACK, "exchange"
    if isinstance(event, SevenPass):
        text = t("banner.seven_pass", name=names(event.giver), receiver=names(event.receiver), count=event.count)
        return text, theme.CREAM, "exchange"
    if isinstance(event, TenDiscard):
        return t("banner.ten_discard", name=names(event.seat), count=event.cards.bit_count()), theme.CREAM, "clear"
    if isinstance(event, Finished):
        place = t(f"place.{event.place + 1}")
        return t("banner.finished", name=names(event.seat), place=place), theme.GOLD, "clear"
    if isinstance(event, ForbiddenFinish):
        return t("banner.forbidden", name=names(event.seat)), theme.RED, "error"
    if isinstance(event, HopelessHand):
        return t("banner.hopeless", name=names(event.seat)), theme.RED, "lose"
    if isinstance(event, MiyakoOchi):
        return t("banner.miyako", name=names(event.seat)), theme.RED, "lose"
    if isinstance(event, Gekokujo):
        return t("banner.gekokujo"), theme.REVOLUTION, "revolution"
    return None


def play_sound(event: Played) -> str:
    return "play"


def celebration(event: Event) -> str | None:
    """The big moments that get a flash and a burst: ``revolution``, ``eight_cut``, ``first`` (going out 1st)."""
    if isinstance(event, Revolution):
        return "revolution"
    if isinstance(event, EightCut):
        return "eight_cut"
    if isinstance(event, Finished) and event.place == 0:
        return "first"
    return None
