"""Settings for the whole suite: the Hypothesis profiles.

``ci`` (the default, what ``dev.py test`` and CI run): the same examples every
run (derandomized, so no example database), a bounded number of them, no
deadline, and a failure printed with the blob that replays it
(``@reproduce_failure``).  ``explore`` (``HYPOTHESIS_PROFILE=explore``): new
random examples each run, five times as many, a failure kept in the
``.hypothesis`` folder (ignored by git) and tried first on the next run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

PROFILE = "HYPOTHESIS_PROFILE"
EXAMPLES = 50
"""Examples per property in the ``ci`` profile (a test's own ``max_examples`` takes precedence)."""


def pytest_configure(config: pytest.Config) -> None:
    settings.register_profile("ci", derandomize=True, max_examples=EXAMPLES, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("explore", max_examples=5 * EXAMPLES, deadline=None, print_blob=True)
    settings.load_profile(os.environ.get(PROFILE, "ci"))
