"""How the tests draw their examples, and which tests run by default (issue 21).

The README's test command, ``python -m pytest``, gives the same result every time and is quick:

- every test that draws examples (hypothesis) is **derandomized** under the default profile,
  ``rulekit``: its examples follow from the test's own code, nothing is read from or written to
  an example database, and a failure prints the blob that reproduces it (``print_blob``);
- tests marked ``slow`` are left out (``-m "not slow"`` in pyproject's ``addopts``);
  ``python -m pytest -m slow`` runs them, still derandomized.

Long random runs use the ``long`` profile: ``RK_HYPOTHESIS_PROFILE=long python -m pytest -m slow``
(or ``--hypothesis-profile=long``). Its examples are random, from a seed printed at the top and
at the end of the run; ``RK_SEED=N`` (or ``--hypothesis-seed=N``) repeats a run, and
``RK_LONG_EXAMPLES`` (default 2000) sizes the long tests (the mutant run of
``tests/hostile_input/test_mutated_files.py``).

No test touches the user's card library: ``RULEKIT_DATA`` (the directory of rulekit's data) is set
to a temporary folder for the whole run, before any test is collected, so that every test, the
processes it starts and the notebooks' kernels use it; it is removed at the end. The card library's
own tests give each test a fresh folder of its own (``tests/library/conftest.py``). The cache of
parse tables (``XDG_CACHE_HOME``, :mod:`rulekit.core.lalrcache`) goes into the same folder.

The tests are in folders by subject (``tests/agot``, ``tests/files``, …); what several of them
share is in ``tests/support`` (boards, strategies, the stack ruleset), which this puts on
``sys.path``: a test imports ``from boards import claim2`` from any folder.
"""
from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

SUPPORT = str(Path(__file__).resolve().parent / "support")
if SUPPORT not in sys.path:
    sys.path.insert(0, SUPPORT)

PROFILES = ("rulekit", "long")

settings.register_profile("rulekit", derandomize=True, database=None, print_blob=True)
settings.register_profile("long", derandomize=False, database=None, print_blob=True,
                          max_examples=int(os.environ.get("RK_LONG_EXAMPLES", 2000)))

_CHOSEN = os.environ.get("RK_HYPOTHESIS_PROFILE", "rulekit")
if _CHOSEN not in PROFILES:
    raise pytest.UsageError(f"RK_HYPOTHESIS_PROFILE={_CHOSEN!r}: the profiles are {', '.join(PROFILES)}")
settings.load_profile(_CHOSEN)

_SEED = pytest.StashKey[str]()


def _profile(config) -> str:
    return config.getoption("hypothesis_profile", None) or _CHOSEN    # --hypothesis-profile wins


_DATA = pytest.StashKey[str]()


@pytest.hookimpl(tryfirst=True)       # before hypothesis' own plugin reads --hypothesis-seed
def pytest_configure(config):
    data = tempfile.mkdtemp(prefix="rulekit-test-data-")
    os.environ["RULEKIT_DATA"] = data           # never the user's card library (rulekit.library.place)
    os.environ["XDG_CACHE_HOME"] = os.path.join(data, "cache")   # nor the user's parse tables (core.lalrcache)
    config.stash[_DATA] = data
    if settings.get_profile(_profile(config)).derandomize:
        return
    seed = config.getoption("hypothesis_seed", None)
    if seed is None:
        seed = os.environ.get("RK_SEED") or str(random.SystemRandom().randrange(2 ** 32))
        config.option.hypothesis_seed = seed
    os.environ["RK_SEED"] = str(seed)      # pytest-xdist's workers start later and read the same seed
    config.stash[_SEED] = str(seed)


def _said(config) -> str:
    name = _profile(config)
    if _SEED not in config.stash:
        return f"rulekit: hypothesis profile {name!r}: derandomized, no example database"
    seed = config.stash[_SEED]
    return (f"rulekit: hypothesis profile {name!r}: random, seed {seed} (repeat with RK_SEED={seed}), "
            f"long tests draw {settings.get_profile(name).max_examples} examples (RK_LONG_EXAMPLES)")


def pytest_report_header(config):
    return _said(config)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _SEED in config.stash:          # the seed again, next to the failures it would repeat
        terminalreporter.write_line(_said(config))


def pytest_unconfigure(config):
    data = config.stash.get(_DATA, None)
    if data:
        shutil.rmtree(data, ignore_errors=True)
