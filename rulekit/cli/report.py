"""``rulekit report FILE -o page.html``: the ruling page (:mod:`rulekit.report`) of one reading, or
of two readings of one ruling side by side (``--ruling`` given twice, as ``rulekit compare`` takes it)."""
from __future__ import annotations

from pathlib import Path

from rulekit.cli.inputs import OK, BadInput, _load, _need, _safe, _start
from rulekit.cli.outputs import FORCE_HINT, check_output_file
from rulekit.cli.rulings import _parsed, apply_rulings, compared


def _readings(loaded, texts):
    """The games the page shows: one, or two when a ruling is given twice (each checked as
    ``rulekit compare`` checks them)."""
    from rulekit.views.compare import with_rulings
    names = [name for name, _ in _parsed(texts)]
    if len(set(names)) == len(names):                  # each ruling once: one reading
        return _start(apply_rulings(loaded, texts)), None
    a, b, _ = compared(loaded, texts)
    import dataclasses
    game_a = _start(dataclasses.replace(loaded, scenario=with_rulings(loaded.scenario, a)))
    game_b = _start(dataclasses.replace(loaded, scenario=with_rulings(loaded.scenario, b)))
    return game_a, game_b


def report(args) -> int:
    out = Path(args.output)
    if out.suffix.lower() not in (".html", ".htm"):
        raise BadInput(f"{_safe(args.output)}: the ruling page is an HTML file: give a name ending in .html")
    check_output_file(args.output, args.force)        # before anything is played or drawn: refused at once
    _need("draw", "matplotlib", "networkx")
    loaded = _load(args.file)
    game, other = _readings(loaded, args.ruling)
    source = Path(args.file).name if Path(args.file).exists() else args.file   # a page to post names no folder
    from rulekit.files.output import OutputError
    from rulekit.report import write_ruling_page
    try:
        write_ruling_page(args.output, game, other, force=args.force, force_hint=FORCE_HINT, source=source,
                          view=args.view)
    except OutputError as e:
        raise BadInput(str(e)) from None
    size = out.stat().st_size
    both = " (two readings, side by side from where they part)" if other is not None else ""
    print(_safe(f"wrote {out} ({size / 1e6:.1f} MB, {len(game.timeline)} steps{both})"))
    return OK
