"""``python -m rulekit``: the command line (:mod:`rulekit.cli`)."""
from rulekit.cli import main

raise SystemExit(main())
