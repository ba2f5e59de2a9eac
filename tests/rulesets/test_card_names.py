"""No test card carries a printed card's name: every card title in scenarios/ and tests/ is checked
against ``tests/rulesets/citations/real-card-names.txt`` (titles only). Test cards have invented
names and invented texts, so an invented text never sits on a real card's name.
"""
from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
NAMES_FILE = Path(__file__).resolve().parent / "citations" / "real-card-names.txt"


def _norm(title: str) -> str:
    """Case, curly quotes and spacing do not make a different name."""
    return " ".join(re.sub("[\u2018\u2019\u201c\u201d\"]", "'", title).casefold().split())


def real_names() -> dict[str, list[str]]:
    """The listed titles by game: the lines under "[agot]" and under "[riftbound]"."""
    names: dict[str, list[str]] = {}
    game = None
    for line in NAMES_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            game = names.setdefault(line[1:-1], [])
        elif game is None:
            raise ValueError(f"{NAMES_FILE.name}: {line!r} is listed before any [game] line")
        else:
            game.append(line)
    return names


def real_name_of(title: str, names: dict[str, list[str]]) -> str | None:
    """The printed card a title names, or None. A Riftbound champion listed as "Name, Subtitle" also
    covers "Name" alone and "Name, any subtitle"."""
    wanted = _norm(title)
    for game, listed in names.items():
        for name in listed:
            if wanted == _norm(name):
                return name
            if game == "riftbound" and "," in name and _norm(title.split(",")[0]) == _norm(name.split(",")[0]):
                return name
    return None


_PY_TITLE = re.compile(r"""(?:\btitle=|["']title["']:\s*|\bgive=|\.card\(\s*["'][^"']*["'],\s*)(["'])((?:(?!\1).)+)\1""")
_KEY = re.compile(r"""(?:^\s*|[{,]\s*|-\s+)["']?title["']?\s*:\s*""")


def _yaml_titles(text: str) -> list[str]:
    """Titles as written, read line by line (no YAML parser: some test files are built to choke one).
    In a flow mapping a title ends at a comma or brace; on its own line it runs to the line's end."""
    titles = []
    for line in text.splitlines():
        for key in _KEY.finditer(line):
            rest = line[key.end():]
            flow = "{" in line[:key.start() + 1]
            if rest[:1] in "\"'":
                end = re.match(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\']|\'\')*)\'', rest)
                if end:
                    titles.append(end.group(1) if end.group(1) is not None else end.group(2).replace("''", "'"))
                continue
            value = re.split(r"[,{}]" if flow else r"\s#", rest)[0].strip()
            if value:
                titles.append(value)
    return titles


def _file_titles(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".py":
        return [m.group(2) for m in _PY_TITLE.finditer(text)]
    return _yaml_titles(text)


def card_titles() -> list[tuple[str, str]]:
    """(file, title) for every title written in the scenarios and the tests."""
    paths = sorted(p for folder in ("scenarios", "tests") for p in (ROOT / folder).rglob("*")
                   if p.suffix in {".yaml", ".yml", ".json", ".py"} and p.is_file() and p != Path(__file__).resolve())
    return [(str(path.relative_to(ROOT)), title) for path in paths for title in _file_titles(path)]


def test_the_list_and_the_reading_work():
    names = real_names()
    assert "Maester Luwin" in names["agot"] and "Sona, Harmonious" in names["riftbound"]
    assert real_name_of("Nay", names) is None                    # the comma rule is Riftbound's only
    assert real_name_of("maester  luwin", names) == "Maester Luwin"
    assert real_name_of("Sona", names) == "Sona, Harmonious"
    assert real_name_of("Viktor, Leader", names) == "Viktor, Leader"
    assert real_name_of("Maester Orwyn", names) is None
    titles = {title for _, title in card_titles()}
    assert {"Maester Orwyn", "Ilse", "Hollowfield Steward"} <= titles     # the reader finds the titles


def test_no_test_card_has_a_real_cards_name():
    names = real_names()
    bad = [f"{file}: {title!r} is the printed card {real_name_of(title, names)!r}"
           for file, title in card_titles() if real_name_of(title, names)]
    assert not bad, "give these test cards invented names:\n" + "\n".join(bad)
