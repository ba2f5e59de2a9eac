"""Speed machinery, kept apart from the rules code, and the one switch that runs the plain version.

The rules code says each rule once, plainly: the engine loop calls :func:`rulekit.core.engine.advance`
and :func:`~rulekit.core.engine.record`, a pattern is checked by
:func:`rulekit.core.matching.trigger_words`, a frozen value is a frozen slotted dataclass. What
exists only to make that faster sits in one named place per concern, each with the same switch:

- :mod:`rulekit.core.speed.loop` — the engine loop with ``advance()`` and ``record()`` inlined;
- :mod:`rulekit.core.speed.patterns` — a triggering-condition pattern compiled into a predicate
  that tests only the fields it sets;
- :mod:`rulekit.core.frozen` and :mod:`rulekit.core.building` — frozen values made and copied by
  code written for each class instead of the dataclass's ``__init__`` and
  :func:`dataclasses.replace`;
- :mod:`rulekit.core.remembered` — judgements and set-ups remembered across sequences and games
  (its own switch ``RULEKIT_JUDGEMENT_CACHE=0`` turns only that off);
- :mod:`rulekit.files.yamlnodes` — libyaml's parser where it reads a file as the pure reader does.

The switch: the environment variable ``RULEKIT_PLAIN`` set to ``1`` (or ``on``, ``true``, ``yes``)
when rulekit is imported runs every plain version instead (remembering included). Both versions
give the same answers: each fast version has a test that runs it beside the plain one on generated
boards, and the conformance suite runs in both modes (``.ci/run``). Later speed work goes behind
this switch, in a module of its own named here.
"""
from __future__ import annotations

import os

#: whether every plain version runs (read at import from ``RULEKIT_PLAIN``)
PLAIN: bool = os.environ.get("RULEKIT_PLAIN", "").strip().lower() in ("1", "on", "true", "yes")
