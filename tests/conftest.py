"""Settings for the whole suite: the Hypothesis profiles (``tests/properties.py``)."""

from __future__ import annotations

import pytest

from tests.properties import load_profiles


def pytest_configure(config: pytest.Config) -> None:
    load_profiles()
