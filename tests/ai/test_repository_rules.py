"""ai/ imports the engine only (never pygame) and never sleeps."""

from __future__ import annotations

from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "ai"


def sources() -> list[Path]:
    return [p for p in AI.rglob("*.py") if "uecda" not in p.relative_to(AI).parts]


def test_no_pygame_and_no_sleep() -> None:
    for path in sources():
        text = path.read_text(encoding="utf-8")
        assert "pygame" not in text, path
        assert "time.sleep" not in text and "from time import sleep" not in text, path
