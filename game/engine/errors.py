"""Why a move is illegal: a reason code with parameters the UI can translate."""

from __future__ import annotations

from enum import Enum
from typing import Final

from .cards import ABOVE_2_CODE, BELOW_3_CODE, RANK_LABELS, SUIT_SYMBOLS


class Reason(str, Enum):
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    EXCHANGE_PENDING = "exchange_pending"
    HANDOFF_PENDING = "handoff_pending"
    NOT_EXCHANGING = "not_exchanging"
    GIFT_COUNT = "gift_count"
    NOT_IN_HAND = "not_in_hand"
    NOT_A_PLAY = "not_a_play"
    BAD_JOKER_AS = "bad_joker_as"
    MUST_LEAD = "must_lead"
    WRONG_KIND = "wrong_kind"
    WRONG_SIZE = "wrong_size"
    NOT_STRONGER = "not_stronger"
    NOT_STRONGER_REVERSED = "not_stronger_reversed"
    JOKER_ON_TABLE = "joker_on_table"
    LOCKED = "locked"
    NEEDS_DRAWN_CARD = "needs_drawn_card"


MESSAGES: Final[dict[Reason, str]] = {
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_YOUR_TURN: "it is seat {turn}'s turn, not seat {seat}'s",
    Reason.EXCHANGE_PENDING: "the card exchange is not finished",
    Reason.HANDOFF_PENDING: "the cards to hand on or discard are not chosen yet",
    Reason.NOT_EXCHANGING: "seat {seat} has no cards to give now",
    Reason.GIFT_COUNT: "must give exactly {count} card(s)",
    Reason.NOT_IN_HAND: "{cards} not in the hand",
    Reason.NOT_A_PLAY: "these cards are not a single, a group or a sequence",
    Reason.BAD_JOKER_AS: "the joker cannot stand for {card} here",
    Reason.MUST_LEAD: "the table is empty: the leader must play",
    Reason.WRONG_KIND: "must play a {kind}",
    Reason.WRONG_SIZE: "must play {count} cards",
    Reason.NOT_STRONGER: "must beat {rank}",
    Reason.NOT_STRONGER_REVERSED: "must beat {rank} while the order is reversed",
    Reason.JOKER_ON_TABLE: "only the ♠3 beats a lone joker",
    Reason.LOCKED: "locked to {suits}",
    Reason.NEEDS_DRAWN_CARD: "after drawing, only a play with the drawn {card} is allowed",
}


def suit_text(suits: int) -> str:
    """A suit set as symbols: ``♠♥``."""
    return "".join(SUIT_SYMBOLS[s] for s in range(4) if suits >> s & 1)


def rank_text(rank: int, in_sequence: bool = False) -> str:
    """A rank as shown in a reason: ``10``, ``JOKER``; in a sequence, the places beyond the ends ``<3`` and ``>2``."""
    if rank < 0:
        return BELOW_3_CODE
    if rank >= 13:
        return ABOVE_2_CODE if in_sequence else "JOKER"
    return RANK_LABELS[rank]


class IllegalMove(ValueError):
    """A move the rules do not allow now; ``reason`` and ``params`` say why."""

    def __init__(self, reason: Reason, **params: object) -> None:
        self.reason = reason
        self.params = params
        super().__init__(MESSAGES[reason].format(**params))
