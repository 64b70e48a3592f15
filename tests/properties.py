"""The Hypothesis profiles of the suite, and example counts that follow the profile in force.

``ci`` (the default, what ``dev.py test`` and CI run): the same examples every
run (derandomized, so no example database), ``EXAMPLES`` of them per
property, no deadline, and a failure printed with the blob that replays it
(``@reproduce_failure``).  ``explore`` (``HYPOTHESIS_PROFILE=explore``): new
random examples each run, five times as many, a failure kept in the
``.hypothesis`` folder (ignored by git) and tried first on the next run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
EXAMPLES = 50
"""Examples per property in the ``ci`` profile."""


def load_profiles() -> None:
    """Register the profiles and load the one ``HYPOTHESIS_PROFILE`` names (``ci`` by default)."""
    settings.register_profile("ci", derandomize=True, max_examples=EXAMPLES, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("explore", max_examples=5 * EXAMPLES, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get(PROFILE_VARIABLE, "ci"))


def examples(times: float) -> int:
    """``times`` the profile's examples per property, for a property much cheaper or dearer than most
    (read when the test module is imported, after the profile is loaded)."""
    return max(1, round(times * settings().max_examples))
