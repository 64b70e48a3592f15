"""The four-colour deck reads for everyone: distinct hues under colour-vision deficiencies, distinct greys,
legible on the paper, and suit shapes that tell the suits apart whatever the ink."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pygame
import pytest

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card_id
from game.ui.card_art import CardArt
from game.ui.card_shapes import PAPER, SUIT_COLORS, SUIT_COLORS_FOUR, draw_suit, suit_color
from game.ui.colour_vision import KINDS, contrast, delta_e, greyscale, lab, simulate

SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
MIN_DELTA_E = 30.0
"""CIEDE2000 between any two suits' inks for normal vision: plainly different colours."""
MIN_DELTA_E_CVD = 20.0
"""The same under protanopia, deuteranopia and tritanopia (Machado 2009): still plainly different."""
MIN_GREY_STEP = 12.0
"""L* between any two suits' inks in greyscale: four distinct greys."""
MIN_CONTRAST = 3.0
"""WCAG contrast of every ink on the paper (graphics and large text)."""

Color = tuple[int, int, int]


def pairs(colors: list[Color]) -> list[tuple[int, int, float]]:
    return [(a, b, delta_e(colors[a], colors[b])) for a, b in combinations(range(len(colors)), 2)]


def test_the_four_inks_are_plainly_different_colours() -> None:
    inks = [suit_color(s, four_color=True) for s in SUITS]
    assert all(d >= MIN_DELTA_E for _, _, d in pairs(inks)), pairs(inks)


@pytest.mark.parametrize("kind", KINDS)
def test_the_four_inks_stay_apart_under_colour_vision_deficiencies(kind: str) -> None:
    seen = [simulate(suit_color(s, four_color=True), kind) for s in SUITS]
    close = [(a, b, round(d, 1)) for a, b, d in pairs(seen) if d < MIN_DELTA_E_CVD]
    assert not close, f"{kind}: suits too alike {close}"


def test_the_four_inks_are_four_distinct_greys_and_legible_on_the_paper() -> None:
    inks = [suit_color(s, four_color=True) for s in SUITS]
    greys = sorted(lab(greyscale(ink))[0] for ink in inks)
    steps = [b - a for a, b in pairwise(greys)]
    assert min(steps) >= MIN_GREY_STEP, greys
    assert all(contrast(ink, PAPER) >= MIN_CONTRAST for ink in inks)


def test_the_former_four_colour_inks_would_fail() -> None:
    """The check bites: the red and green of the usual four-colour deck merge for a deuteranope."""
    red, green = (204, 22, 42), (16, 130, 66)
    assert delta_e(simulate(red, "deuteranopia"), simulate(green, "deuteranopia")) < MIN_DELTA_E_CVD


def ink_of(face: pygame.Surface) -> Color:
    """The most common colour on a card face that is not the paper (its pips' ink)."""
    counts: Counter[Color] = Counter()
    width, height = face.get_size()
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            r, g, b, a = face.get_at((x, y))
            if a == 255 and max(abs(r - PAPER[0]), abs(g - PAPER[1]), abs(b - PAPER[2])) > 40:
                counts[(r, g, b)] += 1
    return counts.most_common(1)[0][0]


@pytest.mark.parametrize("kind", (None, *KINDS))
def test_the_cards_as_drawn_keep_the_suits_apart(card_art: CardArt, kind: str | None) -> None:
    """The pips of the drawn nines carry the suit inks, and those stay apart as seen."""
    inks = [ink_of(card_art.face(card_id(6, suit), 120, four_color=True)) for suit in SUITS]
    for ink, suit in zip(inks, SUITS):  # smoothing the drawing down may move a channel by a step or two
        assert max(abs(a - b) for a, b in zip(ink, SUIT_COLORS_FOUR[suit])) <= 4, (suit, ink)
    seen = [simulate(ink, kind) if kind else ink for ink in inks]
    assert min(d for _, _, d in pairs(seen)) >= (MIN_DELTA_E_CVD if kind else MIN_DELTA_E)


def silhouette(suit: int, size: int = 64) -> set[tuple[int, int]]:
    surface = pygame.Surface((size, size))
    surface.fill((0, 0, 0))
    draw_suit(surface, suit, (size / 2, size / 2), size * 0.9, (255, 255, 255))
    return {(x, y) for x in range(size) for y in range(size) if surface.get_at((x, y)).r > 127}


def test_the_suit_shapes_tell_the_suits_apart_in_any_ink(headless_pygame: None) -> None:
    """Printed in one ink (the classic deck's hearts and diamonds, or a greyscale screen), the shapes
    alone differ: at least 15% of the pixels covered by either shape of a pair is not common to both (the
    closest pair, ♠ and ♣, differ by 18%; the others by 40% or more)."""
    shapes = {suit: silhouette(suit) for suit in SUITS}
    for a, b in combinations(SUITS, 2):
        union = shapes[a] | shapes[b]
        assert len(shapes[a] ^ shapes[b]) >= 0.15 * len(union), (a, b)
    assert SUIT_COLORS[HEARTS] == SUIT_COLORS[DIAMONDS]  # the classic deck leans on the shapes
