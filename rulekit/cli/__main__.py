"""``python -m rulekit.cli``: the ``rulekit`` command."""
import sys

from rulekit.cli import main

sys.exit(main())
