"""Card art: sizes, transparency, distinct faces, suit icons, caching, no work at import."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from game.engine.cards import DIAMONDS, JOKER_IDS, card_id
from game.ui.assets import Assets
from game.ui.card_art import CardArt, card_height, suit_color

WIDTHS = (36, 60, 120, 300)
ALL_CARDS = (*range(52), *JOKER_IDS)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_card_height_is_the_poker_ratio() -> None:
    assert card_height(63) == 88
    assert card_height(126) == 176
    assert card_height(36) == 50
    assert card_height(300) == 419


@pytest.mark.parametrize("four_color", [False, True])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_has_the_right_size_and_transparent_corners(card_art: CardArt, width: int, four_color: bool) -> None:
    height = card_height(width)
    for cid in ALL_CARDS:
        face = card_art.face(cid, width, four_color=four_color)
        assert face.get_size() == (width, height), cid
        assert face.get_flags() & pygame.SRCALPHA, cid
        for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
            assert face.get_at(corner).a == 0, (cid, corner)
        # opaque paper inside, and some ink on the card
        assert face.get_at((width // 2, 2)).a == 255, cid
        assert face.get_at((width // 2, height // 2)).a == 255, cid
        assert face.get_bounding_rect(min_alpha=255).width >= width - 4


def test_the_back_has_the_right_size_and_transparent_corners(card_art: CardArt) -> None:
    for width in WIDTHS:
        for color in ("red", "navy"):
            back = card_art.back(width, color=color)
            assert back.get_size() == (width, card_height(width))
            assert back.get_at((0, 0)).a == 0
            assert back.get_at((width - 1, card_height(width) - 1)).a == 0
            assert back.get_at((width // 2, card_height(width) // 2)).a == 255


def test_all_faces_are_different_and_differ_from_the_back(card_art: CardArt) -> None:
    for four_color in (False, True):
        images = {pixels(card_art.face(cid, 80, four_color=four_color)): cid for cid in ALL_CARDS}
        assert len(images) == 54
        assert pixels(card_art.back(80)) not in images
        assert pixels(card_art.back(80, color="navy")) not in images
    assert pixels(card_art.back(80)) != pixels(card_art.back(80, color="navy"))


def test_four_colour_deck_recolours_diamonds_and_clubs_only(card_art: CardArt) -> None:
    for suit, changes in ((0, False), (1, False), (2, True), (3, True)):
        cid = card_id(4, suit)  # the sevens
        normal = pixels(card_art.face(cid, 80))
        four = pixels(card_art.face(cid, 80, four_color=True))
        assert (normal != four) == changes, suit
    assert suit_color(DIAMONDS, four_color=True) != suit_color(DIAMONDS)


def test_pip_cards_are_symmetric_under_a_half_turn(card_art: CardArt) -> None:
    # diamonds look the same upside down, so a well-centred diamond pip card does too
    for rank in (0, 1, 2, 3, 5, 6, 7, 12):  # 3 4 5 6 8 9 10 2 (the 7 has one extra pip on top)
        face = card_art.face(card_id(rank, DIAMONDS), 120)
        turned = pygame.transform.rotate(face, 180)
        a, b = pixels(face), pixels(turned)
        mean_diff = sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)
        assert mean_diff < 1.5, (rank, mean_diff)


def test_suit_icons_are_square_distinct_and_anti_aliased(card_art: CardArt) -> None:
    icons = [card_art.suit_icon(suit, 32) for suit in range(4)]
    assert len({pixels(icon) for icon in icons}) == 4
    for icon in icons:
        assert icon.get_size() == (32, 32)
        assert icon.get_at((0, 0)).a == 0
        assert icon.get_at((16, 16)).a == 255
        alphas = {icon.get_at((x, y)).a for x in range(32) for y in range(32)}
        assert any(0 < a < 255 for a in alphas)  # soft edges
    assert pixels(card_art.suit_icon(DIAMONDS, 32, four_color=True)) != pixels(icons[DIAMONDS])
    assert card_art.suit_icon(1, 20).get_size() == (20, 20)


def test_surfaces_are_cached_and_the_cache_is_bounded(assets: Assets) -> None:
    art = CardArt(assets, max_items=12)
    first = art.face(0, 50)
    assert art.face(0, 50) is first
    for width in range(40, 70):
        art.face(1, width)
    assert art.cache_size <= 12
    budget = 3 * 160 * card_height(160) * 4
    small = CardArt(assets, max_bytes=budget)
    for width in range(150, 160):
        small.face(5, width)
    assert small.cache_bytes <= budget
    assert small.cache_size < 10


def test_bad_arguments_are_refused(card_art: CardArt) -> None:
    with pytest.raises(ValueError):
        card_art.face(54, 80)
    with pytest.raises(ValueError):
        card_art.face(-1, 80)
    with pytest.raises(ValueError):
        card_art.suit_icon(4, 20)


def test_modules_do_no_pygame_work_at_import() -> None:
    code = (
        "import pygame\n"
        "import game.ui.card_art, game.ui.assets, game.ui.sound, game.ui.fonts\n"
        "assert not pygame.get_init() and not pygame.font.get_init() and not pygame.display.get_init()\n"
        "assert pygame.mixer.get_init() is None\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
