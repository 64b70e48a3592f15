"""Regenerate the bundled Japanese fonts (``assets/fonts/*.otf``) from Debian's Noto Sans CJK.

Source: the Debian package ``fonts-noto-cjk`` version ``1:20220127+repack1-1`` (Noto CJK
upstream release 2.004, SIL Open Font License 1.1), installed with
``apt-get install -y fonts-noto-cjk``, which provides

    /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
    /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc

Face 0 of each collection is "Noto Sans CJK JP".  This script extracts that face and
subsets it with fontTools to the characters the game can show: ASCII, Latin-1, Latin
Extended-A, general punctuation, arrows, card suits and a few geometric shapes, CJK
symbols and punctuation, all hiragana and katakana, full-width forms, every JIS X 0208
level-1 kanji (derived from the Shift_JIS codec of the standard library) and the short
list of extra kanji in ``EXTRA_KANJI``.  Vertical-writing tables and regional (``locl``) alternates are dropped.

Run from the repository root::

    .venv/bin/python tools/make_font_subset.py [--source-dir DIR] [--out-dir assets/fonts]

The output is deterministic for a given source and fontTools version (the ``head``
timestamps of the source are kept).  ``assets/fonts/OFL.txt`` is the licence that must
travel with the fonts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"

WEIGHTS = {
    "Regular": ("NotoSansCJK-Regular.ttc", "NotoSansCJKjp-Regular-Subset.otf"),
    "Bold": ("NotoSansCJK-Bold.ttc", "NotoSansCJKjp-Bold-Subset.otf"),
}
JP_FACE = "Noto Sans CJK JP"

# Kanji the game's texts use that may lie outside JIS level 1 (duplicates are harmless).
EXTRA_KANJI = (
    "貧富豪階段縛革命返都落克剋札枚勝敗秋杉"
    "牌譲戻凡嵌覇弐參壱吊捲斬禁賭冥誰僅頁鍵汎於噂揃"
    "剥繋遡遜謎嘘叩呟喋妬瞬輝煌彩鮮絆奪斑"
)

RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 supplement
    (0x0100, 0x017F),  # Latin Extended-A (ō in "Daifugō")
    (0x2000, 0x206F),  # general punctuation
    (0x2100, 0x214F),  # letterlike symbols (№ ™ ...)
    (0x2150, 0x218F),  # number forms (Roman numerals)
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x221E, 0x221E),  # infinity
    (0x2260, 0x2265),  # ≠ ≤ ≥
    (0x2460, 0x2473),  # circled numbers ① .. ⑳
    (0x2500, 0x257F),  # box drawing (used by some fonts for ─ lines)
    (0x25A0, 0x25FF),  # geometric shapes (● ○ ◆ ◇ ▲ ▼ △ ▽ ■ □)
    (0x2600, 0x2606),  # ☀ .. ★ ☆
    (0x2660, 0x2667),  # card suits ♠♡♢♣♤♥♦♧
    (0x266A, 0x266B),  # ♪ ♫
    (0x2713, 0x2716),  # ✓ ✔ ✕ ✖
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana (incl. ー and ・)
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)

EXPLICIT = "★☆●○◆◇▲▼△▽←→↑↓♠♥♦♣♤♡♢♧…‥〜～・々〆ヶ"


def jis_level1_kanji() -> str:
    """Every JIS X 0208 level-1 kanji: Shift_JIS 0x889F..0x9872, decoded by the stdlib codec."""
    out: list[str] = []
    for code in range(0x889F, 0x9872 + 1):
        lead, trail = code >> 8, code & 0xFF
        if not (0x40 <= trail <= 0xFC) or trail == 0x7F:
            continue
        try:
            ch = bytes((lead, trail)).decode("shift_jis")
        except UnicodeDecodeError:
            continue
        if len(ch) == 1 and 0x4E00 <= ord(ch) <= 0x9FFF:
            out.append(ch)
    return "".join(out)


def wanted_codepoints() -> list[int]:
    cps: set[int] = set()
    for lo, hi in RANGES:
        cps.update(range(lo, hi + 1))
    cps.update(ord(c) for c in EXPLICIT)
    cps.update(ord(c) for c in jis_level1_kanji())
    cps.update(ord(c) for c in EXTRA_KANJI)
    return sorted(cps)


def extract_jp_face(ttc_path: Path) -> TTFont:
    collection = TTCollection(str(ttc_path), recalcTimestamp=False, lazy=False)
    for font in collection.fonts:
        if font["name"].getDebugName(1) == JP_FACE:
            font.recalcTimestamp = False
            return font
    raise SystemExit(f"{ttc_path}: no face named {JP_FACE!r}")


def make_subset(ttc_path: Path, out_path: Path, codepoints: list[int]) -> tuple[int, int]:
    font = extract_jp_face(ttc_path)
    options = subset.Options()
    options.layout_features = ["ccmp", "kern", "liga"]
    options.drop_tables = [*options.drop_tables, "VORG", "vhea", "vmtx", "BASE"]
    options.name_IDs = ["*"]  # keep the copyright and licence strings (IDs 0, 13, 14)
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options=options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out_path))
    n_glyphs = len(font.getGlyphOrder())
    n_chars = len(font.getBestCmap())
    return n_glyphs, n_chars


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    level1 = jis_level1_kanji()
    extra = [c for c in EXTRA_KANJI if c not in level1]
    print(f"JIS level-1 kanji: {len(level1)}; extra kanji outside level 1: {''.join(extra)}")
    codepoints = wanted_codepoints()
    for weight, (source, target) in WEIGHTS.items():
        src = args.source_dir / source
        if not src.exists():
            print(f"missing {src}: apt-get install fonts-noto-cjk", file=sys.stderr)
            return 1
        out = args.out_dir / target
        n_glyphs, n_chars = make_subset(src, out, codepoints)
        print(f"{weight}: {out} {out.stat().st_size:,} bytes, {n_glyphs} glyphs, {n_chars} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
