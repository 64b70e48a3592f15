"""Every element of the table has its own slot: none overlaps another, each stays on the screen.

Checked for window sizes from 960×600 to 1920×1080, 2 to 7 seats, with and
without a stock (the 5-card mode) or a common pile, in both languages: the
words drawn in a slot (bubbles, place labels, banners, names) are measured
with the bundled font and must fit in it.  At 960×600 and 1920×1080 every
size of text and table the settings offer (100% to 200%) is checked too, with
both decks: each is used as it is, or brought down to the largest the window
takes (and the settings screen says so).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.rules import Title
from game.i18n import LANGUAGES
from game.storage.settings import UI_SCALES
from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import headless_app
from game.ui.table.layout import TRICK_LAYERS, table_layout
from game.ui.table.painter import TablePainter
from game.ui.theme import px
from game.ui.zoom import canvas_fits, effective_zoom, largest_zoom, layout_problems, table_configurations, table_zoom

SIZES = [(960, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1600, 900), (1920, 1080)]
BANNERS = ["banner.revolution", "banner.counter_revolution", "banner.eight_cut", "banner.j_back",
           "banner.j_back_off", "banner.spade3", "banner.gekokujo", "banner.game_over"]
NAMED_BANNERS = ["banner.finished", "banner.forbidden", "banner.hopeless", "banner.miyako"]


ZOOM_SIZES = [(960, 600), (1920, 1080)]
"""The window sizes at which every size of text and table is checked."""


def configurations(sizes: list[tuple[int, int]] = SIZES) -> Iterator[tuple[tuple[int, int], int, bool, bool]]:
    for size in sizes:
        for n in range(2, 8):
            yield size, n, False, False
            yield size, n, True, False  # a stock for every seat (the 5-card mode, also in custom rules)
            if n <= 3:
                yield size, n, False, True  # the common pile takes at most 3 players


@pytest.fixture(scope="module", params=LANGUAGES)
def painter(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TablePainter]:
    app: App = headless_app(home=Path(tmp_path_factory.mktemp("home")), language=request.param)
    yield TablePainter(app.ctx)
    app.close()


@pytest.mark.parametrize("stamps", [False, True])
def test_no_two_slots_overlap_and_all_are_on_screen(stamps: bool) -> None:
    """With the reaction stamps of a table for friends too."""
    for size, n, stock, pile in configurations():
        for human in (0, n - 1):
            layout = table_layout(size, n, human, stock=stock, pile=pile, stamps=stamps)
            screen = pygame.Rect((0, 0), size)
            slots = layout.slots()
            assert len(slots) == 15 + 2 * (n - 1) + stock + pile + stamps
            for name, rect in slots.items():
                assert rect.width > 0 and rect.height > 0, (size, n, name)
                assert screen.contains(rect), (size, n, stock, pile, name, rect)
            for (a, ra), (b, rb) in itertools.combinations(slots.items(), 2):
                assert not ra.colliderect(rb), (size, n, stock, pile, a, ra, b, rb)
            for spot in layout.spots.values():
                assert spot.block.contains(spot.plate) and spot.block.contains(spot.fan)
                if stock:
                    assert spot.stock is not None and spot.block.contains(spot.stock)


def test_cards_of_the_trick_stay_in_its_slot() -> None:
    for size, n, _, _ in configurations():
        layout = table_layout(size, n, 0)
        for cards in range(1, 14):
            for layer in range(TRICK_LAYERS):
                for x, y in layout.trick_positions(cards, layer):
                    card = pygame.Rect(x, y, layout.trick_w, layout.trick_h)
                    assert layout.trick.inflate(2, 2).contains(card), (size, n, cards, layer, card, layout.trick)


def zoomed_configurations() -> Iterator[tuple[tuple[int, int], int, bool, bool, float]]:
    """Every table at the sizes of ``SIZES`` as they are, and at ``ZOOM_SIZES`` at every zoom in force."""
    for size, n, stock, pile in configurations():
        yield size, n, stock, pile, 1.0
    for size, n, stock, pile in configurations(ZOOM_SIZES):
        for percent in sorted({table_zoom(size, n, stock, pile, wanted) for wanted in UI_SCALES} - {100}):
            yield size, n, stock, pile, percent / 100


def test_the_words_fit_their_slots(painter: TablePainter) -> None:
    t = painter.ctx.t
    text = painter.ctx.text
    for size, n, stock, pile, zoom in zoomed_configurations():
        layout = table_layout(size, n, 0, stock=stock, pile=pile, zoom=zoom)
        scale = layout.scale
        for slot in [spot.bubble for spot in layout.spots.values()] + [layout.human_bubble]:
            rect, _, _ = painter.bubble_shape(t("table.passed"), slot, scale)
            assert slot.contains(rect)
            label, font = painter.fit(t("table.thinking") + "...", px(16, scale), slot.width - px(16, scale),
                                      bold=True)
            assert not label.endswith("…"), (size, label)  # "Thinking" is never cut short
            assert text.size(label, font, bold=True)[0] <= slot.width - px(16, scale)
        for spot in layout.spots.values():
            outs = [str(place) for place in range(1, n + 1)] + ["miyako", "forbidden"]
            for out in outs:
                rect, label, _ = painter.out_shape(out, spot.fan.center, scale, painter.out_room(spot))
                assert spot.block.contains(rect), (size, n, out, rect, spot.block)
                assert "…" not in label
            plate = spot.plate
            for title in Title:
                chip = painter.badge_rect(t(f"class.{title.value}"), (0, 0), scale)
                assert chip.width < plate.width * 0.66 and chip.height < plate.height // 2, (size, n, chip, plate)
        slot = layout.banner
        words = [t(key) for key in BANNERS]
        words += [t(key, name=t("seat.cpu", n=6), place=t("place.1")) for key in NAMED_BANNERS]
        for word in words:
            lines, font = painter.banner_text(word, slot, scale)
            assert "".join(lines).replace(" ", "") == word.replace(" ", ""), (size, n, word, lines)  # nothing cut
            for line in lines:
                width, height = text.size(line, font, bold=True)
                assert width <= slot.width and height * len(lines) <= slot.height * 1.2, (size, n, word)
        assert painter.message_lines(layout) >= 2, (size, n)  # the prompt and a refused move's reason at least
        log_lines = (layout.log.height - px(40, scale)) // round(px(16, scale) * 0.9 * 1.35)
        assert log_lines >= (3 if zoom == 1 else 2), (size, n, layout.log)
        assert layout.tracker.height >= px(84, scale) and layout.tracker.width >= px(150, scale), (size, n)


@pytest.mark.parametrize("size", ZOOM_SIZES)
@pytest.mark.parametrize("percent", UI_SCALES)
def test_every_size_of_text_fits_or_is_brought_down_to_the_largest_that_does(size: tuple[int, int],
                                                                            percent: int) -> None:
    menus = effective_zoom(size, percent)
    assert menus in UI_SCALES and menus <= percent and canvas_fits(size, menus)
    assert menus == min(percent, largest_zoom(size))
    if menus < percent:  # brought down: the next size up does not fit this window's menus
        assert not canvas_fits(size, UI_SCALES[UI_SCALES.index(menus) + 1])
    for n, human, stock, pile in table_configurations():
        used = table_zoom(size, n, stock, pile, percent)
        assert used <= menus
        assert layout_problems(size, n, human, used / 100, stock=stock, pile=pile) == [], (size, used, n, human)
        if used < menus:  # brought down: the next size up does not fit this table
            up = UI_SCALES[UI_SCALES.index(used) + 1] / 100
            assert any(layout_problems(size, n, h, up, stock=stock, pile=pile) for h in (0, n - 1)), (size, n)


@pytest.fixture(scope="module", params=ZOOM_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    app = headless_app(request.param, home=Path(tmp_path_factory.mktemp("home")), language="ja", raise_errors=True)
    yield app
    app.close()


@pytest.mark.parametrize("four_color", [False, True], ids=["classic", "four-colour"])
@pytest.mark.slow
def test_the_table_is_drawn_at_every_size_with_both_decks(sized_app: App, four_color: bool) -> None:
    from game.lessons.catalog import lesson
    from game.lessons.session import LessonSession

    app = sized_app
    for percent in UI_SCALES:
        app.ctx.update_settings(ui_scale=percent, four_color=four_color)
        scene = TableScene(app.ctx, LessonSession(lesson("first_game"), app.ctx.worker))
        app.stack.reset(scene)
        for _ in range(80):  # the deal is shown
            app.step(1 / 30)
        layout = scene.layout_now
        assert scene.zoom == table_zoom(app.ctx.size, 4, False, False, percent) <= percent
        assert app.ctx.zoom * 100 == effective_zoom(app.ctx.size, percent)
        screen = pygame.Rect((0, 0), app.ctx.size)
        for _, rect in scene.hand.rects(layout):
            assert layout.hand_area.contains(rect) and not rect.colliderect(layout.buttons)
        for button in (scene.play_button, scene.pass_button, scene.hint_button, scene.menu_button):
            assert screen.contains(button.rect)
            font = px(button.font_size, layout.scale)
            assert app.ctx.text.size(str(button.label() if callable(button.label) else button.label), font,
                                     bold=True)[0] <= button.rect.width, (percent, button.rect)


def test_the_settings_say_when_the_window_cannot_take_the_size_chosen(sized_app: App) -> None:
    app = sized_app
    app.ctx.update_settings(ui_scale=UI_SCALES[-1], four_color=False)
    app.show_title()
    app.show_settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    label = scene._scale_label()
    used = effective_zoom(app.ctx.size, UI_SCALES[-1])
    assert (str(used) in label and "200" in label) == (used < 200)
    app.ctx.update_settings(ui_scale=100)
    assert "%" not in scene._scale_label()
