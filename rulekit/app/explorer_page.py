"""``rulekit app [SCENARIO]``: the explorer as a page, served by Voila on 127.0.0.1.

The page is one notebook cell run by Voila (which never shows code): a title, a few words on
what to do, a picker with every shipped scenario by its title, and the explorer of the one
chosen. :func:`page` builds it; :func:`serve` writes the notebook into a temporary folder and
runs Voila on it until interrupted. Importing rulekit does not import this module.
"""
from __future__ import annotations

import html
import os
import secrets
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from rulekit.views.trace import NUMBERING

#: The scenario the page opens on without one given: the board of lesson 01, at its first decision.
FIRST = "agot/claim-2-kill"

INTRO = ("Pick a scenario. Answer each decision with the buttons, move along the timeline with the slider "
         f"(the line under it says where you are, as in <b>#5 · step 4, interrupt window</b>: {html.escape(NUMBERING)}"
         "), switch between the drawings, ask why an ability did or did not trigger, or "
         "change the board and watch the rules replay.")


class AppError(Exception):
    """What keeps the app from starting, said in one line (the command line exits 2)."""


def shipped() -> list[tuple[str, str]]:
    """(label, path) of every shipped scenario (package data: :mod:`rulekit.shipped`), by ruleset then title."""
    from rulekit import shipped as data
    from rulekit.files.scenario_files import load_scenario
    from rulekit.rulesets import get
    out = []
    for item in data.all_scenarios():
        path = item.path
        try:
            scenario = load_scenario(path).scenario
        except Exception:  # noqa: BLE001 - a scenario that does not load is left out of the picker
            continue
        game = (get(scenario.ruleset).title or scenario.ruleset).split(":")[0]
        out.append((f"{game} — {scenario.title}", str(path)))
    return sorted(out)


def reading(scenario) -> str:
    """The reading a scenario is run under: each ruling of its ruleset and the option in force."""
    parts = []
    for ruling in scenario.rules.rulings:
        option = scenario.rulings.get(ruling.name, ruling.default)
        parts.append(f"{ruling.name}={option}" + (" (default)" if option == ruling.default else ""))
    return "; ".join(parts) or f"{scenario.ruleset} has no rulings"


def _scenario_under(path: str, rulings: dict):
    """The scenario of ``path`` with the rulings given that belong to its ruleset in force."""
    from rulekit.core.scenario import with_rulings
    from rulekit.files.scenario_files import load_scenario
    scenario = load_scenario(path).scenario
    own = {r.name for r in scenario.rules.rulings}
    mine = {name: option for name, option in rulings.items() if name in own}
    return with_rulings(scenario, mine) if mine else scenario


def first() -> str | None:
    """The path of the scenario the page opens on without one given (:data:`FIRST`), if shipped."""
    from rulekit import shipped as data
    found = data.find(FIRST)
    return str(found) if found is not None else None


def page(initial: str | None = None, rulings: dict | None = None):
    """The app's page as one ipywidgets box: heading, words, picker and explorer — every scenario
    under ``rulings`` (those of its ruleset), the reading in use written above the explorer.
    Without ``initial`` it opens on :data:`FIRST`; each scenario opens at its first decision (or,
    with none to take, at the set-up, #0)."""
    import ipywidgets as w
    from rulekit import Line
    from rulekit_widgets import explorer
    choices = shipped()
    paths = [p for _, p in choices]
    start = str(Path(initial).resolve()) if initial else first()
    if start is not None and start not in paths:
        from rulekit.files.scenario_files import load_scenario
        choices.insert(0, (f"{load_scenario(start).scenario.title} (your file)", start))
        paths.insert(0, start)
    if not choices:
        return w.HTML("<p>No scenario to show: this installation carries none. Run <code>rulekit app FILE</code> "
                      "with a scenario file.</p>")
    picker = w.Dropdown(options=choices, value=start if start in paths else paths[0], description="scenario",
                        layout=w.Layout(width="100%", margin="2px 0"))      # no side margins: nothing past the edge
    picker.add_class("rk-picker")
    holder = w.Box()
    holder.add_class("rk-holder")

    rulings = dict(rulings or {})

    def show(path: str) -> None:
        scenario = _scenario_under(path, rulings)
        said = w.HTML(f"<p class='rk-reading'><b>reading in use:</b> {html.escape(reading(scenario))}</p>")
        shown = explorer(scenario, answers=Line())                           # the reader answers
        if shown.model.game.decision is None:        # nothing to decide: the reader steps on from the set-up
            shown.model.cursor = 0
        holder.children = (w.VBox([said, shown.widget]),)

    picker.observe(lambda change: show(change["new"]), names="value")
    show(picker.value)
    box = w.VBox([w.HTML("<h2>rulekit — trigger timing, step by step</h2>"),
                  w.HTML(f"<p>{INTRO}</p>"), picker, holder])
    box.add_class("rk-app")
    return box


