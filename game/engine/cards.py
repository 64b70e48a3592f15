"""Cards, their text codes and the bitmask representation of a set of cards.

A card is identified by an integer id: ``rank * 4 + suit`` for the 52 natural
cards (rank 0..12 is 3 4 5 6 7 8 9 T J Q K A 2, suit 0..3 is S H D C) and 52, 53
for the jokers.  A *set* of cards (a hand, a play, the cards seen so far) is a
Python ``int`` with bit ``id`` set for each card, so that hands can be compared,
copied and searched without building lists of objects.

>>> parse_cards("3S TH 10D JK") == parse_cards("JK 3S TH TD")
True
>>> format_cards(parse_cards("2C 3S JK"))
'3S 2C JK'
>>> Card.parse("QH").symbol
'♥Q'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from .native import Reduced, rebuilt

RANK_CODES: Final = "3456789TJQKA2"
SUIT_CODES: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LABELS: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

N_RANKS: Final = 13
N_SUITS: Final = 4
JOKER_IDS: Final = (52, 53)
JOKER_CODE: Final = "JK"

# Rank indices that rules talk about.
RANK_3: Final = 0
RANK_5: Final = 2
RANK_7: Final = 4
RANK_8: Final = 5
RANK_9: Final = 6
RANK_10: Final = 7
RANK_J: Final = 8
RANK_2: Final = 12
JOKER_RANK: Final = 13
"""The rank given to a lone joker: above every natural rank in either order."""

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
ALL_SUITS: Final = 0b1111

NATURAL_MASK: Final = (1 << 52) - 1
JOKER_MASK: Final = (1 << 52) | (1 << 53)
SPADE_3: Final = 1 << (RANK_3 * 4 + SPADES)
EIGHTS_AND_JOKERS: Final = (0xF << (RANK_8 << 2)) | JOKER_MASK

RANK_BELOW_3: Final = -1
"""The place just below the 3 that a joker may take at the end of a sequence (``joker_beyond_ends``)."""
RANK_ABOVE_2: Final = 13
"""The place just above the 2 (the same number as ``JOKER_RANK``: only a sequence's top can be there)."""
BELOW_3_IDS: Final = 54
"""Ids 54..57: the places below the 3 of S H D C.  They only name what a joker stands for."""
ABOVE_2_IDS: Final = 58
"""Ids 58..61: the places above the 2 of S H D C."""


def card_id(rank: int, suit: int) -> int:
    """The id of the natural card of ``rank`` (0..12) and ``suit`` (0..3)."""
    return rank * 4 + suit


def place_id(rank: int, suit: int) -> int:
    """The id of what a joker stands for at ``rank`` (-1..13) in ``suit``: a card, or a place beyond the ends."""
    if rank == RANK_BELOW_3:
        return BELOW_3_IDS + suit
    if rank == RANK_ABOVE_2:
        return ABOVE_2_IDS + suit
    return rank * 4 + suit


def rank_of(cid: int) -> int:
    """Rank index of a card id; ``JOKER_RANK`` for a joker; -1 or 13 for a place beyond the ends."""
    if cid >= ABOVE_2_IDS:
        return RANK_ABOVE_2
    if cid >= BELOW_3_IDS:
        return RANK_BELOW_3
    return JOKER_RANK if cid >= 52 else cid >> 2


def suit_of(cid: int) -> int:
    """Suit index of a natural card id or a place beyond the ends (jokers have none: -1)."""
    if cid >= BELOW_3_IDS:
        return (cid - BELOW_3_IDS) & 3
    return -1 if cid >= 52 else cid & 3


def rank_suits(mask: int, rank: int) -> int:
    """The suits (a 4-bit set) that ``mask`` holds at ``rank``."""
    return (mask >> (rank << 2)) & 0xF


def joker_count(mask: int) -> int:
    return (mask & JOKER_MASK).bit_count()


def iter_ids(mask: int) -> Iterator[int]:
    """Card ids in ``mask``, weakest natural card first, jokers last."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def deck_mask(jokers: int = 1) -> int:
    """All cards of a deck with ``jokers`` (0, 1 or 2) jokers."""
    mask = NATURAL_MASK
    for i in range(jokers):
        mask |= 1 << JOKER_IDS[i]
    return mask


def add_joker(mask: int) -> int:
    """``mask`` plus one more joker (the first free joker id)."""
    return mask | (1 << 52) if not mask & (1 << 52) else mask | (1 << 53)


def parse_card_id(code: str) -> int:
    """The id of one card code (``3S``, ``10H``, ``TH``, ``JK``); ValueError if unknown."""
    text = code.strip().upper()
    if text in (JOKER_CODE, "JOKER"):
        return JOKER_IDS[0]
    if text[:2] in (BELOW_3_CODE, ABOVE_2_CODE):
        raise ValueError(f"{code!r} is not a card: it only says what a joker stands for")
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) != 2 or text[0] not in RANK_CODES or text[1] not in SUIT_CODES:
        raise ValueError(f"unknown card code {code!r}")
    return card_id(RANK_CODES.index(text[0]), SUIT_CODES.index(text[1]))


def parse_cards(text: str | Iterable[str]) -> int:
    """A card set from codes separated by spaces or commas, or from a list of codes.

    A second ``JK`` is the second joker.  A natural card given twice is an error.
    """
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    mask = 0
    for code in codes:
        cid = parse_card_id(code)
        if cid >= 52:
            if mask & JOKER_MASK == JOKER_MASK:
                raise ValueError("more than two jokers")
            mask = add_joker(mask)
        elif mask & (1 << cid):
            raise ValueError(f"card {code!r} given twice")
        else:
            mask |= 1 << cid
    return mask


BELOW_3_CODE: Final = "<3"
ABOVE_2_CODE: Final = ">2"


def parse_place_id(code: str) -> int:
    """What a joker stands for: a card code, or ``<3S`` / ``>2S`` for the places beyond the ends of a suit."""
    text = code.strip().upper()
    for prefix, base in ((BELOW_3_CODE, BELOW_3_IDS), (ABOVE_2_CODE, ABOVE_2_IDS)):
        if text.startswith(prefix) and len(text) == 3 and text[2] in SUIT_CODES:
            return base + SUIT_CODES.index(text[2])
    return parse_card_id(code)


def card_code(cid: int) -> str:
    """The code of a card id (or of a place beyond the ends: ``<3S``, ``>2C``)."""
    if cid >= ABOVE_2_IDS:
        return ABOVE_2_CODE + SUIT_CODES[cid - ABOVE_2_IDS]
    if cid >= BELOW_3_IDS:
        return BELOW_3_CODE + SUIT_CODES[cid - BELOW_3_IDS]
    if cid >= 52:
        return JOKER_CODE
    return RANK_CODES[cid >> 2] + SUIT_CODES[cid & 3]


def card_codes(mask: int) -> list[str]:
    """Codes of the cards in ``mask``, weakest first, jokers last."""
    return [card_code(c) for c in iter_ids(mask)]


def format_cards(mask: int) -> str:
    return " ".join(card_codes(mask))


def card_symbol(cid: int) -> str:
    """Unicode display: ``♠3``, ``♥10``; a joker is ``JOKER``; the places beyond the ends ``♠<3``, ``♠>2``."""
    if cid >= BELOW_3_IDS:
        return SUIT_SYMBOLS[suit_of(cid)] + card_code(cid)[:2]
    if cid >= 52:
        return "JOKER"
    return SUIT_SYMBOLS[cid & 3] + RANK_LABELS[cid >> 2]


def format_symbols(mask: int) -> str:
    return " ".join(card_symbol(c) for c in iter_ids(mask))


@dataclass(frozen=True, slots=True)
class Card:
    """One card, for code that wants objects rather than bitmasks (UI, records)."""

    id: int
    """0..51 natural cards (``rank * 4 + suit``), 52 and 53 the jokers."""

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    @classmethod
    def parse(cls, code: str) -> Card:
        return CARDS[parse_card_id(code)]

    @property
    def rank(self) -> int:
        """0..12 for 3..2, ``JOKER_RANK`` for a joker."""
        return rank_of(self.id)

    @property
    def suit(self) -> int:
        """0..3 for S H D C, -1 for a joker."""
        return suit_of(self.id)

    @property
    def is_joker(self) -> bool:
        return self.id >= 52

    @property
    def code(self) -> str:
        return card_code(self.id)

    @property
    def symbol(self) -> str:
        return card_symbol(self.id)

    @property
    def mask(self) -> int:
        return 1 << self.id

    def __str__(self) -> str:
        return self.code


CARDS: Final = tuple(Card(i) for i in range(54))


def cards_of(mask: int) -> list[Card]:
    """The ``Card`` objects of a card set, weakest first."""
    return [CARDS[c] for c in iter_ids(mask)]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def natural_strength_key(cid: int) -> tuple[int, int]:
    """Sort key for "strongest card" in the natural order: rank, then S > H > D > C."""
    if cid >= 52:
        return (JOKER_RANK, 4)
    return (cid >> 2, 3 - (cid & 3))


def strongest_cards(mask: int, count: int) -> int:
    """The ``count`` strongest cards of ``mask`` in the natural order (exchange gifts)."""
    chosen = sorted(iter_ids(mask), key=natural_strength_key, reverse=True)[:count]
    out = 0
    for cid in chosen:
        out |= 1 << cid
    return out
