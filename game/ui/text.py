"""Drawing text with the bundled font: cached renders, anchors, a soft shadow; any string is displayable."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from .assets import Assets

NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー〜ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")
"""Characters a Japanese line must not start with (禁則): the character before moves down with them."""
NO_LINE_END = set("（「『【〔〈《([{")

ANCHORS = {
    "topleft", "midtop", "topright", "midleft", "center", "midright", "bottomleft", "midbottom", "bottomright",
}


def displayable(text: str) -> str:
    r"""``text`` with what no font can draw written out: a byte of a file name that is not UTF-8 as ``\xff``.

    Such a byte reaches a ``str`` as a lone surrogate (Python's
    ``surrogateescape``); the font cannot encode it, and a NUL character
    ends its text.  Everything else is drawn as it is.

    >>> print(displayable("/home/\udcffdaten\x00"))
    /home/\xffdaten\x00
    """
    if "\x00" not in text:
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            pass
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")
        elif char == "\x00":
            out.append("\\x00")
        else:
            out.append(char)
    return "".join(out)


class TextRenderer:
    """Renders strings once and keeps the surfaces (bounded cache)."""

    def __init__(self, assets: Assets, capacity: int = 800) -> None:
        self.assets = assets
        self.capacity = capacity
        self._cache: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()

    def render(self, text: str, size: int, color: tuple[int, ...], *, bold: bool = False) -> pygame.Surface:
        text = displayable(text)
        key = (text, size, tuple(color), bold)
        surface = self._cache.get(key)
        if surface is None:
            surface = self.assets.font(size, bold=bold).render(text, True, color)
            self._cache[key] = surface
            if len(self._cache) > self.capacity:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surface

    def size(self, text: str, size: int, *, bold: bool = False) -> tuple[int, int]:
        return self.assets.font(size, bold=bold).size(displayable(text))

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        color: tuple[int, ...],
        *,
        anchor: str = "center",
        bold: bool = False,
        shadow: bool = False,
        alpha: int = 255,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` point at ``pos``; returns the rect it took."""
        image = self.render(text, size, color, bold=bold)
        rect = image.get_rect(**{anchor: pos})
        if shadow:
            back = self.render(text, size, (0, 0, 0), bold=bold)
            offset = max(1, size // 18)
            if alpha < 255:
                back = back.copy()
                back.set_alpha(alpha // 2)
            else:
                back = back.copy()
                back.set_alpha(150)
            surface.blit(back, rect.move(offset, offset))
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
        """Lines no wider than ``width``: words (characters for Japanese), with 禁則 (no 。 or ー at
        the start of a line, no （ at its end), and a word longer than ``width`` (a file path) broken
        by characters."""

        def wide(line: str) -> bool:
            return self.size(line.rstrip(), size, bold=bold)[0] > width

        text = displayable(text)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words: list[str] = []
            for token in _tokens(paragraph):
                if words and wide("".join(words) + token):
                    carry = [token]
                    while carry[0][:1] in NO_LINE_START and len(words) > 1:
                        carry.insert(0, words.pop())
                    while words[-1].rstrip()[-1:] in NO_LINE_END and len(words) > 1:
                        carry.insert(0, words.pop())
                    lines.append("".join(words).rstrip())
                    carry[0] = carry[0].lstrip()
                    words = carry
                else:
                    words.append(token)
            lines.append("".join(words).rstrip())
        out: list[str] = []
        for line in lines:
            while line and wide(line):
                cut = len(line) - 1
                while cut > 1 and wide(line[:cut]):
                    cut -= 1
                out.append(line[:cut])
                line = line[cut:]
            out.append(line)
        return out

def _tokens(text: str) -> list[str]:
    """Words with their following space; every CJK character on its own."""
    tokens: list[str] = []
    word = ""
    for char in text:
        if ord(char) > 0x2E80:
            if word:
                tokens.append(word)
                word = ""
            tokens.append(char)
        elif char == " ":
            tokens.append(word + " ")
            word = ""
        else:
            word += char
    if word:
        tokens.append(word)
    return tokens