def notebook(folder: Path, initial: str | None = None, rulings: dict | None = None) -> Path:
    """Write the page's notebook into ``folder``."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    given = {str(k): str(v) for k, v in (rulings or {}).items()}
    nb.cells = [nbformat.v4.new_code_cell(f"from rulekit.app import page\npage({initial!r}, {given!r})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["title"] = "rulekit"
    path = folder / "rulekit.ipynb"
    nbformat.write(nb, path)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def template(folder: Path) -> Path:
    """A Voila template, ``rulekit``, written under ``folder/share``: Voila's ``lab`` template
    without the two stylesheets it fetches from a CDN (Font Awesome, which the page does not
    use), so the page asks no host but the one serving it. Returns the folder to put on
    ``JUPYTER_PATH``."""
    import sys
    from jupyter_core.paths import jupyter_path
    # Jupyter's data path, then the share folders of this interpreter and of the one a virtual
    # environment was made from (Voila installs its templates under <prefix>/share/jupyter)
    bases = list(jupyter_path("voila", "templates", "lab")) + [
        str(Path(prefix) / "share" / "jupyter" / "voila" / "templates" / "lab")
        for prefix in dict.fromkeys((sys.prefix, sys.base_prefix, getattr(sys, "exec_prefix", sys.prefix)))]
    for base in bases:
        lab = Path(base) / "index.html.j2"
        if lab.exists():
            break
    else:
        raise AppError("Voila's lab template was not found (looked in: " + ", ".join(bases) + "); "
                       "install Voila with: pip install 'rulekit[app]'")
    kept = [line for line in lab.read_text().splitlines(keepends=True) if "cdn.jsdelivr.net" not in line]
    out = folder / "share" / "voila" / "templates" / "rulekit"
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html.j2").write_text("".join(kept))
    (out / "conf.json").write_text('{"base_template": "lab"}\n')        # everything else as in lab
    return folder / "share"


def command(notebook_path: Path, port: int, token: str) -> list[str]:
    return [sys.executable, "-m", "voila", str(notebook_path), "--no-browser", "--Voila.ip=127.0.0.1",
            f"--port={port}", f"--token={token}", "--theme=light", "--template=rulekit",
            "--VoilaConfiguration.show_tracebacks=False"]


class _Stopped(Exception):
    """SIGTERM or SIGHUP reached ``rulekit app``: stop Voila and its kernels, remove the folder."""


def _stop_on_signals():
    """Make SIGTERM and SIGHUP raise :class:`_Stopped` (in the main thread); the previous handlers."""
    import signal
    import threading
    previous = {}
    if threading.current_thread() is not threading.main_thread():
        return previous

    def handler(signum, frame):
        raise _Stopped(signum)

    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            previous[sig] = signal.signal(sig, handler)
    return previous


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Voila's kernels and what they started), read from /proc."""
    children: dict[int, list[int]] = {}
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def stop(proc: subprocess.Popen, *, grace: float = 10.0) -> None:
    """Stop Voila and every process it started: SIGTERM (Voila shuts its kernels down), then SIGTERM
    and at last SIGKILL to whatever is left."""
    import signal
    import time
    below = _descendants(proc.pid)
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for sig in (signal.SIGTERM, signal.SIGKILL):
        left = [pid for pid in below if _alive(pid)]
        for pid in left:
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + 3
        while any(_alive(pid) for pid in left) and time.monotonic() < deadline:
            time.sleep(0.1)


def serve(initial: str | None = None, port: int | None = None, open_browser: bool = False,
          rulings: dict | None = None) -> int:
    """Serve the page with Voila on 127.0.0.1 until interrupted (Ctrl-C, SIGTERM or SIGHUP: Voila and
    its kernels are stopped and the temporary folder removed); returns Voila's exit code, or 0."""
    import signal
    if port is not None and not 1 <= port <= 65535:
        raise AppError(f"--port must be between 1 and 65535, got {port}")
    port = port or free_port()
    token = secrets.token_urlsafe(16)
    previous = _stop_on_signals()
    try:
        with tempfile.TemporaryDirectory(prefix="rulekit-app-", ignore_cleanup_errors=True) as folder:
            path = notebook(Path(folder), initial, rulings)
            url = f"http://127.0.0.1:{port}/?token={token}"
            print(f"rulekit app: {html.unescape(url)}  (Ctrl-C stops it)", flush=True)
            env = dict(os.environ)
            env.pop("MPLBACKEND", None)
            # the page's template first; then the caller's path; then the base interpreter's share folder, where a
            # virtual environment made with --system-site-packages finds Voila's and nbconvert's own templates
            base_share = str(Path(sys.base_prefix) / "share" / "jupyter") if sys.base_prefix != sys.prefix else ""
            env["JUPYTER_PATH"] = os.pathsep.join(
                p for p in (str(template(Path(folder))), env.get("JUPYTER_PATH"), base_share) if p)
            # its own session: a terminal's Ctrl-C reaches rulekit, which stops Voila and its kernels itself
            proc = subprocess.Popen(command(path, port, token), cwd=folder, env=env, start_new_session=True)
            try:
                if open_browser:
                    import webbrowser
                    webbrowser.open(url)
                return proc.wait()
            except (KeyboardInterrupt, _Stopped):
                return 0
            finally:
                for sig in previous:                   # a second signal does not cut the clean-up short
                    signal.signal(sig, signal.SIG_IGN)
                stop(proc)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
