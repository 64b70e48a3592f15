"""Whether a move is legal: functions of the public state and the hand of the seat to act.

Nothing else decides legality, so a ``Game`` (for the seat to act) and an
``Observation`` (for its own seat) answer with the same functions:

* ``readings(state, cards)``: the legal readings of some cards, strongest first;
* ``resolve(state, hand, drawn, cards)``: the play those cards make (the
  strongest legal reading), or ``IllegalMove`` saying why there is none;
* ``verify(state, hand, drawn, move)``: the move as it will be applied, or
  ``IllegalMove``; ``legal_reading`` the same for a play known to be a reading
  of held cards;
* ``moves_for(state, hand, drawn)``: every legal move, PASS last.

``drawn`` is the card the seat just drew from the pile when ``state.drawn_seat``
is that seat (the Akita 2-player rule: only a play with it, or a pass), else -1.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import JOKER_MASK, NATURAL_MASK, format_cards
from .errors import IllegalMove, Reason
from .movegen import canonical, follow_error, legal_plays, lock_suits, play_readings
from .plays import GROUP, PASS, SEQUENCE, SINGLE, Move, Pass, Play
from .state import Phase, PublicView


def check_turn(state: PublicView, seat: int | None) -> None:
    """``IllegalMove`` unless a move may be made now (by ``seat``, when given)."""
    if state.phase is Phase.OVER:
        raise IllegalMove(Reason.GAME_OVER)
    if state.phase is Phase.EXCHANGE:
        raise IllegalMove(Reason.EXCHANGE_PENDING)
    if state.phase is Phase.HANDOFF:
        raise IllegalMove(Reason.HANDOFF_PENDING)
    if seat is not None and seat != state.turn:
        raise IllegalMove(Reason.NOT_YOUR_TURN, seat=seat, turn=state.turn)


def moves_for(state: PublicView, hand: int, drawn: int = -1) -> list[Move]:
    """The moves of the seat to act holding ``hand`` in ``state``, PASS last."""
    if state.phase is not Phase.PLAY:
        return []
    moves: list[Move] = list(legal_plays(hand, state.top, state.revolution != state.j_back, state.lock, state.rules))
    if state.drawn_seat == state.turn and drawn >= 0:
        need = _card_or_joker(drawn)
        moves = [m for m in moves if isinstance(m, Play) and m.cards & need]
    if state.top is not None:
        moves.append(PASS)
    return moves


def readings(state: PublicView, cards: int, joker_as: Sequence[int] = ()) -> list[Play]:
    """The legal readings of ``cards`` on ``state``'s table, strongest first.

    ``joker_as`` (card or place ids) keeps only the readings whose jokers stand for them.
    """
    rules = state.rules
    found: list[Play] = []
    for reading in play_readings(cards, rules):
        if joker_as and not _stands_for(reading, joker_as):
            continue
        reading = canonical(reading, state.lock, rules)
        if reading not in found and follow_error(reading, state.top, state.reversed, state.lock, rules) is None:
            found.append(reading)

    def preference(play: Play) -> tuple[int, int, int]:
        power = -play.rank if state.reversed else play.top
        starts_lock = int(rules.lock and state.lock == 0 and lock_suits(play, rules) == state.lock_base != 0)
        return (int(play.kind != SEQUENCE), power, starts_lock)

    found.sort(key=preference, reverse=True)
    return found


def resolve(state: PublicView, hand: int, drawn: int, cards: int, joker_as: Sequence[int] = ()) -> Play:
    """The play the seat to act makes with ``cards``: the strongest legal reading."""
    check_turn(state, None)
    cards = use_held_jokers(cards, hand)
    if cards & ~hand or not cards:
        raise IllegalMove(Reason.NOT_IN_HAND, cards=format_cards(cards & ~hand) or "nothing")
    found = readings(state, cards, joker_as)
    if found:
        if _must_use_drawn(state, drawn) and not found[0].cards & _card_or_joker(drawn):
            raise IllegalMove(Reason.NEEDS_DRAWN_CARD, card=format_cards(1 << drawn))
        return found[0]
    rules = state.rules
    every = play_readings(cards, rules)
    if joker_as:
        matching = [r for r in every if _stands_for(r, joker_as)]
        if not matching and every:
            raise IllegalMove(Reason.BAD_JOKER_AS, card=",".join(format_cards(1 << c) for c in joker_as))
        every = matching
    if not every:
        raise IllegalMove(Reason.NOT_A_PLAY)
    verify(state, hand, drawn, canonical(every[0], state.lock, rules))
    raise AssertionError("a reading passed verify but not readings()")  # pragma: no cover


def verify(state: PublicView, hand: int, drawn: int, move: Move) -> Move:
    """``move`` of the seat to act as it will be applied, or ``IllegalMove`` saying why not."""
    check_turn(state, None)
    if isinstance(move, Pass):
        if state.top is None:
            raise IllegalMove(Reason.MUST_LEAD)
        return PASS
    rules = state.rules
    cards = use_held_jokers(move.cards, hand)
    if cards & ~hand:
        raise IllegalMove(Reason.NOT_IN_HAND, cards=format_cards(cards & ~hand))
    play = move._replace(cards=cards)
    if play not in play_readings(cards, rules):
        raise IllegalMove(Reason.NOT_A_PLAY)
    play = canonical(play, state.lock, rules)
    error = follow_error(play, state.top, state.reversed, state.lock, rules)
    if error is not None:
        raise error
    if _must_use_drawn(state, drawn) and not play.cards & _card_or_joker(drawn):
        raise IllegalMove(Reason.NEEDS_DRAWN_CARD, card=format_cards(1 << drawn))
    return play


def legal_reading(state: PublicView, hand: int, drawn: int, play: Play) -> Play | None:
    """``play`` as it will be applied if the seat to act, holding ``hand``, may make it now, else
    None: ``verify`` for a play already known to be a well-formed reading of cards the seat holds
    (a player's own construction), without checking that again (a lone joker read from a hand that
    holds both is the first one, as ``verify`` takes it)."""
    if state.phase is not Phase.PLAY:
        return None
    rules = state.rules
    if play.cards & JOKER_MASK:
        play = play._replace(cards=use_held_jokers(play.cards, hand))
    play = canonical(play, state.lock, rules)
    if follow_error(play, state.top, state.reversed, state.lock, rules) is not None:
        return None
    if _must_use_drawn(state, drawn) and not play.cards & _card_or_joker(drawn):
        return None
    return play


def check_gift(hand: int, count: int, cards: int) -> int:
    """The ``count`` cards of ``hand`` an upper class gives (jokers mapped onto the ones held), or ``IllegalMove``."""
    cards = use_held_jokers(cards, hand)
    if cards & ~hand:
        raise IllegalMove(Reason.NOT_IN_HAND, cards=format_cards(cards & ~hand))
    if cards.bit_count() != count:
        raise IllegalMove(Reason.GIFT_COUNT, count=count)
    return cards


def use_held_jokers(cards: int, hand: int) -> int:
    """Map the jokers of ``cards`` onto the jokers actually held (they are interchangeable)."""
    wanted = (cards & JOKER_MASK).bit_count()
    if not wanted:
        return cards
    held = hand & JOKER_MASK
    if held.bit_count() < wanted:
        return cards
    use = held if wanted == 2 else held & -held
    return (cards & NATURAL_MASK) | use


def _must_use_drawn(state: PublicView, drawn: int) -> bool:
    return state.drawn_seat == state.turn and drawn >= 0


def _card_or_joker(cid: int) -> int:
    """The card set a play must touch to use card ``cid`` (any joker for a joker)."""
    return JOKER_MASK if cid >= 52 else 1 << cid


def _stands_for(play: Play, joker_as: Sequence[int]) -> bool:
    if play.kind == SINGLE:
        return False
    wanted = 0
    for cid in joker_as:
        wanted |= 1 << cid
    if play.kind == GROUP and play.size > 4:
        return all(c >> 2 == play.rank for c in joker_as if c < 52)
    stand = play.stand_ins
    if play.kind == GROUP and len(joker_as) > stand.bit_count():
        return wanted & ~stand == 0 and all(c >> 2 == play.rank for c in joker_as)
    return stand == wanted


__all__ = [
    "check_gift", "check_turn", "legal_reading", "moves_for", "readings", "resolve", "use_held_jokers", "verify",
]
