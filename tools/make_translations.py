"""Writes game/i18n/en.json and ja.json from the tables in tools/i18n/ (run after editing them).

    python tools/make_translations.py

The JSON files are what the game reads; the tables keep both languages side by
side so that no key is forgotten in one of them.  A key defined twice is an error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.i18n import coach, core, house_rules, screens  # noqa: E402

TABLES = (core, screens, house_rules, coach)


def merged() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for table in TABLES:
        for key, value in table.STRINGS.items():
            if key in out:
                raise SystemExit(f"{key!r} is defined twice ({table.__name__})")
            out[key] = value
    return out


def main() -> None:
    strings = merged()
    for index, lang in enumerate(("en", "ja")):
        data = {key: values[index] for key, values in sorted(strings.items())}
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        (ROOT / "game" / "i18n" / f"{lang}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
