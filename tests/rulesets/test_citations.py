"""Every citation names a rule that exists: A Game of Thrones Rules Reference entries and FAQ rulings
by their exact titles, Riftbound Core Rules by rule numbers that exist.

Citations are read from the rules registry (every entry's and every ruling option's source), the
scenario files' comments, the lessons' markdown cells and the docs. They are checked against the
lists in ``tests/rulesets/citations/`` (titles and numbers only; its README says where they come
from). Whether an entry says what a citation claims was checked by reading it; this test keeps
the names honest from now on: a misspelt or invented title, a FAQ ruling cited without its
number, or a Riftbound rule number that does not exist fails, naming the file and the citation.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulekit import rulesets

ROOT = Path(__file__).resolve().parents[2]
LISTS = Path(__file__).resolve().parent / "citations"


def _lines(name: str) -> list[str]:
    return [line.strip() for line in (LISTS / name).read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def _quotes(text: str) -> str:
    """' and " (and their curly forms) alike, and spaces collapsed."""
    return " ".join(re.sub("[\u2018\u2019\u201c\u201d\"]", "'", text).split())


RR_TITLES = {_quotes(t) for t in _lines("agot-rules-reference-titles.txt")}
FAQ_TITLES = {_quotes(t) for t in _lines("agot-faq-titles.txt")}
RB_NUMBERS = {n for line in _lines("riftbound-rule-numbers.txt") for n in line.split()}

# -- reading citations --------------------------------------------------------------------------------
_TITLE = r'"[^"\n]+"(?:\s*\([^()]*\))?'                      # a quoted title, maybe a parenthetical note
_RR = re.compile(r"Rules Reference,?\s+((?:" + _TITLE + r"(?:,\s*|\s+and\s+)?)+)")
_FAQ = re.compile(r"FAQ,?\s+(\((\d\.\d+)\)\s+\"([^\"\n]+)\"|\"[^\"\n]+\")")
_NUMBER = r"\d{3}(?:\.\d+(?:\.[a-z](?:\.\d+(?:\.[a-z])?)?)?)?"
_RB = re.compile(r"(?<![\w.])(" + _NUMBER + r")(?:-(" + _NUMBER + r"|\d+|[a-z]))?(?![\w])")
_MAGIC = re.compile(r"(Magic: The Gathering Comprehensive Rules|Magic CR),?\s*[\d.]+[a-z]?")
_DATES = re.compile(r"\d{4}-\d{2}-\d{2}")


def agot_citations(text: str) -> tuple[list[str], list[str], list[str]]:
    """(Rules Reference titles, FAQ rulings as "(n.n) title", FAQ citations without a number)."""
    text = " ".join(text.split())
    rr = []
    for found in _RR.finditer(text):
        rr += re.findall(r'"([^"]+)"(?:\s*\([^()]*\))?', found.group(1))
    faq, unnumbered = [], []
    for found in _FAQ.finditer(text):
        if found.group(2):
            faq.append(f"({found.group(2)}) {found.group(3)}")
        else:
            unnumbered.append(found.group(0))
    return rr, faq, unnumbered


def riftbound_numbers(text: str) -> list[str]:
    """Every Core Rules number cited in ``text``; a range such as 359.3.e.2-5, 369-373 or
    401.1-401.2 gives both of its ends. Magic's Comprehensive Rules numbers and dates are not Riftbound rules."""
    text = _DATES.sub(" ", _MAGIC.sub(" ", text))
    out = []
    for found in _RB.finditer(text):
        first, end = found.group(1), found.group(2)
        out.append(first)
        if end:
            whole = "." in end or "." not in first       # 401.1-401.2, 369-373: the end is a number of its own
            out.append(end if whole else first.rsplit(".", 1)[0] + "." + end)
    return out


# -- where citations are ----------------------------------------------------------------------------
def _registry_texts(ruleset: str) -> list[tuple[str, str]]:
    rs = rulesets.get(ruleset)
    out = [(f"registry {r.id} (source)", r.source) for r in rs.rules]
    out += [(f"registry {r.id} (reasoning)", r.reasoning) for r in rs.rules if r.reasoning]
    for ruling in rs.rulings:
        for option in ruling.options:
            out.append((f"ruling {ruling.name}={option.name} (source)", option.source))
            out.append((f"ruling {ruling.name}={option.name} (reasoning)", option.reasoning))
    return out


