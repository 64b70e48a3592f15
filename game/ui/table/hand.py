"""The human's hand: card order, selection, keyboard focus and hit-testing."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.cards import iter_ids, natural_strength_key

from .layout import TableLayout


def hand_order(hand: int) -> list[int]:
    """Card ids left to right: by rank (3 first), ♠ ♥ ♦ ♣ within a rank, jokers last."""
    return sorted(iter_ids(hand), key=lambda c: (natural_strength_key(c)[0], -natural_strength_key(c)[1]))


@dataclass
class HandView:
    selected: int = 0
    """Selected cards (a card set)."""
    focus: int = -1
    """Index of the keyboard focus in the hand, -1 for none."""
    hover: int = -1
    """Card id under the pointer, -1 for none."""
    hint: int = 0
    """Cards the hint highlights."""
    cards: list[int] = field(default_factory=list)

    def set_hand(self, hand: int) -> None:
        self.cards = hand_order(hand)
        self.selected &= hand
        self.hint &= hand
        if self.focus >= len(self.cards):
            self.focus = len(self.cards) - 1

    def rects(self, layout: TableLayout) -> list[tuple[int, pygame.Rect]]:
        """Each card's rectangle as drawn, left to right (selected cards lifted)."""
        out = []
        for cid, (x, y) in zip(self.cards, layout.hand_positions(len(self.cards))):
            lifted = y - layout.lift if self.selected >> cid & 1 else y
            out.append((cid, pygame.Rect(x, lifted, layout.card_w, layout.card_h)))
        return out

    def card_at(self, layout: TableLayout, pos: tuple[int, int]) -> int:
        """The card id drawn on top at ``pos``, -1 if none."""
        for cid, rect in reversed(self.rects(layout)):
            if rect.collidepoint(pos):
                return cid
        return -1

    def toggle(self, cid: int) -> None:
        self.selected ^= 1 << cid
        self.hint = 0

    def toggle_focused(self) -> None:
        if 0 <= self.focus < len(self.cards):
            self.toggle(self.cards[self.focus])

    def move_focus(self, direction: int) -> None:
        if not self.cards:
            self.focus = -1
            return
        if self.focus < 0:
            self.focus = 0 if direction > 0 else len(self.cards) - 1
        else:
            self.focus = max(0, min(len(self.cards) - 1, self.focus + direction))

    def clear(self) -> None:
        self.selected = 0
        self.hint = 0
