"""How colours look to people with colour-vision deficiencies, and how far apart two colours look.

Pure arithmetic on sRGB colours (0..255), used to check that the card inks stay
apart for everyone (``tests/ui/test_card_colours.py``) and by
``tools/card_sheet.py --vision`` to draw the cards as they are seen:

* ``simulate(color, kind)``: the colour as seen with protanopia, deuteranopia
  or tritanopia, by the matrices of Machado, Oliveira and Fernandes (2009,
  "A Physiologically-based Model for Simulation of Color Vision
  Deficiency", severity 1.0), applied to linear RGB;
* ``greyscale(color)``: the grey of the same relative luminance;
* ``lab(color)``: CIE L*a*b* (D65); ``delta_e(a, b)``: the CIEDE2000 colour
  difference (about 2: just noticeable, above 20: plainly different colours);
* ``contrast(a, b)``: the WCAG contrast ratio (1 to 21).

>>> simulate((255, 255, 255), "deuteranopia")
(255, 255, 255)
>>> round(delta_e((255, 0, 0), (255, 0, 0)), 6), round(contrast((0, 0, 0), (255, 255, 255)), 1)
(0.0, 21.0)
"""

from __future__ import annotations

import math
from typing import Final

Color = tuple[int, int, int]

MACHADO: Final[dict[str, tuple[tuple[float, float, float], ...]]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), severity 1.0: linear RGB in, linear RGB out."""
KINDS: Final = tuple(MACHADO)


def to_linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> int:
    v = min(1.0, max(0.0, value))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(color: Color, kind: str) -> Color:
    """``color`` as seen with ``kind`` (``protanopia``, ``deuteranopia`` or ``tritanopia``)."""
    matrix = MACHADO[kind]
    linear = [to_linear(c) for c in color]
    r, g, b = (from_linear(sum(row[j] * linear[j] for j in range(3))) for row in matrix)
    return r, g, b


def luminance(color: Color) -> float:
    """The relative luminance, 0 (black) to 1 (white)."""
    r, g, b = (to_linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def greyscale(color: Color) -> Color:
    """The grey of the same luminance (a greyscale print or screen)."""
    grey = from_linear(luminance(color))
    return grey, grey, grey


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def lab(color: Color) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65 white)."""
    r, g, b = (to_linear(c) for c in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: Color, b: Color) -> float:
    """The CIEDE2000 difference between two sRGB colours."""
    return delta_e_lab(lab(a), lab(b))


def delta_e_lab(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference between two L*a*b* colours (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh))


__all__ = ["KINDS", "MACHADO", "contrast", "delta_e", "delta_e_lab", "greyscale", "lab", "luminance", "simulate"]
