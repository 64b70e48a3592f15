"""The examples in the docstrings of the kinds of games, their names on screen and the event tables hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import game.kinds
import game.ui.rule_words
import game.ui.table.dispatch


@pytest.mark.parametrize("module", [game.kinds, game.ui.rule_words, game.ui.table.dispatch])
def test_the_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module)
    assert tried and not failures
