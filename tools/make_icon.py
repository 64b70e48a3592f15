"""Draw the application icon and write it in every format the platforms want.

    .venv/bin/python tools/make_icon.py [--out-dir assets/icon]

Writes into ``assets/icon/``:

* ``daifugo.png`` (512 × 512) and ``daifugo-<n>.png`` for n = 256, 128, 64, 48, 32, 16;
* ``daifugo.ico`` (Windows): an ICO container of PNG images at 16, 32, 48, 64, 128, 256;
* ``daifugo.icns`` (macOS): an ICNS container with PNG entries ic11 (32), ic12 (64),
  ic07 (128), ic08 (256), ic09 (512) and ic10 (1024);
* ``daifugo.desktop`` (Linux desktop entry).

The artwork is drawn with pygame: three fanned cards (the ace of hearts, the ace of
spades and a joker, drawn by :mod:`game.ui.card_art`) under a gold crown on a rounded
felt-green square.  The smallest sizes use a simpler drawing that stays legible.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.ui.card_art import CardArt

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "icon"
PNG_SIZES = (256, 128, 64, 48, 32, 16)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))
SMALL_LIMIT = 48  # sizes up to this use the simple drawing

FELT = (24, 110, 62)
FELT_DARK = (12, 70, 38)
GOLD = (232, 182, 52)
GOLD_DARK = (150, 104, 20)

DESKTOP_ENTRY = """\
[Desktop Entry]
Type=Application
Version=1.0
Name=Daifugo
Name[ja]=大富豪
GenericName=Card Game
GenericName[ja]=トランプゲーム
Comment=Daifugō (大富豪), the Japanese climbing card game, against computer players
Comment[ja]=コンピュータと遊ぶトランプゲーム「大富豪（大貧民）」
Exec=Daifugo
Icon=daifugo
Terminal=false
Categories=Game;CardGame;
Keywords=daifugo;daihinmin;tycoon;president;cards;大富豪;大貧民;トランプ;
StartupWMClass=Daifugo
"""


def _felt_square(size: int) -> pygame.Surface:
    """A rounded square of green felt with a soft radial light and a gold rim."""
    import pygame

    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((*FELT_DARK, 0))
    margin = round(size * 0.03)
    radius = round(size * 0.2)
    body = pygame.Rect(margin, margin, size - 2 * margin, size - 2 * margin)
    pygame.draw.rect(surf, FELT_DARK, body, border_radius=radius)
    # radial light: concentric ellipses from dark to light
    light = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        color = tuple(round(d + (f - d) * t) for d, f in zip(FELT_DARK, FELT, strict=True))
        r = size * (0.75 - 0.5 * t)
        pygame.draw.ellipse(light, (*color, 255), pygame.Rect(size / 2 - r, size * 0.42 - r, 2 * r, 2 * r))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), body, border_radius=radius)
    light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(light, (0, 0))
    rim = max(2, round(size * 0.018))
    pygame.draw.rect(surf, GOLD, body, rim, border_radius=radius)
    pygame.draw.rect(surf, GOLD_DARK, body.inflate(-2 * rim, -2 * rim), max(1, rim // 3), border_radius=radius - rim)
    return surf


def _crown(size: float, color: tuple[int, int, int] = GOLD) -> pygame.Surface:
    """A gold crown ``size`` px wide (about 0.7 × size tall)."""
    import pygame

    w, h = round(size), round(size * 0.72)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*color, 0))
    outline = (90, 60, 10)
    base_top, base_bottom = h * 0.7, h * 0.96
    points = [
        (w * 0.12, base_top),
        (w * 0.07, h * 0.24),
        (w * 0.32, h * 0.5),
        (w * 0.5, h * 0.12),
        (w * 0.68, h * 0.5),
        (w * 0.93, h * 0.24),
        (w * 0.88, base_top),
    ]
    lw = max(1, round(size * 0.025))
    pygame.draw.polygon(surf, color, points)
    pygame.draw.polygon(surf, outline, points, lw)
    band = pygame.Rect(round(w * 0.1), round(base_top), round(w * 0.8), round(base_bottom - base_top))
    pygame.draw.rect(surf, color, band, border_radius=max(1, lw))
    pygame.draw.rect(surf, outline, band, lw, border_radius=max(1, lw))
    for x, y in ((0.07, 0.24), (0.5, 0.12), (0.93, 0.24)):
        pygame.draw.circle(surf, (255, 250, 235), (w * x, h * y), size * 0.055)
        pygame.draw.circle(surf, outline, (w * x, h * y), size * 0.055, max(1, lw // 2))
    for x, c in ((0.3, (40, 90, 200)), (0.5, (210, 30, 50)), (0.7, (40, 90, 200))):
        pygame.draw.circle(surf, c, (w * x, (base_top + base_bottom) / 2), size * 0.045)
    return surf


def _shadowed(card: pygame.Surface, blur_px: int) -> pygame.Surface:
    """The card with a soft drop shadow (stacked translucent rounded rectangles)."""
    import pygame

    w, h = card.get_size()
    pad = blur_px * 3
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    radius = max(2, round(w * 0.055))
    for i in range(3, 0, -1):
        grow = blur_px * i // 2
        rect = pygame.Rect(pad - grow // 2, pad + blur_px - grow // 2, w + grow, h + grow)
        layer = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 34), rect, border_radius=radius + grow)
        out.blit(layer, (0, 0))
    out.blit(card, (pad, pad))
    return out


def draw_icon(art: CardArt, size: int) -> pygame.Surface:
    """The full icon at ``size`` (drawn for 64 px and larger)."""
    import pygame

    from game.engine.cards import parse_card_id

    icon = _felt_square(size)
    card_w = round(size * 0.36)
    cards = (
        (parse_card_id("AH"), 20.0, -0.2),
        (parse_card_id("JK"), -20.0, 0.2),
        (parse_card_id("AS"), 0.0, 0.0),
    )
    pivot = (size * 0.5, size * 0.98)
    for cid, angle, dx in cards:
        face = _shadowed(art.face(cid, card_w), max(2, size // 90))
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        # place each card so that it fans around a pivot below the square
        dist = size * 0.47
        a = math.radians(-angle)
        cx = pivot[0] + math.sin(a) * dist + dx * size * 0.02
        cy = pivot[1] - math.cos(a) * dist
        icon.blit(rotated, rotated.get_rect(center=(round(cx), round(cy))))
    crown = _crown(size * 0.34)
    icon.blit(crown, crown.get_rect(center=(round(size * 0.5), round(size * 0.15))))
    return icon


def draw_small_icon(art: CardArt, size: int) -> pygame.Surface:
    """A simpler icon for tiny sizes: one card with a big spade under a crown."""
    import pygame

    icon = _felt_square(size)
    card_w = round(size * 0.5)
    card_h = round(card_w * 88 / 63)
    card = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
    pygame.draw.rect(card, (252, 252, 248), card.get_rect(), border_radius=round(card_w * 0.12))
    pygame.draw.rect(card, (150, 150, 140), card.get_rect(), max(1, size // 64), border_radius=round(card_w * 0.12))
    spade = art.suit_icon(0, round(card_w * 0.8))
    card.blit(spade, spade.get_rect(center=(card_w // 2, round(card_h * 0.56))))
    rotated = pygame.transform.rotozoom(card, -8, 1.0)
    icon.blit(rotated, rotated.get_rect(center=(round(size * 0.52), round(size * 0.58))))
    crown = _crown(size * 0.42)
    icon.blit(crown, crown.get_rect(center=(round(size * 0.5), round(size * 0.2))))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO container of PNG-compressed images: [(size, png), ...]."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    data = b""
    for size, png in images:
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS container: [(type, png), ...]; lengths include the 8-byte headers."""
    body = b"".join(kind + struct.pack(">I", len(png) + 8) + png for kind, png in entries)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import pygame

    from game.ui.assets import Assets
    from game.ui.card_art import CardArt

    pygame.init()
    art = CardArt(Assets())
    master = draw_icon(art, 1024)
    small_master = draw_small_icon(art, 256)

    def at(size: int) -> pygame.Surface:
        source = small_master if size <= SMALL_LIMIT else master
        return pygame.transform.smoothscale(source, (size, size))

    pngs = {size: png_bytes(at(size)) for size in {*PNG_SIZES, *ICO_SIZES, *(s for _, s in ICNS_TYPES), 512}}
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    (out / "daifugo.png").write_bytes(pngs[512])
    for size in PNG_SIZES:
        (out / f"daifugo-{size}.png").write_bytes(pngs[size])
    (out / "daifugo.ico").write_bytes(ico_bytes([(s, pngs[s]) for s in ICO_SIZES]))
    (out / "daifugo.icns").write_bytes(icns_bytes([(kind, pngs[s]) for kind, s in ICNS_TYPES]))
    (out / "daifugo.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    for path in sorted(out.iterdir()):
        if path.suffix in (".png", ".ico", ".icns", ".desktop"):
            print(f"{path} {path.stat().st_size:,} bytes")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