def _comments(path: Path) -> str:
    return "\n".join(line.split("#", 1)[1] for line in path.read_text(encoding="utf-8").splitlines()
                     if "#" in line and not line.lstrip().startswith("- \""))


def _scenario_texts(ruleset: str) -> list[tuple[str, str]]:
    """The comments of the shipped scenarios, the corpus cards and the pending cases."""
    folders = (ROOT / "scenarios" / ruleset, ROOT / "tests" / "cards" / ruleset,
               ROOT / "tests" / "fidelity" / "pending" / ruleset)
    return [(str(p.relative_to(ROOT)), _comments(p)) for folder in folders for p in sorted(folder.glob("*.yaml"))]


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _lesson_texts() -> list[tuple[str, str, str]]:
    """(where, ruleset, text) for every lesson's markdown and every doc page."""
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        text = _markdown(path)
        ruleset = "riftbound" if "riftbound" in path.name else "agot"
        out.append((str(path.relative_to(ROOT)), ruleset, text))
    for path in sorted((ROOT / "docs").glob("*.md")):
        out.append((str(path.relative_to(ROOT)), "agot", path.read_text(encoding="utf-8")))
    return out


def _agot_sources() -> list[tuple[str, str]]:
    return (_registry_texts("agot") + _scenario_texts("agot")
            + [(where, text) for where, _, text in _lesson_texts()])


def _riftbound_sources() -> list[tuple[str, str]]:
    return (_registry_texts("riftbound") + _scenario_texts("riftbound")
            + [(where, text) for where, ruleset, text in _lesson_texts() if ruleset == "riftbound"])


# -- the checks ---------------------------------------------------------------------------------------
def test_the_lists_are_read():
    assert "Limits and Maxima" in RR_TITLES and "The word 'Then'" in RR_TITLES
    assert "(1.5) Playing Events" in FAQ_TITLES
    assert {"383.1.b", "402.3", "808.1.d.1"} <= RB_NUMBERS


def test_the_readers_find_what_they_should():
    rr, faq, bare = agot_citations('Rules Reference, "Cancel" and "The word \'Would\'" (the example); '
                                   'FAQ, (1.8) "Interrupts and Reactions to Abilities with \'Then\' Effects"; '
                                   'FAQ, "Then"')
    assert rr == ["Cancel", "The word 'Would'"]
    assert faq == ["(1.8) Interrupts and Reactions to Abilities with 'Then' Effects"]
    assert bare == ['FAQ, "Then"']
    assert riftbound_numbers("401.1-401.2 and 337.1.a-337.1.b") == ["401.1", "401.2", "337.1.a", "337.1.b"]
    assert riftbound_numbers("383.3.a and 359.3.e.2-5, 369-373; Magic CR 603.4; last updated 2026-03-30") == [
        "383.3.a", "359.3.e.2", "359.3.e.5", "369", "373"]


def test_every_agot_citation_names_an_entry_that_exists():
    wrong, seen = [], 0
    for where, text in _agot_sources():
        rr, faq, bare = agot_citations(text)
        seen += len(rr) + len(faq)
        wrong += [f"{where}: Rules Reference \"{t}\" is not an entry title" for t in rr if _quotes(t) not in RR_TITLES]
        wrong += [f"{where}: FAQ {t} is not a FAQ ruling" for t in faq if _quotes(t) not in FAQ_TITLES]
        wrong += [f"{where}: {t} cites the FAQ without its ruling's number, e.g. FAQ, (1.5) \"Playing Events\""
                  for t in bare]
    assert seen > 40, f"only {seen} A Game of Thrones citations found: the reader has stopped finding them"
    assert not wrong, "\n".join(wrong)


def test_every_riftbound_rule_number_exists():
    wrong, seen = [], 0
    for where, text in _riftbound_sources():
        numbers = riftbound_numbers(text)
        seen += len(numbers)
        wrong += [f"{where}: {n} is not a rule in the Core Rules (or its group is not in "
                  f"tests/rulesets/citations/riftbound-rule-numbers.txt)" for n in numbers if n not in RB_NUMBERS]
    assert seen > 40, f"only {seen} Riftbound rule numbers found: the reader has stopped finding them"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("wrong", ["Limits and Maximums", "Card Abilities", "FAQ, \"Then\"", "The Toll\""])
def test_known_wrong_citations_are_gone(wrong):
    hits = [where for where, text in _agot_sources() if wrong in " ".join(text.split())]
    assert not hits, f"{wrong} is still cited in {hits}"
