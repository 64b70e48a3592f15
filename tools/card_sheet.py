"""Write PNG sheets of every card face and the backs, for looking at the card artwork.

    .venv/bin/python tools/card_sheet.py [--out-dir /tmp/card_sheets] [--widths 80 220] [--vision]

For each width and each deck colouring (normal, four-colour) one sheet is written:
the 52 natural cards by suit, the two jokers, the red and the navy back, on green felt.
``--vision`` also writes each sheet as seen in greyscale and with protanopia,
deuteranopia and tritanopia (``game.ui.colour_vision``).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=Path("/tmp/card_sheets"))
    parser.add_argument("--widths", type=int, nargs="+", default=[80, 220])
    parser.add_argument("--columns", type=int, default=14)
    parser.add_argument("--vision", action="store_true", help="also the sheets as seen with colour-vision deficiencies")
    args = parser.parse_args(argv)

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import pygame

    from game.engine.cards import JOKER_IDS, rank_of, suit_of
    from game.ui.assets import Assets
    from game.ui.card_art import CardArt, card_height

    pygame.init()
    art = CardArt(Assets())
    args.out_dir.mkdir(parents=True, exist_ok=True)
    ids = [*sorted(range(52), key=lambda c: (suit_of(c), rank_of(c))), *JOKER_IDS]
    for width in args.widths:
        for four in (False, True):
            h = card_height(width)
            gap = max(6, width // 8)
            cols = args.columns
            rows = math.ceil((len(ids) + 2) / cols)
            sheet = pygame.Surface((gap + cols * (width + gap), gap + rows * (h + gap)))
            sheet.fill((22, 92, 52))
            surfaces = [art.face(c, width, four_color=four) for c in ids]
            surfaces += [art.back(width), art.back(width, color="navy")]
            radius = max(3, round(width * 0.055))
            for i, surf in enumerate(surfaces):
                r, c = divmod(i, cols)
                x, y = gap + c * (width + gap), gap + r * (h + gap)
                shadow = pygame.Surface((width, h), pygame.SRCALPHA)
                pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=radius)
                sheet.blit(shadow, (x + max(1, width // 40), y + max(1, width // 30)))
                sheet.blit(surf, (x, y))
            name = f"cards_{width}_{'four' if four else 'normal'}"
            pygame.image.save(sheet, str(args.out_dir / f"{name}.png"))
            print(args.out_dir / f"{name}.png")
            if args.vision:
                for kind, seen in _visions(sheet):
                    pygame.image.save(seen, str(args.out_dir / f"{name}_{kind}.png"))
                    print(args.out_dir / f"{name}_{kind}.png")
    pygame.quit()
    return 0


def _visions(sheet: object) -> list[tuple[str, object]]:
    """The sheet in greyscale and as seen with each colour-vision deficiency (each colour mapped once)."""
    import numpy as np
    import pygame

    from game.ui.colour_vision import KINDS, greyscale, simulate

    assert isinstance(sheet, pygame.Surface)
    rgb = pygame.surfarray.array3d(sheet)
    flat = rgb.reshape(-1, 3)
    colours, inverse = np.unique(flat, axis=0, return_inverse=True)
    out = []
    for kind in ("greyscale", *KINDS):
        mapped = np.array([greyscale(tuple(int(v) for v in c)) if kind == "greyscale"  # type: ignore[arg-type]
                           else simulate(tuple(int(v) for v in c), kind) for c in colours], dtype=np.uint8)  # type: ignore[arg-type]
        out.append((kind, pygame.surfarray.make_surface(mapped[inverse.reshape(-1)].reshape(rgb.shape))))
    return out


if __name__ == "__main__":
    sys.exit(main())
