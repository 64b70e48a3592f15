"""The bundled Japanese font files and an exact glyph-coverage check.

``missing_glyphs`` reads the font's character map with fontTools (a test and tooling
dependency, imported only when the function is called), so translations can be checked
for characters the bundled subset cannot draw::

    from game.ui.fonts import bundled_font_paths, missing_glyphs
    for path in bundled_font_paths():
        assert not missing_glyphs("大富豪", path)
"""

from __future__ import annotations

import functools
import io
import os
import sys
import unicodedata
from importlib import resources
from typing import Final, TypeAlias

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

__all__ = [
    "BOLD_FILE",
    "FONT_PACKAGE",
    "REGULAR_FILE",
    "FontPath",
    "Traversable",
    "bundled_font_paths",
    "font_codepoints",
    "font_resource",
    "missing_glyphs",
]

FONT_PACKAGE: Final = "assets.fonts"
REGULAR_FILE: Final = "NotoSansCJKjp-Regular-Subset.otf"
BOLD_FILE: Final = "NotoSansCJKjp-Bold-Subset.otf"

FontPath: TypeAlias = "str | os.PathLike[str] | Traversable"

# Characters that are never drawn as glyphs: control characters (newline, tab) and
# zero-width format characters.
_IGNORED_CATEGORIES: Final = frozenset({"Cc", "Cf"})


def font_resource(*, bold: bool = False) -> Traversable:
    """The bundled font file (a ``Traversable``; a ``pathlib.Path`` for normal installs)."""
    name = BOLD_FILE if bold else REGULAR_FILE
    try:
        return resources.files(FONT_PACKAGE) / name
    except ModuleNotFoundError:  # pragma: no cover - "assets.fonts" not importable (a bundle without it)
        return resources.files("assets") / "fonts" / name


def bundled_font_paths() -> tuple[Traversable, Traversable]:
    """The Regular and Bold font files, in that order."""
    return font_resource(bold=False), font_resource(bold=True)


@functools.lru_cache(maxsize=8)
def _codepoints_for_key(key: str, data: bytes | None) -> frozenset[int]:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # test/tool dependency, imported on use

    source: str | io.BytesIO = key if data is None else io.BytesIO(data)
    with TTFont(source, lazy=True, fontNumber=0) as font:
        return frozenset(font.getBestCmap())


def font_codepoints(font_path: FontPath) -> frozenset[int]:
    """Every code point the font maps to a glyph (its best Unicode ``cmap``)."""
    if isinstance(font_path, (str, os.PathLike)):
        return _codepoints_for_key(os.fspath(font_path), None)
    return _codepoints_for_key(str(font_path), font_path.read_bytes())


def missing_glyphs(text: str, font_path: FontPath | None = None) -> set[str]:
    """The characters of ``text`` that the font cannot draw (empty when all are covered).

    ``font_path`` defaults to the bundled Regular font (Bold has the same coverage).
    Control and zero-width format characters are ignored.

    >>> sorted(missing_glyphs("abc\\n"))
    []
    """
    path = font_resource() if font_path is None else font_path
    cmap = font_codepoints(path)
    return {
        ch
        for ch in set(text)
        if ord(ch) not in cmap and unicodedata.category(ch) not in _IGNORED_CATEGORIES
    }
