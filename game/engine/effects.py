"""What a play does besides beating the table: the one home of every rule effect.

``effects(play, table)`` says, before a play is made, whether it turns the
order (革命, J-back), locks the suits (縛り), clears the table (8切り,
スペ3返し, 砂嵐, 救急車), skips players (5スキップ), turns the direction of
play (9リバース), makes the player hand cards on (7渡し) or discard them
(10捨て), and whether going out with it is a forbidden finish (反則上がり).
``Game`` applies exactly these effects, and the computer players ask the same
function, so a rule is written once.

>>> from game.engine.cards import parse_cards
>>> from game.engine.plays import readings
>>> from game.engine.rules import preset_rules
>>> play = readings(parse_cards("8S 8H 8D 8C"))[0]
>>> eff = effects(play, Situation(preset_rules("standard")))
>>> eff.revolution, eff.cut.value
(True, 'eight_cut')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from .cards import (
    EIGHTS_AND_JOKERS,
    JOKER_MASK,
    JOKER_RANK,
    NATURAL_MASK,
    RANK_2,
    RANK_3,
    RANK_5,
    RANK_7,
    RANK_8,
    RANK_9,
    RANK_10,
    RANK_J,
    SPADE_3,
)
from .events import ClearReason
from .movegen import lock_suits
from .native import Reduced, rebuilt
from .plays import GROUP, SEQUENCE, SINGLE, Play
from .rules import RuleSet


class SituationView(Protocol):
    """What the effects of a play depend on: a ``Game``, a ``PublicState`` or a ``Situation``."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def top(self) -> Play | None: ...

    @property
    def lock(self) -> int: ...

    @property
    def lock_base(self) -> int: ...

    @property
    def reversed(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Situation:
    """The table a play is made on, given by hand (for questions about a play away from any game)."""

    rules: RuleSet
    top: Play | None = None
    lock: int = 0
    lock_base: int = 0
    """The suit set the last play offers towards a lock (0: none)."""
    reversed: bool = False

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


class Effects(NamedTuple):
    """Everything a play does besides beating the table."""

    revolution: bool
    """It turns the order for the rest of the game (a revolution, or a counter-revolution)."""
    j_back: bool
    """It turns the order until the table clears (J-back, or a J that turns it back)."""
    locks: int
    """The suit set it locks the trick to (0: it starts no lock)."""
    ends_lock: bool
    """It ends the lock in force (a lone joker: only the ♠3 can follow it, whatever the suits)."""
    cut: ClearReason | None
    """Why it clears the table (8切り, スペ3返し, 砂嵐, 救急車; the same player leads), or None."""
    forbidden: bool
    """Going out with it is a forbidden finish (反則上がり)."""
    skips: int = 0
    """Players it skips (5スキップ)."""
    turns_round: bool = False
    """It turns the direction of play round (9リバース)."""
    hands_on: int = 0
    """Cards the player then hands to the next player (7渡し; at most the cards left)."""
    discards: int = 0
    """Cards the player then discards (10捨て; at most the cards left)."""


def revolts(play: Play, rules: RuleSet) -> bool:
    """Does ``play`` turn the order for the rest of the game (革命)?"""
    if not rules.revolution or play.kind == SINGLE:
        return False
    if play.kind == SEQUENCE:
        return 0 < rules.revolution_sequence <= play.size
    return play.size >= 4 and (rules.revolution_joker or (play.cards & NATURAL_MASK).bit_count() >= 4)


def j_backs(play: Play, rules: RuleSet) -> bool:
    """Does ``play`` turn the order until the table clears (イレブンバック)?"""
    if not rules.j_back or play.rank == JOKER_RANK or (play.kind == SEQUENCE and not rules.j_back_sequence):
        return False
    return play.has_rank(RANK_J)


def eight_cuts(play: Play, rules: RuleSet) -> bool:
    """Does ``play`` clear the table by 8切り (a joker standing for an 8 counts, a lone joker never)?"""
    if not rules.eight_cut or play.rank == JOKER_RANK or (play.kind == SEQUENCE and not rules.eight_cut_sequence):
        return False
    return play.has_rank(RANK_8)


def rank_count(play: Play, rank: int) -> int:
    """How many cards of ``play`` stand for ``rank`` (a joker standing for it counts, a lone joker never)."""
    if play.rank == JOKER_RANK or not play.has_rank(rank):
        return 0
    return 1 if play.kind == SEQUENCE else play.size


def clears(play: Play, top: Play | None, rules: RuleSet) -> ClearReason | None:
    """Why ``play`` made on ``top`` clears the table (the same player leads), or None."""
    if eight_cuts(play, rules):
        return ClearReason.EIGHT_CUT
    if returns_joker(play, top, rules):
        return ClearReason.SPADE3_RETURN
    if play.kind == GROUP and play.rank != JOKER_RANK:
        if rules.sandstorm and play.size == 3 and play.rank == RANK_3:
            return ClearReason.SANDSTORM
        if rules.ambulance and play.size == 2 and play.rank == RANK_9:
            return ClearReason.AMBULANCE
    return None


def returns_joker(play: Play, top: Play | None, rules: RuleSet) -> bool:
    """Is ``play`` the ♠3 beating a lone joker (スペ3返し)?"""
    return rules.spade3_return and play.cards == SPADE_3 and top is not None and top.rank == JOKER_RANK


def forbidden_finish(play: Play, rules: RuleSet, reversed_before: bool) -> bool:
    """Would going out with ``play`` be a forbidden finish, in the order in force before it?

    A joker, an 8, the strongest rank (2, or 3 while reversed) or the lone ♠3;
    under the Akita rules any play containing the ♠3 (秋田杉の3).
    """
    if not rules.forbidden_finish:
        return False
    if play.cards & JOKER_MASK or play.cards == SPADE_3:
        return True
    if rules.info.forbidden_with_spade3 and play.cards & SPADE_3:
        return True
    return play.has_rank(RANK_8) or play.has_rank(RANK_3 if reversed_before else RANK_2)


def hopeless(hand: int) -> bool:
    """Only 8s and jokers left: the 5-card mode's lost hand once the stock is empty."""
    return bool(hand) and not hand & ~EIGHTS_AND_JOKERS


def skip_clears(skips: int, answering: int) -> bool:
    """Does a 5スキップ of ``skips`` seats come round to the player who made it (the table clears, the
    player leads), ``answering`` (a bit set) being the other seats that could answer the play?"""
    return skips > 0 and skips >= answering.bit_count()


def loses_hopeless(rules: RuleSet, hand: int, stock: int) -> bool:
    """Does a player left with ``hand`` and ``stock`` cards in its stock lose at once (the 5-card
    mode with forbidden finishes: only 8s and jokers, nothing left to draw)?"""
    return bool(rules.hand_size) and not stock and rules.forbidden_finish and hopeless(hand)


def effects(play: Play, table: SituationView, finishes: bool = False) -> Effects:
    """What ``play`` does when made on ``table``; ``finishes``: it is the player's last card(s)."""
    rules = table.rules
    lone_joker = play.rank == JOKER_RANK
    locks = 0
    if rules.lock and not lone_joker and not table.lock:
        base = lock_suits(play, rules)
        if base and base == table.lock_base:
            locks = base
    forbidden = rules.forbidden_finish and forbidden_finish(play, rules, table.reversed)
    cut = clears(play, table.top, rules)
    if cut and finishes and forbidden and rules.info.forbidden_finish_stays:
        cut = None  # the tournament rules: the cards of a forbidden finish stay on the table
    return _new_effects(Effects, (  # Effects(...) without the keyword handling: every play asks
        revolts(play, rules),
        j_backs(play, rules),
        locks,
        lone_joker and table.lock != 0,
        cut,
        forbidden,
        rank_count(play, RANK_5) if rules.five_skip and not cut else 0,
        rules.nine_reverse and rank_count(play, RANK_9) > 0,
        rank_count(play, RANK_7) if rules.seven_pass and not finishes else 0,
        rank_count(play, RANK_10) if rules.ten_discard and not finishes else 0,
    ))


_new_effects = tuple.__new__


__all__ = [
    "Effects",
    "Situation",
    "SituationView",
    "clears",
    "effects",
    "eight_cuts",
    "forbidden_finish",
    "hopeless",
    "j_backs",
    "loses_hopeless",
    "rank_count",
    "returns_joker",
    "revolts",
    "skip_clears",
]
