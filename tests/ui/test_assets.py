"""Bundled assets: the Japanese font and its coverage, images, icon containers, the desktop entry."""

from __future__ import annotations

import configparser
import struct
from importlib import resources

import pygame
import pytest

from game.ui.assets import Assets, missing_glyphs
from game.ui.fonts import bundled_font_paths, font_codepoints

MUST_RENDER = (
    "大富豪 大貧民 富豪 平民 貧民 革命 革命返し 8切り イレブンバック 縛り スペ3返し 都落ち 反則上がり "
    "下克上 台札 山札 出す パス 自動パス ちょい遅め 先攻 後攻 最強 強い 普通 弱い 続きから "
    "♠♥♦♣♤♡♢♧ ★☆●○◆◇▲▼△▽←→↑↓ 「」『』（）！？。、・ー〜…ＡＢＣ１２３ àéü©×÷ Daifugō"
)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_FONT_BYTES = 3 * 1024 * 1024


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# -- fonts -------------------------------------------------------------------------------


def test_fonts_are_bundled_small_and_licensed() -> None:
    fonts_dir = resources.files("assets.fonts")
    for path in bundled_font_paths():
        assert path.is_file()
        size = len(path.read_bytes())
        assert 100_000 < size <= MAX_FONT_BYTES
    licence = (fonts_dir / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Copyright" in licence
    assert (fonts_dir / "README.md").is_file()


def test_font_paths_from_assets(assets: Assets) -> None:
    regular, bold = assets.font_path(), assets.font_path(bold=True)
    assert regular != bold
    assert regular.name.endswith(".otf") and bold.name.endswith(".otf")
    assert (regular, bold) == bundled_font_paths()


@pytest.mark.parametrize("bold", [False, True])
def test_must_render_words_have_every_glyph(bold: bool) -> None:
    path = bundled_font_paths()[bold]
    assert missing_glyphs(MUST_RENDER, path) == set()


def test_missing_glyphs_reports_exactly_the_uncovered_characters() -> None:
    assert missing_glyphs("大富豪😀\U0002a6a5", None) == {"😀", "\U0002a6a5"}
    assert missing_glyphs("line one\nline\ttwo\u200b") == set()
    assert missing_glyphs("") == set()


def test_kana_and_jis_level_1_kanji_are_covered() -> None:
    cmap = font_codepoints(bundled_font_paths()[0])
    kana = [*range(0x3041, 0x3097), *range(0x30A1, 0x30FB), 0x30FC]
    assert all(cp in cmap for cp in kana)
    level1 = []
    for code in range(0x889F, 0x9873):
        try:
            ch = bytes((code >> 8, code & 0xFF)).decode("shift_jis")
        except UnicodeDecodeError:
            continue
        if len(ch) == 1 and 0x4E00 <= ord(ch) <= 0x9FFF:
            level1.append(ch)
    assert len(level1) == 2965
    assert not [ch for ch in level1 if ord(ch) not in cmap]
    assert ord("剋") in cmap  # from the extra list (JIS level 2)


def test_font_loads_in_pygame_and_renders_japanese(assets: Assets) -> None:
    font = assets.font(24)
    assert isinstance(font, pygame.font.Font)
    assert assets.font(24) is font
    assert assets.font(24, bold=True) is not font
    text = "大富豪・革命！"
    metrics = font.metrics(text)
    assert all(m is not None for m in metrics)
    surface = font.render(text, True, (0, 0, 0))
    ink = surface.get_bounding_rect()
    assert ink.width > 24 * 5 and ink.height > 12
    # different characters give different images (not a row of identical boxes)
    a = pygame.image.tobytes(font.render("大", True, (0, 0, 0)), "RGBA")
    b = pygame.image.tobytes(font.render("富", True, (0, 0, 0)), "RGBA")
    assert a != b


# -- images and icons ----------------------------------------------------------------------


def test_image_loads_and_is_cached(assets: Assets) -> None:
    icon = assets.image("icon/daifugo.png")
    assert icon.get_size() == (512, 512)
    assert assets.image("icon/daifugo.png") is icon
    with pytest.raises((FileNotFoundError, OSError)):
        assets.image("icon/no-such-file.png")


def test_png_icons() -> None:
    icon_dir = resources.files("assets.icon")
    assert png_size((icon_dir / "daifugo.png").read_bytes()) == (512, 512)
    for size in (256, 128, 64, 48, 32, 16):
        assert png_size((icon_dir / f"daifugo-{size}.png").read_bytes()) == (size, size)


def test_ico_container() -> None:
    data = (resources.files("assets.icon") / "daifugo.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 6)
    sizes = []
    end = 6 + 16 * count
    for i in range(count):
        w, h, colors, zero, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i : 22 + 16 * i])
        size = w or 256
        assert (w, colors, zero, planes, bits) == (h, 0, 0, 1, 32)
        assert offset >= end and offset + length <= len(data)
        assert png_size(data[offset : offset + length]) == (size, size)
        sizes.append(size)
        end = offset + length
    assert sorted(sizes) == [16, 32, 48, 64, 128, 256]
    assert end == len(data)


def test_icns_container() -> None:
    data = (resources.files("assets.icon") / "daifugo.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024, b"ic11": 32, b"ic12": 64}
    pos, seen = 8, {}
    while pos < len(data):
        kind = data[pos : pos + 4]
        length = struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        assert length > 8 and pos + length <= len(data)
        seen[kind] = png_size(data[pos + 8 : pos + length])
        pos += length
    assert pos == len(data)
    assert {kind: size[0] for kind, size in seen.items()} == expected
    assert all(w == h for w, h in seen.values())


def test_desktop_entry() -> None:
    text = (resources.files("assets.icon") / "daifugo.desktop").read_text(encoding="utf-8")
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Daifugo"
    assert entry["Name[ja]"] == "大富豪"
    assert entry["Exec"] == "Daifugo"
    assert entry["Icon"] == "daifugo"
    assert entry["Terminal"] == "false"
    assert {"Game", "CardGame"} <= set(entry["Categories"].split(";"))


def test_assets_stay_small() -> None:
    total = 0
    for folder in ("assets.fonts", "assets.sounds", "assets.music", "assets.icon"):
        for item in resources.files(folder).iterdir():
            if item.is_file():
                total += len(item.read_bytes())
    assert total < 6 * 1024 * 1024
